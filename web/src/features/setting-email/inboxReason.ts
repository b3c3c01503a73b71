import type { TFunction } from 'i18next';

/**
 * The server stores why a mail made no ticket as English words (old rows too): the known ones
 * read in the user's language, with their detail (a header's value, an address) kept as written.
 * Anything else (a parser's error) stays as stored.
 */
const known: Array<[RegExp, string]> = [
  [/^delivery status report$/, 'reason_delivery_report'],
  [/^from (.+)$/, 'reason_from_daemon'],
  [/^Auto-Submitted: (.+)$/, 'reason_auto_submitted'],
  [/^(x-autoreply|x-autorespond)$/, 'reason_autoreply_header'],
  [/^x-auto-response-suppress with an out-of-office subject$/, 'reason_out_of_office'],
  [/^Precedence: (.+)$/, 'reason_precedence'],
  [/^mailing list$/, 'reason_mailing_list'],
  [/^sent by our own mailbox$/, 'reason_own_mailbox'],
  [/^sender is on the banned list$/, 'reason_banned'],
  [/^no sender address$/, 'reason_no_sender'],
  [/^could not be stored: ([\s\S]+)$/, 'reason_not_stored'],
];

export function inboxReason(reason: string, t: TFunction): string {
  for (const [pattern, key] of known) {
    const match = pattern.exec(reason);
    if (match) {
      return t(`email_setting.${key}`, { detail: match[1] ?? '', interpolation: { escapeValue: false } });
    }
  }
  return reason;
}
