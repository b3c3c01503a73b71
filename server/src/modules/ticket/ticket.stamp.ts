import { type SQL, sql } from 'drizzle-orm';

/**
 * The `update_ts` a write gives a ticket: now, yet always past the one it had, so two writes in
 * one millisecond stay two versions and `ticket.edit`'s `base_update_ts` tells them apart.
 * `column`: the ticket's `update_ts` as the statement names it (`t.update_ts` under an alias).
 */
export const nextUpdateTs = (now: number, column: SQL = sql.raw('update_ts')): SQL =>
  sql`GREATEST(${now}::bigint, ${column} + 1)`;

/**
 * When a ticket's event-log rows happened: the `update_ts` its write (earlier in the same
 * transaction) gave it, or now when the write left it as it was. Rows stamped so are after
 * every version of the ticket before this write (`changedSince` finds them), never before.
 */
export const eventStamp = (now: number, ticketId: SQL | number): SQL =>
  sql`GREATEST(${now}::bigint, (SELECT update_ts FROM ticket WHERE ticket_id = ${ticketId}))`;
