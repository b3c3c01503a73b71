import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import { addresses, inReplyToIds, refsOf } from './mail.parse.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ticket number a `support+12@` (or `support+ticket-12@`) address carries, for any of our addresses. */
export function plusReference(mail: ParsedMail, ours: string[]): string | undefined {
  const patterns = ours.map((address) => {
    const [local, domain] = address.split('@');
    return new RegExp(`^${escapeRegExp(local ?? '')}\\+(?:ticket-)?(\\d{1,9})@${escapeRegExp(domain ?? '')}$`);
  });
  for (const a of [...addresses(mail.to), ...addresses(mail.cc)]) {
    for (const p of patterns) {
      const ref = p.exec(a.address)?.[1];
      if (ref) {
        return ref;
      }
    }
  }
  return undefined;
}

export interface Thread {
  ticketId: number;
  /** The mail answers one that went to agents only (a "new ticket" notice), not the customer. */
  answersStaffNotice: boolean;
}

/**
 * The ticket a mail answers: by its Message-ID headers (any Message-ID Parley sent or received),
 * else by a reference the sender may use. `ours` are the support addresses (plus-references).
 */
export async function threadOf(
  tx: DbOrTx,
  mail: ParsedMail,
  senderId: number | null,
  ours: string[],
): Promise<Thread | null> {
  // The mail it answers first (In-Reply-To), then up its References from the nearest (the last).
  // Which one it answers decides who may read it: a notice that went to agents only and the
  // customer's mail it quotes often bear the same time, so never pick by time.
  const ids = [...new Set([...inReplyToIds(mail), ...refsOf(mail).reverse()].filter(Boolean))];
  if (ids.length) {
    const rows = await queryRows<{ message_id: string; ticket_id: number; direction: string }>(
      tx,
      sql`SELECT m.message_id, m.ticket_id, m.direction FROM mail_message m JOIN ticket t ON t.ticket_id = m.ticket_id
          WHERE m.message_id = ANY(${textArrayLiteral(ids)}::text[])
            AND t.deleted_ts IS NULL`,
    );
    const answered = ids.map((id) => rows.find((r) => r.message_id === id)).find((r) => r !== undefined);
    if (answered) {
      return { ticketId: Number(answered.ticket_id), answersStaffNotice: answered.direction === 'out_staff' };
    }
  }
  // A reference alone ([#12] in the subject, or support+12@ as the address) counts only from
  // someone who already belongs to that ticket: a stranger's forged reference opens a new ticket.
  const ref = /\[#(\d{1,9})\]/.exec(mail.subject ?? '')?.[1] ?? plusReference(mail, ours);
  if (!ref || senderId === null) {
    return null;
  }
  const ticketId = Number(ref);
  const [member] = await queryRows(
    tx,
    sql`SELECT 1 FROM ticket t WHERE t.ticket_id = ${ticketId} AND t.deleted_ts IS NULL AND (
          t.requester_id = ${senderId} OR t.assignee_id = ${senderId} OR EXISTS (
            SELECT 1 FROM ticket_member m WHERE m.ticket_id = t.ticket_id AND m.account_id = ${senderId}))`,
  );
  return member ? { ticketId, answersStaffNotice: false } : null;
}
