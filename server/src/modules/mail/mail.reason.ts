import { inboxReasonCodes, type TInboxReasonCode } from '@parley/contracts';

/**
 * Why a mail made no ticket: a stable code, which the web says in the reader's language, and its
 * detail as written (a header's value, an address, an error). The inbox log keeps both beside the
 * English words below, which API readers got before the code and still get.
 */
export interface InboxReason {
  code: TInboxReasonCode;
  detail: string;
}

const words: Record<TInboxReasonCode, (detail: string) => string> = {
  delivery_report: () => 'delivery status report',
  undeliverable: (d) => d,
  from_daemon: (d) => `from ${d}`,
  auto_submitted: (d) => `Auto-Submitted: ${d}`,
  autoreply_header: (d) => d,
  out_of_office: () => 'x-auto-response-suppress with an out-of-office subject',
  precedence: (d) => `Precedence: ${d}`,
  mailing_list: () => 'mailing list',
  own_mailbox: () => 'sent by our own mailbox',
  banned: () => 'sender is on the banned list',
  no_sender: () => 'no sender address',
  unreadable: (d) => d,
  not_stored: (d) => `could not be stored: ${d}`,
  delivery_delayed: (d) => `delivery delayed, still tried: ${d}`,
  delivery_notice: (d) => `delivery report, not a failure: ${d}`,
  read_receipt: () => 'read receipt',
  reused_message_id: (d) => `another mail with the Message-ID of one stored on ticket ${d}`,
};

export const inboxReason = (code: TInboxReasonCode, detail = ''): InboxReason => ({ code, detail });

/** The reason in English words, as the log's `reason` has always said it. */
export const reasonText = (reason: InboxReason): string => words[reason.code](reason.detail);

/** A stored code as the API sends it: null for an entry no code names. */
export const reasonCodeOf = (value: unknown): TInboxReasonCode | null =>
  inboxReasonCodes.includes(value as TInboxReasonCode) ? (value as TInboxReasonCode) : null;
