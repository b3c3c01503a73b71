import { type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedMark } from '../../db/client.js';
import { isSerializationFailure } from '../../db/errors.js';
import { lockForTransaction, lockKeys } from '../../db/locks.js';
import { queryRows } from '../../db/rows.js';
import { binCount, binSql } from './report.bins.js';
import { dayMs, hourMs, levels } from './report.plan.js';

/**
 * The daily sums (migration 0041) as SQL over the per-ticket rows, written once: the rebuild
 * sums every ticket (relations `t`, `a`, `s` = report_ticket, report_action, report_span with
 * sign 1), and a ticket write appends the difference (its old rows with sign -1, its new rows
 * with sign 1). So the sums always equal what the per-ticket rows add up to, and the brute-force
 * test checks the per-ticket rows. A ticket's group and assignee are 0 when it has none.
 * Every ticket counts in the rows of tag '' and once more in those of each tag it carries
 * (migration 0042), so a tag filter reads `tag = $tag` and no filter `tag = ''`.
 */
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);
export const hourColumns = range(24).map((h) => `h${h}`);
export const binColumns = (prefix: string) => range(binCount, 1).map((k) => `${prefix}${k}`);
const unsolvedStates = `('new', 'open', 'pending')`;

export interface SumTable {
  table: string;
  /** Key columns besides day and days. */
  keys: string[];
  counters: string[];
  /** Sums per UTC day (column `day`), the keys and the counters, from `t`, `a`, `s`. */
  perDay: string;
  /** The same from the rows netted first (`daySums`): what a write's delta sums. */
  perDayNet: string;
}

const when = (cond: string) => `sum(CASE WHEN ${cond} THEN x.sign ELSE 0 END)`;
const hoursOf = hourColumns.map((c, h) => `${when(`x.hr = ${h}`)} AS ${c}`).join(', ');
const binsOf = (prefix: string, col: string) =>
  binColumns(prefix)
    .map((c, i) => `${when(`x.${col} = ${i + 1}`)} AS ${c}`)
    .join(', ');
const dayOf = (ts: string) => `(${ts} / ${dayMs})::int`;
const hourOf = (ts: string) => `((${ts} % ${dayMs}) / ${hourMs})::int`;
const dims = `coalesce(t.group_id, 0) AS group_id, coalesce(t.assignee_id, 0) AS assignee_id, t.source, g.tag`;
const dimKeys = ['group_id', 'assignee_id', 'source', 'tag'];
/** One row per key a ticket counts under: '' and each of its tags, once (UNION drops repeats). */
const tagsOf = `CROSS JOIN LATERAL (SELECT '' AS tag UNION SELECT unnest(t.tags)) g`;
/**
 * Keeps a subquery whole (PostgreSQL does not pull up a subquery with OFFSET), so that its bins
 * are computed once per row: pulled up, the bin (then `report_bin`, a SQL function that is not
 * inlined) was computed once per bin counter, 61-122 times a row, and the rebuild of one sum
 * table at 1M tickets took over 12 minutes. The bin is now written out (`binSql`): the function
 * call cost about 40 µs a row, 50 ms of an automation batch's delta at 1M tickets.
 */
const once = 'OFFSET 0';

/**
 * One table's sums per day: `select` (grouped by its first `groups` columns) over `rows`, a
 * subquery of rows each with a `sign` and the `columns` the sums read (as `x`). `perDayNet`
 * nets the rows first: rows equal in all but the sign become one, and rows that cancel out
 * go. The sums are sums of `sign` (linear), so both give the same. A write's delta is the
 * ticket's old rows (-1) and new ones (+1), mostly equal (a priority or state change leaves
 * most day sums as they were): netted, only the rows that differ reach the wide sums (one
 * CASE per hour and bin, three times over for the block levels). At 100k tickets an
 * automation's batch of 500 spent about 1 s in that statement, most of it summing rows that
 * cancelled.
 */
function daySums(
  rows: string,
  columns: string[],
  select: string,
  groups: number,
): Pick<SumTable, 'perDay' | 'perDayNet'> {
  const groupBy = `GROUP BY ${Array.from({ length: groups }, (_, i) => i + 1).join(', ')}`;
  const cols = columns.map((c) => `z.${c}`).join(', ');
  return {
    perDay: `SELECT ${select} FROM (${rows}) x ${groupBy}`,
    perDayNet: `SELECT ${select}
      FROM (SELECT sum(z.sign) AS sign, ${cols} FROM (${rows}) z GROUP BY ${cols} HAVING sum(z.sign) <> 0) x
      ${groupBy}`,
  };
}
const dimColumns = ['ts', ...dimKeys];

export const sumTables: Record<'created' | 'solved' | 'reply' | 'agent' | 'span', SumTable> = {
  created: {
    table: 'report_created_day',
    keys: dimKeys,
    counters: ['created', 'unsolved', ...hourColumns, 'fr_none', ...binColumns('fr')],
    ...daySums(
      `SELECT t.sign, t.create_ts AS ts, ${dims}, t.ticket_state IN ${unsolvedStates} AS unsolved,
          ${hourOf('t.create_ts')} AS hr, ${binSql('t.first_reply_ms')} AS bin
        FROM t ${tagsOf} WHERE NOT t.deleted ${once}`,
      [...dimColumns, 'unsolved', 'hr', 'bin'],
      `${dayOf('x.ts')} AS day, x.group_id, x.assignee_id, x.source, x.tag, sum(x.sign) AS created,
        ${when('x.unsolved')} AS unsolved, ${hoursOf}, ${when('x.bin IS NULL')} AS fr_none, ${binsOf('fr', 'bin')}`,
      5,
    ),
  },
  solved: {
    table: 'report_solved_day',
    keys: dimKeys,
    counters: ['solved', 'good', 'bad', 'offered', ...hourColumns, ...binColumns('res'), ...binColumns('wait')],
    ...daySums(
      `SELECT t.sign, t.solved_ts AS ts, ${dims}, t.satisfaction, t.offered, ${hourOf('t.solved_ts')} AS hr,
          ${binSql('t.resolution_ms')} AS res, ${binSql('t.wait_ms')} AS wait
        FROM t ${tagsOf} WHERE NOT t.deleted AND t.solved_ts IS NOT NULL ${once}`,
      [...dimColumns, 'satisfaction', 'offered', 'hr', 'res', 'wait'],
      `${dayOf('x.ts')} AS day, x.group_id, x.assignee_id, x.source, x.tag, sum(x.sign) AS solved,
        ${when(`x.satisfaction = 'good'`)} AS good, ${when(`x.satisfaction = 'bad'`)} AS bad,
        ${when('x.offered')} AS offered, ${hoursOf}, ${binsOf('res', 'res')}, ${binsOf('wait', 'wait')}`,
      5,
    ),
  },
  reply: {
    table: 'report_reply_day',
    keys: [...dimKeys, 'agent_id'],
    counters: ['n', ...binColumns('b')],
    ...daySums(
      `SELECT t.sign, t.first_reply_ts AS ts, ${dims}, t.first_reply_by AS agent_id,
          ${binSql('t.first_reply_ms')} AS bin
        FROM t ${tagsOf} WHERE NOT t.deleted AND t.first_reply_by IS NOT NULL AND t.first_reply_ts IS NOT NULL ${once}`,
      [...dimColumns, 'agent_id', 'bin'],
      `${dayOf('x.ts')} AS day, x.group_id, x.assignee_id, x.source, x.tag, x.agent_id, sum(x.sign) AS n,
        ${binsOf('b', 'bin')}`,
      6,
    ),
  },
  agent: {
    table: 'report_agent_day',
    keys: [...dimKeys, 'agent_id', 'kind'],
    counters: ['n', ...hourColumns],
    ...daySums(
      `SELECT a.sign, a.action_ts AS ts, ${dims}, a.agent_id, a.kind, ${hourOf('a.action_ts')} AS hr
        FROM a JOIN t ON t.ticket_id = a.ticket_id AND t.sign = a.sign ${tagsOf}
        WHERE NOT t.deleted AND a.agent_id IS NOT NULL`,
      [...dimColumns, 'agent_id', 'kind', 'hr'],
      `${dayOf('x.ts')} AS day, x.group_id, x.assignee_id, x.source, x.tag, x.agent_id, x.kind,
        sum(x.sign) AS n, ${hoursOf}`,
      7,
    ),
  },
  span: {
    table: 'report_span_day',
    keys: [...dimKeys, 'edge'],
    counters: ['n', ...hourColumns],
    ...daySums(
      `SELECT s.sign, e.ts, ${dims}, e.edge, ${hourOf('e.ts')} AS hr
        FROM s JOIN t ON t.ticket_id = s.ticket_id AND t.sign = s.sign ${tagsOf}
        CROSS JOIN LATERAL (VALUES ('start', s.from_ts), ('end', s.to_ts)) AS e(edge, ts)
        WHERE NOT t.deleted AND e.ts IS NOT NULL`,
      [...dimColumns, 'edge', 'hr'],
      `${dayOf('x.ts')} AS day, x.group_id, x.assignee_id, x.source, x.tag, x.edge, sum(x.sign) AS n, ${hoursOf}`,
      6,
    ),
  },
};

const nowCounters = ['n', 'open_spans'];
const nowKeys = [...dimKeys, 'ticket_state', 'priority'];
const nonZero = (cols: string[], prefix = '') => cols.map((c) => `${prefix}${c} <> 0`).join(' OR ');

/** The block levels above a day's (8 and 64 days), as SQL VALUES. */
const upperLevels = `(VALUES ${levels
  .filter((l) => l > 1)
  .map((l) => `(${l})`)
  .join(', ')}) AS lv(days)`;

/**
 * INSERT of one table's sums from `t`, `a`, `s`: every level for a build (`fresh` false); a
 * write's delta (`fresh`: its rows netted first, `perDayNet`) at the day level only. A fresh day
 * row is not in the blocks of 8 and 64 days yet: reads add it to them (report.read.ts) until the
 * compaction (a minute later, `compactSums`) merges it into every level at once. At 1M tickets
 * an automation's batch of 500 spent half of this statement spreading its delta over the three
 * levels (the agent table: 31,524 rows sorted and summed into 17,430, against 10,508 rows at the
 * day level; the statement 570 → 230 ms for 500 tickets moved to another group).
 */
function insertSums(s: SumTable, fresh: boolean): string {
  const cols = ['day', 'days', ...s.keys, 'fresh', ...s.counters];
  const keys = s.keys.map((k) => `d.${k}`).join(', ');
  if (fresh) {
    return `INSERT INTO ${s.table} (${cols.join(', ')})
      SELECT d.day, 1, ${keys}, true, ${s.counters.map((c) => `d.${c}`).join(', ')}
      FROM (${s.perDayNet}) d WHERE ${nonZero(s.counters, 'd.')}`;
  }
  const levelList = levels.map((l) => `(${l})`).join(', ');
  return `INSERT INTO ${s.table} (${cols.join(', ')})
    SELECT ${cols.join(', ')} FROM (
      SELECT d.day / lv.days * lv.days AS day, lv.days, ${keys}, false AS fresh,
        ${s.counters.map((c) => `sum(d.${c}) AS ${c}`).join(', ')}
      FROM (${s.perDay}) d CROSS JOIN (VALUES ${levelList}) AS lv(days)
      GROUP BY 1, 2, ${s.keys.map((_, i) => i + 3).join(', ')}
    ) y WHERE ${nonZero(s.counters, 'y.')}`;
}

/**
 * A sum table's rows as reads count them: its rows, and its fresh day rows once more in the
 * blocks of 8 and 64 days they lie in (not merged into them yet). The test compares this with the
 * per-ticket rows summed from scratch.
 */
export function countedRows(table: string): string {
  const s = Object.values(sumTables).find((x) => x.table === table);
  return s ? `(${spreadFresh(table, [...s.keys, ...s.counters])})` : table;
}

/** The rows of `from` (a sum table's columns), each fresh day row once more in each block above it. */
function spreadFresh(from: string, columns: string[]): string {
  const rest = columns.join(', ');
  return `SELECT day, days, ${rest} FROM ${from}
    UNION ALL
    SELECT x.day / lv.days * lv.days, lv.days, ${rest} FROM ${from} x CROSS JOIN ${upperLevels}
    WHERE x.fresh AND x.days = 1`;
}

function insertNow(fresh: boolean): string {
  return `INSERT INTO report_now (${nowKeys.join(', ')}, fresh, ${nowCounters.join(', ')})
    SELECT * FROM (
      SELECT ${dims}, t.ticket_state, t.priority, ${fresh} AS fresh, sum(t.sign) AS n,
        sum(t.sign * coalesce(o.c, 0)) AS open_spans
      FROM t LEFT JOIN (SELECT s.ticket_id, s.sign, count(*) AS c FROM s WHERE s.to_ts IS NULL GROUP BY 1, 2) o
        ON o.ticket_id = t.ticket_id AND o.sign = t.sign ${tagsOf}
      WHERE NOT t.deleted
      GROUP BY 1, 2, 3, 4, 5, 6
    ) y WHERE ${nonZero(nowCounters, 'y.')}`;
}

export const allSumTables = [...Object.values(sumTables).map((s) => s.table), 'report_now'];

const factColumns = `ticket_id, create_ts, source, group_id, assignee_id, tags, ticket_state, priority, deleted,
  satisfaction, offered, first_reply_ts, first_reply_by, first_reply_ms, solved_ts, resolution_ms, wait_ms`;
/** The new rows as JSON: the same columns, tags as a JSON array (made text[] in `t`). */
const jsonFactColumns = factColumns.replace('tags', 'ARRAY(SELECT jsonb_array_elements_text(tags)) AS tags');
const factRecord = `ticket_id int, create_ts bigint, source text, group_id int, assignee_id int, tags jsonb,
  ticket_state text, priority text, deleted boolean, satisfaction text, offered boolean, first_reply_ts bigint,
  first_reply_by int, first_reply_ms bigint, solved_ts bigint, resolution_ms bigint, wait_ms bigint`;
export const actionRecord = 'event_id bigint, kind text, ticket_id int, agent_id int, action_ts bigint';
export const spanRecord = 'ticket_id int, from_ts bigint, to_ts bigint';

/**
 * Appends to the sums what a rewrite of these tickets' rows changes: their rows now (sign -1)
 * and the new ones given as JSON (sign 1). Runs before the rewrite, in the writer's transaction.
 */
export async function appendDeltas(
  db: DbOrTx,
  ids: string,
  facts: string,
  actions: string,
  spans: string,
): Promise<void> {
  const inserts = [...Object.values(sumTables).map((s) => insertSums(s, true)), insertNow(true)];
  // Prepared: the same text at every write, 3-20 ms to parse and 9-44 ms to plan each time (1M tickets).
  await db.execute(sql`${sql.raw(preparedMark)}
    WITH t AS (
      SELECT -1 AS sign, ${sql.raw(factColumns)} FROM report_ticket WHERE ticket_id = ANY(${ids}::int[])
      UNION ALL
      SELECT 1, ${sql.raw(jsonFactColumns)} FROM jsonb_to_recordset(${facts}::jsonb) AS r(${sql.raw(factRecord)})
    ), a AS (
      SELECT -1 AS sign, ticket_id, kind, agent_id, action_ts FROM report_action WHERE ticket_id = ANY(${ids}::int[])
      UNION ALL
      SELECT 1, ticket_id, kind, agent_id, action_ts FROM jsonb_to_recordset(${actions}::jsonb) AS r(${sql.raw(actionRecord)})
    ), s AS (
      SELECT -1 AS sign, ticket_id, from_ts, to_ts FROM report_span WHERE ticket_id = ANY(${ids}::int[])
      UNION ALL
      SELECT 1, ticket_id, from_ts, to_ts FROM jsonb_to_recordset(${spans}::jsonb) AS r(${sql.raw(spanRecord)})
    ),
    ${sql.raw(inserts.map((q, i) => `i${i} AS (${q})`).join(',\n'))}
    SELECT 1`);
}

const fullSources = `WITH t AS (SELECT 1 AS sign, ${factColumns} FROM report_ticket),
  a AS (SELECT 1 AS sign, ticket_id, kind, agent_id, action_ts FROM report_action),
  s AS (SELECT 1 AS sign, ticket_id, from_ts, to_ts FROM report_span)`;

/** The sums as the per-ticket rows make them now, without writing (the rebuild's and the test's). */
export function sumsFromFacts(table: (typeof allSumTables)[number]): SQL {
  const s = Object.values(sumTables).find((x) => x.table === table);
  const select = s ? insertSums(s, false) : insertNow(false);
  return sql.raw(`${fullSources} ${select.slice(select.indexOf('SELECT'))}`);
}

/** Key and counter columns of a sum table (the test compares tables by them). */
export function columnsOf(table: string): { keys: string[]; counters: string[] } {
  const s = Object.values(sumTables).find((x) => x.table === table);
  return s ? { keys: ['day', 'days', ...s.keys], counters: s.counters } : { keys: nowKeys, counters: nowCounters };
}

/**
 * Rebuilds every sum table from the per-ticket rows and turns the sums on, without making ticket
 * writes wait (at 1M tickets a build takes minutes). Two steps:
 * 1. `building` turns on. A write that found the sums off and skipped its delta holds
 *    `report_state` for share until it commits (report.rollup.ts, `sumsKept`), so this waits for
 *    those few writes only; every write after it appends its delta.
 * 2. One REPEATABLE READ transaction, one snapshot: it deletes the sum rows its snapshot sees and
 *    sums the per-ticket rows as that snapshot has them. A write that committed before the
 *    snapshot is in those rows, and its delta (if any) is among the rows deleted; a write the
 *    snapshot does not see keeps its delta rows, which this transaction cannot see or delete. So
 *    each write counts once. Merges of deltas (compactSums) wait or skip meanwhile; one that
 *    committed after the snapshot makes the delete fail to serialize, and the step is run again.
 * `onlyIfOff`: nothing to do when the sums are on already (answers false).
 */
export async function buildSums(db: Db, onlyIfOff = false): Promise<boolean> {
  const [started] = await queryRows<{ ok: boolean }>(
    db,
    sql`UPDATE report_state SET building = true WHERE id = 1 ${onlyIfOff ? sql`AND NOT rollups` : sql``}
      RETURNING true AS ok`,
  );
  if (!started) {
    return false;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction(
        async (tx) => {
          await lockForTransaction(tx, 'reportCompact');
          for (const table of allSumTables) {
            await tx.execute(sql.raw(`DELETE FROM ${table}`));
          }
          for (const s of Object.values(sumTables)) {
            await tx.execute(sql.raw(`${fullSources} ${insertSums(s, false)}`));
          }
          await tx.execute(sql.raw(`${fullSources} ${insertNow(false)}`));
          await tx.execute(sql`UPDATE report_state SET rollups = true, building = false WHERE id = 1`);
        },
        { isolationLevel: 'repeatable read' },
      );
      // The tables went from a few rows to millions: without fresh statistics the planner kept
      // estimating a few, and read a day range by scanning every day of a tag (the backlog at 1M
      // tickets took 2.5 s a call instead of 0.3 s until autovacuum came round).
      await db.execute(sql.raw(`ANALYZE ${allSumTables.join(', ')}`));
      return true;
    } catch (error) {
      if (!isSerializationFailure(error) || attempt >= 5) {
        throw error;
      }
    }
  }
}

/** Whether the sums are kept and read (off until built on a database that had tickets). */
export async function sumsOn(db: DbOrTx): Promise<boolean> {
  const [row] = await queryRows<{ rollups: boolean }>(db, sql`SELECT rollups FROM report_state WHERE id = 1`);
  return row?.rollups === true;
}

/**
 * Merges the appended deltas: each fresh row (a fresh day row also in the blocks of 8 and 64 days
 * above it) is folded into the merged rows of its own key, and those become one row per key (rows
 * that sum to nothing go). One statement per table: the fresh rows taken, summed per key, the
 * merged rows of those keys taken (migration 0045's index), the two summed back in. A write
 * appending meanwhile keeps its rows fresh for the next round. One process at a time (advisory
 * lock, skipped if held). It used to rewrite every row of each day and block a fresh row lay in:
 * after an automation's catch-up at 1M tickets, whole blocks of every tag, 33-46 s for 5,000
 * tickets' deltas, and each round slower on the dead rows the last one left.
 */
export async function compactSums(db: DbOrTx): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ ok: boolean }>(
      tx,
      sql`SELECT pg_try_advisory_xact_lock(${sql.raw(String(lockKeys.reportCompact))}) AS ok`,
    );
    if (!lock?.ok) {
      return false;
    }
    for (const s of Object.values(sumTables)) {
      const keys = ['day', 'days', ...s.keys];
      const sums = s.counters.map((c) => `sum(${c}) AS ${c}`).join(', ');
      const cols = [...keys, ...s.counters].join(', ');
      await tx.execute(
        sql.raw(`WITH f AS (DELETE FROM ${s.table} WHERE fresh RETURNING *),
          g AS (SELECT ${keys.join(', ')}, ${sums} FROM (${spreadFresh('f', [...s.keys, ...s.counters])}) p
            GROUP BY ${keys.join(', ')}),
          o AS (DELETE FROM ${s.table} x USING g WHERE NOT x.fresh AND ${keys.map((k) => `x.${k} = g.${k}`).join(' AND ')}
            RETURNING ${[...keys, ...s.counters].map((c) => `x.${c}`).join(', ')})
          INSERT INTO ${s.table} (${keys.join(', ')}, fresh, ${s.counters.join(', ')})
          SELECT ${keys.join(', ')}, false, ${s.counters.map((c) => `sum(${c})`).join(', ')}
          FROM (SELECT ${cols} FROM g UNION ALL SELECT ${cols} FROM o) m GROUP BY ${keys.join(', ')}
          HAVING ${s.counters.map((c) => `sum(${c}) <> 0`).join(' OR ')}`),
      );
    }
    await tx.execute(
      sql.raw(`WITH k AS (SELECT DISTINCT tag FROM report_now WHERE fresh),
          d AS (DELETE FROM report_now x USING k WHERE x.tag = k.tag RETURNING x.*)
        INSERT INTO report_now (${nowKeys.join(', ')}, fresh, ${nowCounters.join(', ')})
        SELECT ${nowKeys.join(', ')}, false, sum(n), sum(open_spans) FROM d GROUP BY ${nowKeys.join(', ')}
        HAVING sum(n) <> 0 OR sum(open_spans) <> 0`),
    );
    return true;
  });
}
