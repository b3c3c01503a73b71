import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { int } from './ticket-sql.js';

/**
 * The tickets in every one of these stretches of the value index (`fieldValueSource`: one field,
 * one value, entries in ticket order), at most `cap + 1` of them: the stretches joined on the
 * ticket id, which the caller has PostgreSQL do as merge joins of index-only scans.
 */
export function mergedSourcesQuery(sources: readonly SQL[], cap: number): SQL {
  const [first, ...rest] = sources;
  if (!first) {
    throw new Error('no value stretch to merge');
  }
  const joins = rest.map((s, i) => {
    const alias = sql.raw(`s${i + 1}`);
    return sql` JOIN (${s}) ${alias} ON ${alias}.ticket_id = s0.ticket_id`;
  });
  return sql`SELECT s0.ticket_id FROM (${first}) s0${sql.join(joins, sql``)} LIMIT ${int(cap + 1)}`;
}

/** For the rest of the transaction: joins by merging index scans, nothing else (one round trip). */
export const mergeJoinsOnly = sql`SELECT set_config('enable_hashjoin', 'off', true), set_config('enable_nestloop', 'off', true),
  set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
  set_config('enable_sort', 'off', true)`;

/**
 * The tickets holding every one of two or more field values, found from the value index alone
 * and whatever the planner expects: each value's entries are walked once, side by side in ticket
 * order (a merge join), so the cost is bounded by how many tickets hold each value, and a walk
 * that finds more than `cap` stops there.
 *
 * The planner, taking the values as independent, expects far more tickets than hold both when
 * they go together rarely (printer on 300,000 of a million tickets, enterprise on 500,000, both
 * on 1,000: it expects 150,000); with such an estimate it would hash one value's tickets, or walk
 * the list's index probing each ticket. Only merge joins over index scans are left to it here.
 */
export async function mergedCandidates(db: Db, sources: readonly SQL[], cap: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.execute(mergeJoinsOnly);
    const rows = await queryRows<{ ticket_id: number }>(tx, mergedSourcesQuery(sources, cap));
    return rows.map((r) => Number(r.ticket_id));
  });
}

/**
 * For the rest of the transaction: no sequential or bitmap scans, so that candidates are read by
 * their primary key (or a narrower index of the list's own), not by a bitmap of every unsolved
 * ticket ANDed with theirs (the planner's choice otherwise: 100,000 index entries at 1M).
 */
export const candidateProbes = sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`;
