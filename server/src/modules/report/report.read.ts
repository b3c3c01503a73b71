import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { accessFilter } from '../ticket-search/ticket-list.repo.js';
import { binCount, binSql } from './report.bins.js';
import { dayMs, hourMs, type Plan, planRange } from './report.plan.js';
import { type Scope, scopeWhere } from './report.repo.js';
import { binColumns, hourColumns, type SumTable, sumTables } from './report.sums.js';

/**
 * Reads a figure over a time range from the daily sums and the per-ticket rows together, as
 * `planRange` splits the range: one query for the whole blocks, one for the hours of cut days,
 * one for the rest over the per-ticket rows (before the sums are built, all of it). A tag filter
 * reads that tag's sum rows (migration 0042), no filter the rows of tag ''. Counters are named
 * as the sum table's columns; the per-ticket side computes the same names from its own columns.
 */
export interface Family {
  sums: SumTable;
  /** Condition on the sum rows (alias x) that picks this family, e.g. one edge of the spans. */
  sumsWhere?: string;
  /** The per-ticket relation (report_ticket is always `r`), its time column and what it keeps. */
  from: string;
  ts: string;
  rawWhere?: string;
  /** Per-ticket aggregate for each counter. */
  counters: Record<string, string>;
  /** The counter that hour columns split (series). */
  main: string;
}

const unsolved = `('new', 'open', 'pending')`;
const countIf = (cond: string) => `count(*) FILTER (WHERE ${cond})`;
const binAggregates = (prefix: string, col: string) =>
  Object.fromEntries(binColumns(prefix).map((c, i) => [c, countIf(`${binSql(col)} = ${i + 1}`)]));

export const families = {
  created: {
    sums: sumTables.created,
    from: 'report_ticket r',
    ts: 'r.create_ts',
    counters: {
      created: 'count(*)',
      unsolved: countIf(`r.ticket_state IN ${unsolved}`),
      fr_none: countIf('r.first_reply_ms IS NULL'),
      ...binAggregates('fr', 'r.first_reply_ms'),
    },
    main: 'created',
  },
  solved: {
    sums: sumTables.solved,
    from: 'report_ticket r',
    ts: 'r.solved_ts',
    counters: {
      solved: 'count(*)',
      good: countIf(`r.satisfaction = 'good'`),
      bad: countIf(`r.satisfaction = 'bad'`),
      offered: countIf('r.offered'),
      ...binAggregates('res', 'r.resolution_ms'),
      ...binAggregates('wait', 'r.wait_ms'),
    },
    main: 'solved',
  },
  reply: {
    sums: sumTables.reply,
    from: 'report_ticket r',
    ts: 'r.first_reply_ts',
    rawWhere: 'r.first_reply_by IS NOT NULL',
    counters: { n: 'count(*)', ...binAggregates('b', 'r.first_reply_ms') },
    main: 'n',
  },
  agent: {
    sums: sumTables.agent,
    from: 'report_action a JOIN report_ticket r ON r.ticket_id = a.ticket_id',
    ts: 'a.action_ts',
    rawWhere: 'a.agent_id IS NOT NULL',
    counters: { n: 'count(*)' },
    main: 'n',
  },
  spanStart: {
    sums: sumTables.span,
    sumsWhere: `x.edge = 'start'`,
    from: 'report_span s JOIN report_ticket r ON r.ticket_id = s.ticket_id',
    ts: 's.from_ts',
    counters: { n: 'count(*)' },
    main: 'n',
  },
  spanEnd: {
    sums: sumTables.span,
    sumsWhere: `x.edge = 'end'`,
    from: 'report_span s JOIN report_ticket r ON r.ticket_id = s.ticket_id',
    ts: 's.to_ts',
    counters: { n: 'count(*)' },
    main: 'n',
  },
} satisfies Record<string, Family>;

/** A grouping column: its name in the sum table and its value on the per-ticket side. */
export interface GroupBy {
  name: string;
  raw: string;
}
export const by = {
  agent: { name: 'agent_id', raw: 'a.agent_id' },
  kind: { name: 'kind', raw: 'a.kind' },
  replier: { name: 'agent_id', raw: 'r.first_reply_by' },
  assignee: { name: 'assignee_id', raw: 'coalesce(r.assignee_id, 0)' },
  group: { name: 'group_id', raw: 'coalesce(r.group_id, 0)' },
  state: { name: 'ticket_state', raw: 'r.ticket_state' },
  priority: { name: 'priority', raw: 'r.priority' },
} satisfies Record<string, GroupBy>;

/** What a read narrows to: the scope, and a condition of its own on each side. */
export interface Where {
  scope: Scope;
  /** false in the agent reports: the agent filter is on the acting agent (`extra`). */
  withAssignee: boolean;
  extra?: { sums: SQL; raw: SQL } | undefined;
}

/** The scope on sum rows (alias x; the access filter names group_id and assignee_id bare). */
function sumsScope(w: Where): SQL {
  const s = w.scope;
  const parts: SQL[] = [sql`x.tag = ${s.tag ?? ''}`];
  const access = accessFilter(s.viewer);
  if (access) {
    parts.push(access);
  }
  if (s.groupId !== undefined) {
    parts.push(sql`x.group_id = ${s.groupId}`);
  }
  if (w.withAssignee && s.assigneeId !== undefined) {
    parts.push(sql`x.assignee_id = ${s.assigneeId}`);
  }
  if (s.source !== undefined) {
    parts.push(sql`x.source = ${s.source}`);
  }
  if (w.extra) {
    parts.push(w.extra.sums);
  }
  return sql.join(parts, sql` AND `);
}

function rawScope(w: Where): SQL {
  const base = scopeWhere(w.scope, w.withAssignee);
  return w.extra ? sql`${base} AND ${w.extra.raw}` : base;
}

const bigints = (values: readonly number[]) => `{${values.map((v) => Math.round(v)).join(',')}}`;
const ints = (values: readonly number[]) => `{${values.join(',')}}`;

export interface Sums {
  bucket: number;
  group: Record<string, string | number>;
  c: Record<string, number>;
}

/** Index of the bucket holding `ts` (edges ascending; -1 before the first). */
export function bucketOf(edges: readonly number[], ts: number): number {
  let i = -1;
  while (i + 1 < edges.length && (edges[i + 1] as number) <= ts) {
    i++;
  }
  return i;
}

/**
 * Sums of `counters` per bucket (bucket i starts at edges[i]; the last ends at `to`, included)
 * and per `groups`. `byHour`: cut days are read by hour (only the family's main counter; a read of
 * that counter alone is read so anyway).
 */
export async function readSums(
  db: DbOrTx,
  family: Family,
  opts: {
    edges: readonly number[];
    to: number;
    counters: string[];
    where: Where;
    groups?: GroupBy[];
    byHour?: boolean;
    sumsOn: boolean;
  },
): Promise<Sums[]> {
  const groups = opts.groups ?? [];
  // Hour columns split the main counter only; a read of just that counter can always use them,
  // so that a 24-hour range reads its cut days by hour instead of ~15,000 per-ticket rows.
  const byHour = opts.byHour === true || (opts.counters.length === 1 && opts.counters[0] === family.main);
  const plan: Plan = planRange(opts.edges, opts.to, byHour, opts.sumsOn);
  const out = new Map<string, Sums>();
  const add = (bucket: number, group: Record<string, string | number>, c: Record<string, number>) => {
    const key = `${bucket}|${groups.map((g) => group[g.name]).join('|')}`;
    let row = out.get(key);
    if (!row) {
      row = { bucket, group, c: Object.fromEntries(opts.counters.map((n) => [n, 0])) };
      out.set(key, row);
    }
    for (const [n, v] of Object.entries(c)) {
      row.c[n] = (row.c[n] ?? 0) + v;
    }
  };
  const groupOf = (r: Record<string, unknown>) =>
    Object.fromEntries(
      groups.map((g) => [g.name, typeof r[g.name] === 'string' ? r[g.name] : Number(r[g.name])]),
    ) as Record<string, string | number>;
  const edgeList = bigints(opts.edges);
  const table = sql.raw(`${family.sums.table} x`);
  const familyWhere = family.sumsWhere ? sql.raw(family.sumsWhere) : sql`true`;
  const groupSums = groups.map((g) => sql.raw(`x.${g.name} AS ${g.name}`));
  const groupRaw = groups.map((g) => sql.raw(`${g.raw} AS ${g.name}`));
  // Positional: the first column, then the groups.
  const groupBy = sql.raw(Array.from({ length: 1 + groups.length }, (_, i) => i + 1).join(', '));

  if (plan.blocks.length) {
    const byLevel = new Map<number, number[]>();
    for (const b of plan.blocks) {
      byLevel.set(b.days, [...(byLevel.get(b.days) ?? []), b.day]);
    }
    // A block of 8 or 64 days: its rows, and the fresh day rows inside it (a write's delta is
    // written at the day level only until the compaction merges it into the blocks above).
    const pick = sql.join(
      [...byLevel.entries()].flatMap(([days, list]) => [
        sql`(x.days = ${days} AND x.day = ANY(${ints(list)}::int[]))`,
        ...(days > 1 ? [sql`(x.fresh AND x.days = 1 AND x.day / ${days} * ${days} = ANY(${ints(list)}::int[]))`] : []),
      ]),
      sql` OR `,
    );
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT width_bucket(x.day::bigint * ${dayMs}, ${edgeList}::bigint[]) AS b
          ${groupSums.length ? sql`, ${sql.join(groupSums, sql`, `)}` : sql``},
          ${sql.join(
            opts.counters.map((c) => sql.raw(`sum(x.${c}) AS ${c}`)),
            sql`, `,
          )}
        FROM ${table}
        WHERE (${pick}) AND ${familyWhere} AND ${sumsScope(opts.where)}
        GROUP BY ${groupBy}`,
    );
    for (const r of rows) {
      add(Number(r.b) - 1, groupOf(r), Object.fromEntries(opts.counters.map((c) => [c, Number(r[c] ?? 0)])));
    }
  }

  if (plan.hours.length) {
    const days = [...new Set(plan.hours.map((h) => h.day))];
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT x.day ${groupSums.length ? sql`, ${sql.join(groupSums, sql`, `)}` : sql``},
          ${sql.join(
            hourColumns.map((c) => sql.raw(`sum(x.${c}) AS ${c}`)),
            sql`, `,
          )}
        FROM ${table}
        WHERE x.days = 1 AND x.day = ANY(${ints(days)}::int[]) AND ${familyWhere} AND ${sumsScope(opts.where)}
        GROUP BY ${groupBy}`,
    );
    const wanted = new Map<number, number[]>();
    for (const h of plan.hours) {
      wanted.set(h.day, [...(wanted.get(h.day) ?? []), h.hour]);
    }
    for (const r of rows) {
      const day = Number(r.day);
      for (const hour of wanted.get(day) ?? []) {
        const n = Number(r[`h${hour}`] ?? 0);
        if (n !== 0) {
          add(bucketOf(opts.edges, day * dayMs + hour * hourMs), groupOf(r), { [family.main]: n });
        }
      }
    }
  }

  if (plan.raw.length) {
    const ts = sql.raw(family.ts);
    const pieces = sql.join(
      plan.raw.map((p) => sql`(${ts} >= ${p.from} AND ${ts} < ${p.to})`),
      sql` OR `,
    );
    const counters = family.counters as Record<string, string>;
    const rows = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT width_bucket(${ts}, ${edgeList}::bigint[]) AS b
          ${groupRaw.length ? sql`, ${sql.join(groupRaw, sql`, `)}` : sql``},
          ${sql.join(
            opts.counters.map((c) => sql.raw(`${counters[c]} AS ${c}`)),
            sql`, `,
          )}
        FROM ${sql.raw(family.from)}
        WHERE (${pieces}) AND ${rawScope(opts.where)} ${family.rawWhere ? sql.raw(`AND ${family.rawWhere}`) : sql``}
        GROUP BY ${groupBy}`,
    );
    for (const r of rows) {
      add(Number(r.b) - 1, groupOf(r), Object.fromEntries(opts.counters.map((c) => [c, Number(r[c] ?? 0)])));
    }
  }
  return [...out.values()];
}

/** One bucket's totals (whole-range reads), ungrouped. */
export function totals(rows: Sums[], counters: string[]): Record<string, number> {
  const t = Object.fromEntries(counters.map((c) => [c, 0]));
  for (const r of rows) {
    for (const c of counters) {
      t[c] = (t[c] ?? 0) + (r.c[c] ?? 0);
    }
  }
  return t as Record<string, number>;
}

/** Tickets as they are now (report_now, or report_ticket before the sums are built). */
export async function readNow(
  db: DbOrTx,
  where: Where,
  groups: GroupBy[],
  sumsOn: boolean,
  condition?: { sums: SQL; raw: SQL },
): Promise<Array<{ group: Record<string, string | number>; n: number; open: number }>> {
  const useSums = sumsOn;
  const list = groups.map((g) => sql.raw(useSums ? `x.${g.name} AS ${g.name}` : `${g.raw} AS ${g.name}`));
  const cols = list.length ? sql`${sql.join(list, sql`, `)},` : sql``;
  const groupBy = groups.length ? sql`GROUP BY ${sql.raw(groups.map((g) => g.name).join(', '))}` : sql``;
  const rows = useSums
    ? await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT ${cols} sum(x.n) AS n, sum(x.open_spans) AS open FROM report_now x
            WHERE ${sumsScope(where)} ${condition ? sql`AND ${condition.sums}` : sql``} ${groupBy}`,
      )
    : await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT ${cols} count(*) AS n,
              sum((SELECT count(*) FROM report_span s WHERE s.ticket_id = r.ticket_id AND s.to_ts IS NULL)) AS open
            FROM report_ticket r WHERE ${rawScope(where)} ${condition ? sql`AND ${condition.raw}` : sql``} ${groupBy}`,
      );
  return rows.map((r) => ({
    group: Object.fromEntries(
      groups.map((g) => [g.name, typeof r[g.name] === 'string' ? (r[g.name] as string) : Number(r[g.name])]),
    ),
    n: Number(r.n ?? 0),
    open: Number(r.open ?? 0),
  }));
}

/** A duration column of report_ticket with the time column that picks it, for medians. */
export interface MedianSource {
  value: string;
  ts: string;
}
export const medianSources = {
  firstReply: { value: 'r.first_reply_ms', ts: 'r.create_ts' },
  resolution: { value: 'r.resolution_ms', ts: 'r.solved_ts' },
  wait: { value: 'r.wait_ms', ts: 'r.solved_ts' },
  replier: { value: 'r.first_reply_ms', ts: 'r.first_reply_ts' },
} satisfies Record<string, MedianSource>;

/** Where ranks k (0-based) fall among bins: the bin and the rank within it. */
function locate(bins: readonly number[], k: number): { bin: number; offset: number } {
  let below = 0;
  for (let i = 0; i < bins.length; i++) {
    const n = bins[i] as number;
    if (k < below + n) {
      return { bin: i + 1, offset: k - below };
    }
    below += n;
  }
  throw new Error(`rank ${k} beyond ${below} values`);
}

/**
 * Exact medians from bin counts: the middle value (or the two middle ones, averaged and rounded
 * down) is read from the per-ticket rows of its bin only, in order (an index on bin and time).
 * `targets`: per key (e.g. an agent), its bin counts and the extra condition that picks it.
 */
export async function medians(
  db: DbOrTx,
  source: MedianSource,
  from: number,
  to: number,
  where: Where,
  targets: Array<{ key: number; bins: number[]; raw?: SQL }>,
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  const picks: SQL[] = [];
  const wanted: Array<{ key: number; ranks: Array<{ bin: number; offset: number }> }> = [];
  for (const t of targets) {
    const n = t.bins.reduce((a, b) => a + b, 0);
    if (n === 0) {
      out.set(t.key, null);
      continue;
    }
    const lo = locate(t.bins, (n - 1) >> 1);
    const hi = locate(t.bins, n >> 1);
    const ranks = [lo, hi];
    wanted.push({ key: t.key, ranks });
    for (const bin of new Set(ranks.map((r) => r.bin))) {
      const offsets = ranks.filter((r) => r.bin === bin).map((r) => r.offset);
      const offset = Math.min(...offsets);
      const limit = Math.max(...offsets) + 1;
      const value = sql.raw(source.value);
      picks.push(
        sql`(SELECT ${t.key}::int AS k, ${bin}::int AS bin, ${offset}::int + (row_number() OVER (ORDER BY v))::int - 1 AS rank, v FROM (
              SELECT ${value} AS v FROM report_ticket r
              WHERE report_bin(${value}) = ${bin} AND ${sql.raw(source.ts)} >= ${from} AND ${sql.raw(source.ts)} <= ${to}
                AND ${rawScope(where)} ${t.raw ? sql`AND ${t.raw}` : sql``}
              ORDER BY ${value} OFFSET ${offset} LIMIT ${limit - offset}) q)`,
      );
    }
  }
  if (!picks.length) {
    return out;
  }
  const rows = await queryRows<{ k: number; bin: number; rank: number; v: number }>(
    db,
    sql.join(picks, sql` UNION ALL `),
  );
  const valueAt = (key: number, bin: number, offset: number) =>
    rows.find((r) => Number(r.k) === key && Number(r.bin) === bin && Number(r.rank) === offset)?.v;
  for (const w of wanted) {
    const [a, b] = w.ranks.map((r) => valueAt(w.key, r.bin, r.offset));
    if (a === undefined || b === undefined) {
      throw new Error(`median of ${source.value} not found where the sums put it`);
    }
    out.set(w.key, Math.floor((Number(a) + Number(b)) / 2));
  }
  return out;
}

export const binsFrom = (c: Record<string, number>, prefix: string) =>
  Array.from({ length: binCount }, (_, i) => c[`${prefix}${i + 1}`] ?? 0);
