/** Reading a parsed mail: addresses, headers, machine-made mail, bounces, quoted history. */
import type { AddressObject, ParsedMail } from 'mailparser';
import { type InboxReason, inboxReason } from './mail.reason.js';

export { foldQuoted } from './mail.quote.js';

/** A Message-ID in its `<…>` form; '' for none. */
export const norm = (id: string | undefined | null) => {
  const t = (id ?? '').trim();
  if (!t) {
    return '';
  }
  return t.startsWith('<') ? t : `<${t}>`;
};

/** Every address of a header (group members too), lower case. */
export function addresses(list: AddressObject | AddressObject[] | undefined): Array<{ address: string; name: string }> {
  const out: Array<{ address: string; name: string }> = [];
  for (const obj of Array.isArray(list) ? list : list ? [list] : []) {
    for (const a of obj.value) {
      if (a.address) {
        out.push({ address: a.address.trim().toLowerCase(), name: a.name ?? '' });
      }
      for (const g of a.group ?? []) {
        if (g.address) {
          out.push({ address: g.address.trim().toLowerCase(), name: g.name ?? '' });
        }
      }
    }
  }
  return out;
}

/** One header's value as text ('' when absent). */
export const header = (mail: ParsedMail, name: string) => {
  const v = mail.headers.get(name);
  if (v === undefined || v === null) {
    return '';
  }
  if (typeof v === 'string') {
    return v;
  }
  if (typeof v === 'object' && 'value' in (v as object)) {
    return String((v as { value: unknown }).value);
  }
  return String(v);
};

/** The subjects Exchange and Outlook give an out-of-office answer, in English and Chinese. */
const outOfOfficeSubject = /^\s*(automatic reply|auto reply|autoreply|out of (the )?office)\b|^\s*(自动答复|自动回复)/i;

/**
 * Why a mail is machine-made (no ticket, no answer), or null for a person's mail. The web says it
 * in the reader's language by its code (mail.reason.ts).
 */
export function automaticReason(mail: ParsedMail): { kind: 'auto_reply' | 'bounce'; reason: InboxReason } | null {
  const contentType = header(mail, 'content-type').toLowerCase();
  const reportType = String(
    (mail.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.['report-type'] ??
      '',
  );
  if (contentType.includes('multipart/report') && /delivery-status/i.test(reportType || contentType)) {
    return { kind: 'bounce', reason: inboxReason('delivery_report') };
  }
  const from = addresses(mail.from)[0]?.address ?? '';
  if (/^(mailer-daemon|postmaster)@/i.test(from)) {
    return { kind: 'bounce', reason: inboxReason('from_daemon', from) };
  }
  const auto = header(mail, 'auto-submitted').toLowerCase();
  if (auto && auto !== 'no') {
    return { kind: 'auto_reply', reason: inboxReason('auto_submitted', auto) };
  }
  for (const name of ['x-autoreply', 'x-autorespond']) {
    if (header(mail, name)) {
      return { kind: 'auto_reply', reason: inboxReason('autoreply_header', name) };
    }
  }
  // Exchange's out-of-office to the internet may carry no Auto-Submitted: its own header, which
  // Outlook also sets on some mails people write, counts with an out-of-office subject only.
  if (header(mail, 'x-auto-response-suppress') && outOfOfficeSubject.test(mail.subject ?? '')) {
    return { kind: 'auto_reply', reason: inboxReason('out_of_office') };
  }
  const precedence = header(mail, 'precedence').toLowerCase();
  if (['bulk', 'auto_reply', 'junk', 'list'].includes(precedence)) {
    return { kind: 'auto_reply', reason: inboxReason('precedence', precedence) };
  }
  if (header(mail, 'list-id') || header(mail, 'list-unsubscribe')) {
    return { kind: 'auto_reply', reason: inboxReason('mailing_list') };
  }
  return null;
}

/** The failed recipients of a delivery status report, and the Message-ID of the mail it returns. */
export function bounceFacts(raw: string, mail: ParsedMail): { recipients: string[]; original: string[] } {
  const recipients = new Set<string>();
  for (const m of raw.matchAll(/^(?:Final|Original)-Recipient:\s*(?:rfc822;)?\s*<?([^\s>]+@[^\s>]+)>?/gim)) {
    recipients.add((m[1] as string).toLowerCase());
  }
  const original = new Set<string>();
  for (const m of raw.matchAll(/^Message-ID:\s*(<[^>]+>)/gim)) {
    original.add(m[1] as string);
  }
  for (const id of [mail.inReplyTo, ...refsOf(mail)]) {
    if (id) {
      original.add(norm(id));
    }
  }
  original.delete(norm(mail.messageId));
  return { recipients: [...recipients], original: [...original] };
}

/** The Message-IDs a mail's References header names. */
export const refsOf = (mail: ParsedMail): string[] =>
  (Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [])
    .flatMap((r) => r.split(/\s+/))
    .map(norm)
    .filter(Boolean);

/** Text made safe to put in HTML. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
