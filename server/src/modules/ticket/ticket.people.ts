import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { ticket } from '../../db/schema/index.js';
import { insertEvents } from './ticket.repo.js';
import { nextUpdateTs } from './ticket.stamp.js';

/** For account deletion: an end user who requested tickets is suspended rather than deleted. */
export async function requesterHasTickets(db: DbOrTx, accountId: number): Promise<boolean> {
  const rows = await db.select({ id: ticket.ticketId }).from(ticket).where(eq(ticket.requesterId, accountId)).limit(1);
  return rows.length > 0;
}

/**
 * For account deletion: the agent's unsolved tickets go back to their group, unassigned, with an
 * event each (solved and closed ones keep their history; the foreign key clears the name).
 */
export async function unassignAgentTickets(tx: Tx, accountId: number): Promise<void> {
  const now = Date.now();
  const rows = await tx
    .update(ticket)
    .set({ assigneeId: null, updateTs: nextUpdateTs(now) })
    .where(
      and(
        eq(ticket.assigneeId, accountId),
        isNull(ticket.deletedTs),
        inArray(ticket.ticketState, ['new', 'open', 'pending']),
      ),
    )
    .returning({ ticketId: ticket.ticketId });
  for (const r of rows) {
    await insertEvents(tx, r.ticketId, null, now, [{ field: 'assignee_id', old: accountId, new: null }]);
  }
}
