import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { estimateCount, explain } from './ticket-list.repo.js';
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

/**
 * For the rest of the transaction: the list's tickets walked by one of its indexes, each probed
 * for its values by the value table's key (nested loops of index scans, nothing hashed or merged).
 */
export const probesOnly = sql`SELECT set_config('enable_hashjoin', 'off', true), set_config('enable_mergejoin', 'off', true),
  set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`;

/**
 * Which way finds the tickets of two or more field values faster, from the planner's statistics
 * (no rows read): merging the values' stretches of the value index costs an entry of each
 * stretch; walking the list's own tickets (the WHERE without the values, `rest`) costs a ticket
 * and a probe per value. A probe is a descent of an index, several times an entry read in a walk.
 *
 * At a million tickets the bench's view "printer and enterprise, unsolved" holds 300,000 and
 * 500,000 values and 105,000 unsolved tickets: the merge is the cheaper (a probe costs many
 * entries); a list of a few thousand tickets (one group's unsolved) is walked.
 */
export async function cheaperWay(db: Db, sources: readonly SQL[], rest: SQL): Promise<'merge' | 'walk'> {
  const [base, ...stretches] = await Promise.all([
    estimateCount(db, rest),
    ...sources.map(async (s) => (await explain(db, s))['Plan Rows'] ?? 0),
  ]);
  const merge = stretches.reduce((a, b) => a + b, 0);
  const walk = base * (1 + probeCost * sources.length);
  return walk < merge ? 'walk' : 'merge';
}

/**
 * A probe of an index (a descent, then the entry) against an entry read in a walk of one. At 1M
 * tickets (docs/decisions/0008) the merge read 800,000 entries in 130-320 ms and the walk of the
 * unsolved 105,000 tickets with about 136,000 probes took 450-1,400 ms: about 15 to one.
 */
export const probeCost = 10;
