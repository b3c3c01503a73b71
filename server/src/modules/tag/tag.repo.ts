import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';

/** Tickets changed per statement of a rename, merge or delete. */
export const retagBatch = 5_000;

/**
 * Replaces the tags `from` by `into` (or removes them, with null) on the tickets carrying any of
 * them: one statement per batch of `retagBatch` tickets in ticket id order, each writing one
 * `tags` event per ticket it changed, in the caller's transaction, and handing the batch's ticket
 * ids to `changed`. Answers how many changed.
 *
 * A ticket keeps its tag order; a tag it would then carry twice is kept once, where it came first.
 */
export async function retagTickets(
  tx: DbOrTx,
  from: string[],
  into: string | null,
  actorId: number,
  now: number,
  changed: (ticketIds: number[]) => void = () => {},
  batchSize = retagBatch,
): Promise<number> {
  const fromList = sql`${textArrayLiteral(from)}::text[]`;
  let last = 0;
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ last: number | null; n: number; ids: number[] | null }>(
      tx,
      sql`
      WITH batch AS (
        SELECT ticket_id, tags AS old_tags FROM ticket
        WHERE tags && ${fromList} AND ticket_id > ${last}
        ORDER BY ticket_id LIMIT ${batchSize}
        FOR UPDATE
      ),
      changed AS (
        UPDATE ticket SET tags = (
          SELECT coalesce(array_agg(tag ORDER BY first), '{}'::text[]) FROM (
            SELECT tag, min(ord) AS first
            FROM unnest(batch.old_tags) WITH ORDINALITY AS u(old_tag, ord),
              LATERAL (SELECT CASE WHEN old_tag = ANY(${fromList}) THEN ${into}::text ELSE old_tag END AS tag) m
            WHERE tag IS NOT NULL
            GROUP BY tag
          ) kept
        )
        FROM batch WHERE ticket.ticket_id = batch.ticket_id
        RETURNING ticket.ticket_id, batch.old_tags, ticket.tags AS new_tags
      ),
      events AS (
        INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
        SELECT ticket_id, ${actorId}::int, 'tags', to_jsonb(old_tags), to_jsonb(new_tags), ${now}::bigint FROM changed
      )
      SELECT max(ticket_id) AS last, count(*)::int AS n, array_agg(ticket_id ORDER BY ticket_id) AS ids FROM changed`,
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) {
      changed((row?.ids ?? []).map(Number));
    }
    total += n;
    if (n < batchSize || row?.last === null || row?.last === undefined) {
      return total;
    }
    last = Number(row.last);
  }
}
