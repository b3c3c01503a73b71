import { brackets, type TReportChannel } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { accessFilter, type Viewer } from '../ticket-search/ticket-list.repo.js';

/**
 * The per-ticket side of the reports: the scope on `report_ticket` (alias `r`: the viewer's
 * access and the filters), names, chats. The sums side is report.read.ts.
 */
export interface Scope {
  viewer: Viewer;
  groupId?: number | undefined;
  /** The ticket's assignee; agent reports apply it to the acting agent instead. */
  assigneeId?: number | undefined;
  source?: TReportChannel | undefined;
  tag?: string | undefined;
}

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

/** Unsolved tickets created less than `span` ago, by age bracket (index into brackets.age). */
export async function youngUnsolved(db: DbOrTx, now: number, span: number, s: Scope): Promise<Map<number, number>> {
  const age = brackets.age
    .map((b, i) => {
      const upper = b.to_ms === null ? '' : ` AND ${now} - r.create_ts < ${b.to_ms}`;
      return `WHEN ${now} - r.create_ts >= ${b.from_ms}${upper} THEN ${i}`;
    })
    .join(' ');
  const rows = await queryRows<{ k: number; n: number }>(
    db,
    sql`SELECT CASE ${sql.raw(age)} ELSE 0 END AS k, count(*) AS n FROM report_ticket r
        WHERE r.ticket_state IN ('new', 'open', 'pending') AND r.create_ts > ${now - span} AND ${scopeWhere(s)}
        GROUP BY 1`,
  );
  return new Map(rows.map((r) => [Number(r.k), Number(r.n)]));
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
  return { waiting: Number(row?.waiting ?? 0), active: Number(row?.active ?? 0) };
}
