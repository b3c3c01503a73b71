/**
 * Bounces: a delivery status report (RFC 3464) that says mail to an address failed for good stops
 * mail to it, until an admin clears it (Settings › Emails › Bounced addresses) or the address
 * writes in again. A report that delivery is only late, or went fine, changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { transact } from '../../events/transact.js';
import { insertEvents, writeEventRows } from '../ticket/ticket.repo.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import { addresses, inReplyToIds, norm, refsOf } from './mail.parse.js';
import { type InboxReason, inboxReason } from './mail.reason.js';
import { type IngestOutcome, logMail } from './mail.store.js';

/** One recipient of a delivery status report: its address, what happened (`Action`) and the `Status` code. */
export interface ReportedRecipient {
  address: string;
  action: string;
  status: string;
}

/**
 * A permanent failure: `Action: failed` with a 5.x.x status. `delayed` (the server keeps trying),
 * `relayed`, `delivered`, `expanded`, and a failure with a 4.x.x status (for now) are not.
 */
export const isPermanent = (r: ReportedRecipient) => r.action === 'failed' && /^5\./.test(r.status);

/**
 * The recipients a delivery status report names, each with its Action and Status (its per-recipient
 * fields sit in one block, blank lines apart), and the Message-IDs of the mail it returns.
 */
export function deliveryReport(raw: string, mail: ParsedMail): { recipients: ReportedRecipient[]; original: string[] } {
  const recipients: ReportedRecipient[] = [];
  // Folded field lines unfolded, then one block per paragraph.
  for (const block of raw.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n\s*\r?\n/)) {
    const field = (name: string) =>
      (new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(block)?.[1] ?? '').trim().toLowerCase();
    const action = field('Action').split(/[\s(;]/)[0] ?? '';
    const status = /\d\.\d{1,3}\.\d{1,3}/.exec(field('Status'))?.[0] ?? '';
    const seen = new Set<string>();
    for (const m of block.matchAll(/^(?:Final|Original)-Recipient:\s*(?:rfc822\s*;)?\s*<?([^\s>]+@[^\s>]+)>?/gim)) {
      const address = (m[1] as string).toLowerCase();
      if (!seen.has(address)) {
        seen.add(address);
        recipients.push({ address, action, status });
      }
    }
  }
  const original = new Set<string>();
  for (const m of raw.matchAll(/^Message-ID:\s*(<[^>]+>)/gim)) {
    original.add(m[1] as string);
  }
  for (const id of [...inReplyToIds(mail), ...refsOf(mail)]) {
    original.add(norm(id));
  }
  original.delete(norm(mail.messageId));
  return { recipients, original: [...original] };
}

/** A recipient as the inbox log names it: `address (action status)`. */
const named = (r: ReportedRecipient) => `${r.address} (${[r.action || '?', r.status].filter(Boolean).join(' ')})`;

/**
 * The ticket a bounce of mail to `address` belongs to when the report quotes none of our mails:
 * the ticket (of which it is the requester or a CC) that Parley mailed last.
 */
async function lastMailedTicket(db: DbOrTx, address: string): Promise<number | null> {
  const [row] = await queryRows<{ ticket_id: number }>(
    db,
    sql`SELECT m.ticket_id FROM mail_message m
        WHERE m.direction = 'out' AND m.ticket_id IN (
          SELECT t.ticket_id FROM ticket t JOIN account a ON a.account_id = t.requester_id WHERE a.email = ${address}
          UNION SELECT tm.ticket_id FROM ticket_member tm JOIN account a ON a.account_id = tm.account_id
            WHERE tm.member_type = 'cc' AND a.email = ${address})
        ORDER BY m.create_ts DESC LIMIT 1`,
  );
  return row ? Number(row.ticket_id) : null;
}

/**
 * A delivery status report, or a mail from the mail system. Addresses it says failed for good get
 * no more mail and their ticket says so (the ticket of the mail it returns, else the one last
 * mailed to the address); a report of a delay or a delivery is only logged.
 */
export async function ingestBounce(
  ctx: AppContext,
  raw: Buffer,
  mail: ParsedMail,
  messageId: string,
  reason: InboxReason,
): Promise<IngestOutcome> {
  const report = deliveryReport(raw.toString('latin1'), mail);
  const subject = (mail.subject ?? '').trim().slice(0, 255);
  const from = addresses(mail.from)[0]?.address ?? '';
  const failed = [...new Set(report.recipients.filter(isPermanent).map((r) => r.address))];
  if (failed.length === 0 && report.recipients.length > 0) {
    const delayed = report.recipients.filter((r) => r.action === 'delayed');
    const why = delayed.length
      ? inboxReason('delivery_delayed', delayed.map(named).join(', '))
      : inboxReason('delivery_notice', report.recipients.map(named).join(', '));
    await logMail(ctx.db, messageId, 'delivery_report', why, from, subject);
    return { outcome: 'delivery_report', reason: why };
  }
  // The failed addresses when the report names them, else what made it a bounce.
  const why = failed.length ? inboxReason('undeliverable', failed.join(', ')) : reason;
  await transact(ctx, async (tx) => {
    const [quoted] = report.original.length
      ? await queryRows<{ ticket_id: number }>(
          tx,
          sql`SELECT ticket_id FROM mail_message WHERE message_id = ANY(${textArrayLiteral(report.original)}::text[])
              ORDER BY create_ts DESC LIMIT 1`,
        )
      : [];
    for (const address of failed) {
      const ticketId = quoted ? Number(quoted.ticket_id) : await lastMailedTicket(tx, address);
      await tx.execute(
        sql`INSERT INTO mail_bounce (address, ticket_id, reason, create_ts) VALUES (${address}, ${ticketId}, ${subject}, ${Date.now()})
            ON CONFLICT (address) DO UPDATE SET ticket_id = EXCLUDED.ticket_id, reason = EXCLUDED.reason, create_ts = EXCLUDED.create_ts`,
      );
      if (ticketId !== null) {
        await insertEvents(tx, ticketId, null, Date.now(), [{ field: 'delivery_failed', new: { address } }]);
      }
    }
    await logMail(tx, messageId, 'bounce', why, from, subject);
  });
  return { outcome: 'bounce', reason: why };
}

/**
 * Says on the ticket (its history) that a mail was not sent to these addresses, and why: they
 * bounced before (`bounced`), or had their hour's "received" mails (`received_limit`). Written
 * without a bus event: it changes nothing a rule or another mail could act on. Once per comment.
 */
export async function noteNotMailed(
  db: DbOrTx,
  ticketId: number,
  note: { to: string[]; reason: 'bounced' | 'received_limit'; comment_id: number | null },
): Promise<void> {
  if (note.to.length === 0) {
    return;
  }
  if (note.comment_id !== null) {
    const [already] = await queryRows(
      db,
      sql`SELECT 1 FROM ticket_event WHERE ticket_id = ${ticketId} AND field = 'mail_not_sent'
            AND new_value->>'comment_id' = ${String(note.comment_id)} AND new_value->>'reason' = ${note.reason}`,
    );
    if (already) {
      return;
    }
  }
  await writeEventRows(db, ticketId, null, Date.now(), [{ field: 'mail_not_sent', new: note }]);
}

/** The address is mailed again: it wrote in (so it works), or an admin cleared it. */
export async function clearBounces(db: DbOrTx, emails: string[]): Promise<void> {
  if (emails.length) {
    await db.execute(sql`DELETE FROM mail_bounce WHERE address = ANY(${textArrayLiteral(emails)}::text[])`);
  }
}

/** Every bounced address, latest first (Settings › Emails › Bounced addresses). */
export async function listBounces(db: DbOrTx) {
  const rows = await queryRows<{ address: string; ticket_id: number | null; reason: string; create_ts: number }>(
    db,
    sql`SELECT address, ticket_id, reason, create_ts FROM mail_bounce ORDER BY create_ts DESC, address LIMIT 500`,
  );
  return rows.map((r) => ({
    address: r.address,
    ticket_id: r.ticket_id === null ? null : Number(r.ticket_id),
    reason: r.reason,
    create_ts: Number(r.create_ts),
  }));
}
