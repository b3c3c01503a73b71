import { createHash } from 'node:crypto';

/**
 * Header fields written on the way in, by each server that passes the mail on or delivers it, not
 * by its writer: the trace fields (Received, Return-Path) and what delivery and filtering add
 * beside them (the envelope's recipient, SPF/DKIM/ARC verdicts and seals, spam and virus scores).
 * One mail delivered twice (to two of our mailboxes, by two routes, resent by a backup MX) differs
 * only in these. The writer's own DKIM-Signature stays: a second sending of the same text is signed
 * anew (its own time), and is a second mail.
 */
const traceFields = new Set([
  'received',
  'x-received',
  'return-path',
  'delivered-to',
  'x-delivered-to',
  'x-original-to',
  'envelope-to',
  'x-envelope-to',
  'authentication-results',
  'arc-seal',
  'arc-message-signature',
  'arc-authentication-results',
  'received-spf',
]);
const tracePrefixes = ['x-spam-', 'x-virus-'];

const isTrace = (name: string) => traceFields.has(name) || tracePrefixes.some((p) => name.startsWith(p));

/**
 * The key of a mail without a Message-ID, in place of one: a hash of the mail without its trace
 * fields, line ends made alike (a copy stored with bare LF), so the same mail fetched twice counts
 * once however it came. Mails stored before this key hashed the whole mail: such a mail read again
 * (someone marks it unread) would be filed a second time; only mails without a Message-ID.
 */
export function rawMailKey(raw: Buffer): string {
  const text = raw.toString('latin1').replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end < 0 ? text : text.slice(0, end);
  const body = end < 0 ? '' : text.slice(end);
  // One field a line, with its folded continuation lines.
  const fields = head.split(/\n(?![ \t])/).filter((field) => {
    const colon = field.indexOf(':');
    return colon < 0 || !isTrace(field.slice(0, colon).trim().toLowerCase());
  });
  const hash = createHash('sha256')
    .update(Buffer.from(fields.join('\n') + body, 'latin1'))
    .digest('hex');
  return `<sha256.${hash}@parley.local>`;
}
