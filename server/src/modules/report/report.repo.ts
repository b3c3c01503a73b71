import { brackets, type TBracketKind, type TReportChannel } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { accessFilter, type Viewer } from '../ticket-search/ticket-list.repo.js';

/**
 * The report queries: narrow scans of the report tables (`report.rollup.ts`) by time index,
 * always joined to `report_ticket` (alias `r`) for the viewer's access and the filters.
 */
export interface Scope {
  viewer: Viewer;
  groupId?: number | undefined;
  /** The ticket's assignee; agent reports apply it to the acting agent instead. */
  assigneeId?: number | undefined;
  source?: TReportChannel | undefined;
  tag?: string | undefined;
}

const bigints = (values: readonly number[]) => `{${values.map((v) => Math.round(v)).join(',')}}`;

/** Live tickets the viewer may see, narrowed by the filters (`withAssignee` false: agent reports). */
export function scopeWhere(s: Scope, withAssignee = true): SQL {
  const parts: SQL[] = [sql`NOT r.deleted`];
  const access = accessFilter(s.viewer);
  if (access) {
    parts.push(access);
  }
  if (s.groupId !== undefined) {
    parts.push(sql`r.group_id = ${s.groupId}`);
  }
  if (withAssignee && s.assigneeId !== undefined) {
    parts.push(sql`r.assignee_id = ${s.assigneeId}`);
  }
  if (s.source !== undefined) {
    parts.push(sql`r.source = ${s.source}`);
  }
  if (s.tag !== undefined) {
    parts.push(sql`r.tags @> ARRAY[${s.tag}]::text[]`);
  }
  return sql.join(parts, sql` AND `);
}

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface Distribution {
  buckets: { key: string; count: number }[];
  count: number;
  median_ms: number | null;
}

/** Counts per bracket and the median of a duration column, over the rows `where` picks. */
export async function distribution(
  db: DbOrTx,
  kind: TBracketKind,
  column: 'first_reply_ms' | 'resolution_ms' | 'wait_ms',
  where: SQL,
): Promise<Distribution> {
  const col = sql.raw(`r.${column}`);
  const defs = brackets[kind];
  const counts = defs.map((b, i) => {
    const name = sql.raw(`b${i}`);
    if (b.from_ms === null) {
      return sql`count(*) FILTER (WHERE ${col} IS NULL) AS ${name}`;
    }
    const upper = b.to_ms === null ? sql`` : sql` AND ${col} < ${sql.raw(String(b.to_ms))}`;
    return sql`count(*) FILTER (WHERE ${col} >= ${sql.raw(String(b.from_ms))}${upper}) AS ${name}`;
  });
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${sql.join(counts, sql`, `)}, count(${col}) AS n,
          floor(percentile_cont(0.5) WITHIN GROUP (ORDER BY ${col}))::bigint AS median
        FROM report_ticket r WHERE ${where}`,
  );
  return {
    buckets: defs.map((b, i) => ({ key: b.key, count: num(row?.[`b${i}`]) })),
    count: num(row?.n),
    median_ms: numOrNull(row?.median),
  };
}

export const between = (column: string, from: number, to: number) =>
  sql`${sql.raw(column)} >= ${from} AND ${sql.raw(column)} <= ${to}`;

/** Rows per bucket of `column` (bucket i starts at edges[i]); the range is [edges[0], to]. */
export async function countByBucket(
  db: DbOrTx,
  column: 'create_ts' | 'solved_ts',
  edges: number[],
  to: number,
  where: SQL,
): Promise<number[]> {
  const rows = await queryRows<{ b: number; n: number }>(
    db,
    sql`SELECT width_bucket(${sql.raw(`r.${column}`)}, ${bigints(edges)}::bigint[]) AS b, count(*) AS n
        FROM report_ticket r
        WHERE ${between(`r.${column}`, edges[0] as number, to)} AND ${where}
        GROUP BY 1`,
  );
  const out = edges.map(() => 0);
  for (const r of rows) {
    out[Number(r.b) - 1] = Number(r.n);
  }
  return out;
}

export async function countWhere(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*) AS n FROM report_ticket r WHERE ${where}`);
  return num(row?.n);
}

export interface ScoreCounts {
  good: number;
  bad: number;
  offered: number;
  solved: number;
}
const scoreColumns = sql`count(*) FILTER (WHERE r.satisfaction = 'good') AS good,
  count(*) FILTER (WHERE r.satisfaction = 'bad') AS bad, count(*) FILTER (WHERE r.offered) AS offered,
  count(*) AS solved`;
const scoreOf = (r: Record<string, unknown> | undefined): ScoreCounts => ({
  good: num(r?.good),
  bad: num(r?.bad),
  offered: num(r?.offered),
  solved: num(r?.solved),
});

/** Satisfaction of the tickets `where` picks, in total or by `r.assignee_id` / `r.group_id`. */
export async function scores(db: DbOrTx, where: SQL): Promise<ScoreCounts> {
  const [row] = await queryRows(db, sql`SELECT ${scoreColumns} FROM report_ticket r WHERE ${where}`);
  return scoreOf(row);
}
export async function scoresBy(
  db: DbOrTx,
  column: 'assignee_id' | 'group_id',
  where: SQL,
): Promise<Array<ScoreCounts & { id: number | null }>> {
  const rows = await queryRows(
    db,
    sql`SELECT ${sql.raw(`r.${column}`)} AS id, ${scoreColumns} FROM report_ticket r WHERE ${where} GROUP BY 1`,
  );
  return rows.map((r) => ({ id: numOrNull(r.id), ...scoreOf(r) }));
}

/** Agent actions of some kinds in [from, to] on tickets in scope, per agent and kind. */
export async function actionsByAgent(
  db: DbOrTx,
  kinds: string[],
  from: number,
  to: number,
  where: SQL,
  agentId?: number,
): Promise<Array<{ agentId: number; kind: string; n: number }>> {
  const rows = await queryRows<{ agent_id: number; kind: string; n: number }>(
    db,
    sql`SELECT a.agent_id, a.kind, count(*) AS n
        FROM report_action a JOIN report_ticket r ON r.ticket_id = a.ticket_id
        WHERE a.kind IN (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )}) AND ${between('a.action_ts', from, to)} AND a.agent_id IS NOT NULL
          ${agentId === undefined ? sql`` : sql`AND a.agent_id = ${agentId}`} AND ${where}
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({ agentId: Number(r.agent_id), kind: r.kind, n: Number(r.n) }));
}

/** Updates per agent per bucket (bucket i starts at edges[i]). */
export async function updatesByAgent(
  db: DbOrTx,
  edges: number[],
  to: number,
  where: SQL,
  agentId?: number,
): Promise<Array<{ agentId: number; bucket: number; n: number }>> {
  const rows = await queryRows<{ agent_id: number; b: number; n: number }>(
    db,
    sql`SELECT a.agent_id, width_bucket(a.action_ts, ${bigints(edges)}::bigint[]) AS b, count(*) AS n
        FROM report_action a JOIN report_ticket r ON r.ticket_id = a.ticket_id
        WHERE a.kind = 'update' AND ${between('a.action_ts', edges[0] as number, to)}
          ${agentId === undefined ? sql`` : sql`AND a.agent_id = ${agentId}`} AND ${where}
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({ agentId: Number(r.agent_id), bucket: Number(r.b) - 1, n: Number(r.n) }));
}

/** Median first reply per first replier, over first replies in [from, to]. */
export async function firstReplyMedians(db: DbOrTx, from: number, to: number, where: SQL) {
  const rows = await queryRows<{ agent_id: number; median: number }>(
    db,
    sql`SELECT r.first_reply_by AS agent_id,
          floor(percentile_cont(0.5) WITHIN GROUP (ORDER BY r.first_reply_ms))::bigint AS median
        FROM report_ticket r
        WHERE ${between('r.first_reply_ts', from, to)} AND r.first_reply_by IS NOT NULL AND ${where}
        GROUP BY 1`,
  );
  return new Map(rows.map((r) => [Number(r.agent_id), Number(r.median)]));
}

/** Unsolved tickets now, grouped by state, priority, group and age bracket. */
export async function unsolvedGroups(db: DbOrTx, now: number, where: SQL) {
  const age = brackets.age
    .map((b, i) => {
      const upper = b.to_ms === null ? '' : ` AND ${now} - r.create_ts < ${b.to_ms}`;
      return `WHEN ${now} - r.create_ts >= ${b.from_ms}${upper} THEN ${i}`;
    })
    .join(' ');
  const rows = await queryRows<{ dim: string; k: string | null; n: number }>(
    db,
    sql`SELECT 'state' AS dim, r.ticket_state AS k, count(*) AS n FROM report_ticket r
          WHERE r.ticket_state IN ('new', 'open', 'pending') AND ${where} GROUP BY 2
        UNION ALL
        SELECT 'priority', r.priority, count(*) FROM report_ticket r
          WHERE r.ticket_state IN ('new', 'open', 'pending') AND ${where} GROUP BY 2
        UNION ALL
        SELECT 'group', r.group_id::text, count(*) FROM report_ticket r
          WHERE r.ticket_state IN ('new', 'open', 'pending') AND ${where} GROUP BY 2
        UNION ALL
        SELECT 'age', (CASE ${sql.raw(age)} ELSE 0 END)::text, count(*) FROM report_ticket r
          WHERE r.ticket_state IN ('new', 'open', 'pending') AND ${where} GROUP BY 2`,
  );
  return rows.map((r) => ({ dim: r.dim, key: r.k, n: Number(r.n) }));
}

/**
 * Unsolved spans that can be open at any of `ends` (ascending), counted by how many ends fall
 * at or before their start (`fb`) and their end (`tb`, null while still open): a span is open
 * at ends[k-1] when fb < k and (tb null or tb >= k).
 */
export async function spanBuckets(db: DbOrTx, ends: number[], where: SQL) {
  const list = bigints(ends);
  const rows = await queryRows<{ fb: number; tb: number | null; n: number }>(
    db,
    sql`SELECT width_bucket(s.from_ts, ${list}::bigint[]) AS fb,
          CASE WHEN s.to_ts IS NULL THEN NULL ELSE width_bucket(s.to_ts, ${list}::bigint[]) END AS tb, count(*) AS n
        FROM report_span s JOIN report_ticket r ON r.ticket_id = s.ticket_id
        WHERE (s.to_ts IS NULL OR s.to_ts >= ${ends[0] as number}) AND s.from_ts < ${ends.at(-1) as number} AND ${where}
        GROUP BY 1, 2`,
  );
  return rows.map((r) => ({ fb: Number(r.fb), tb: r.tb === null ? null : Number(r.tb), n: Number(r.n) }));
}

export async function accountNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await queryRows<{ account_id: number; real_name: string }>(
    db,
    sql`SELECT account_id, real_name FROM account WHERE account_id = ANY(${intArrayLiteral(ids)}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.account_id), r.real_name]));
}

export async function groupNames(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await queryRows<{ group_id: number; group_name: string }>(
    db,
    sql`SELECT group_id, group_name FROM agent_group WHERE group_id = ANY(${intArrayLiteral(ids)}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.group_id), r.group_name]));
}

/** Chats now waiting for an agent and in progress, among tickets the viewer may see. */
export async function chatCounts(db: DbOrTx, viewer: Viewer): Promise<{ waiting: number; active: number }> {
  const access = accessFilter(viewer);
  const [row] = await queryRows<{ waiting: number; active: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE c.accepted_by IS NULL) AS waiting,
          count(*) FILTER (WHERE c.accepted_by IS NOT NULL) AS active
        FROM chat_session c JOIN ticket t ON t.ticket_id = c.ticket_id
        WHERE c.ended_ts IS NULL AND t.deleted_ts IS NULL ${access ? sql`AND ${access}` : sql``}`,
  );
  return { waiting: num(row?.waiting), active: num(row?.active) };
}
