import { type TTicketSort, type TViewConditions, type TViewGroupBy, ticketSorts } from '@parley/contracts';
import { count, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { ticket } from '../../db/schema/index.js';
import { conditionsSql } from '../ticket-view/view-where.js';
import type { SearchQuery } from './search-query.js';
import { searchWhere } from './search-where.js';
import { int, type Viewer, word } from './ticket-sql.js';

export type { Viewer } from './ticket-sql.js';

export interface TicketFilter {
  conditions?: TViewConditions | undefined;
  /** The search box, taken apart (search-query.ts). */
  search?: SearchQuery | undefined;
  ticket_state?: string | undefined;
  assignee_id?: number | undefined;
  group_id?: number | undefined;
  requester_id?: number | undefined;
  company_id?: number | undefined;
  tag?: string | undefined;
  create_ts_from?: number | undefined;
  create_ts_to?: number | undefined;
  update_ts_from?: number | undefined;
  update_ts_to?: number | undefined;
  except_ticket_id?: number | undefined;
  /** Conditions on custom fields (ticket-field/field-where.ts), already SQL. */
  fieldWhere?: SQL[] | undefined;
}

const intList = (ids: number[]) => sql.join(ids.map(int), sql`, `);
const stateIn = (states: readonly string[]) =>
  states.length === 1
    ? sql`ticket_state = ${word(states[0] as string)}`
    : sql`ticket_state IN (${sql.join(states.map(word), sql`, `)})`;

/** The tickets a viewer may see: admins and `all` every one, `groups` their groups' and their own, `own` their own. */
export function accessFilter(viewer: Viewer): SQL | undefined {
  if (viewer.userType === 'admin' || viewer.ticketAccess === 'all') {
    return undefined;
  }
  const me = int(viewer.accountId);
  if (viewer.ticketAccess === 'groups' && viewer.groupIds.length > 0) {
    return sql`(group_id IN (${intList(viewer.groupIds)}) OR assignee_id = ${me})`;
  }
  return sql`assignee_id = ${me}`;
}

/** The WHERE of a ticket list: access, the view's conditions, the filters and the keyword. */
export function ticketWhere(viewer: Viewer, filter: TicketFilter, now = Date.now()): SQL {
  const { parts, deleted } = filter.conditions
    ? conditionsSql(filter.conditions, viewer, now)
    : { parts: [] as SQL[], deleted: false };
  parts.unshift(deleted ? sql`deleted_ts IS NOT NULL` : sql`deleted_ts IS NULL`);
  const access = accessFilter(viewer);
  if (access) {
    parts.push(access);
  }
  if (filter.ticket_state) {
    parts.push(stateIn([filter.ticket_state]));
  }
  if (filter.assignee_id) {
    parts.push(sql`assignee_id = ${int(filter.assignee_id)}`);
  }
  if (filter.group_id) {
    parts.push(sql`group_id = ${int(filter.group_id)}`);
  }
  if (filter.requester_id) {
    parts.push(sql`requester_id = ${int(filter.requester_id)}`);
  }
  if (filter.company_id) {
    parts.push(sql`company_id = ${int(filter.company_id)}`);
  }
  if (filter.tag) {
    parts.push(sql`tags @> ARRAY[${filter.tag}]::text[]`);
  }
  if (filter.create_ts_from !== undefined) {
    parts.push(sql`create_ts >= ${filter.create_ts_from}`);
  }
  if (filter.create_ts_to !== undefined) {
    parts.push(sql`create_ts < ${filter.create_ts_to}`);
  }
  if (filter.update_ts_from !== undefined) {
    parts.push(sql`update_ts >= ${filter.update_ts_from}`);
  }
  if (filter.update_ts_to !== undefined) {
    parts.push(sql`update_ts < ${filter.update_ts_to}`);
  }
  if (filter.except_ticket_id) {
    parts.push(sql`ticket_id <> ${int(filter.except_ticket_id)}`);
  }
  if (filter.search) {
    parts.push(...searchWhere(viewer, filter.search));
  }
  parts.push(...(filter.fieldWhere ?? []));
  return sql.join(parts, sql` AND `);
}

const groupColumns: Record<TViewGroupBy, string> = {
  ticket_state: 'ticket_state',
  priority: 'priority',
  ticket_type: 'ticket_type',
  assignee: 'assignee_id',
  group: 'group_id',
  company: 'company_id',
};

/**
 * ORDER BY for a sort key, in the order (and NULLS placement) of the list indexes, so that a scan
 * needs no sort. A view grouped by a property is ordered by it first: its index (property, then
 * update_ts, ticket_id) serves the update-ordered lists.
 */
export function ticketOrder(sort: TTicketSort, groupBy?: TViewGroupBy | null): SQL {
  if (!ticketSorts.includes(sort)) {
    throw new Error(`unknown sort ${sort}`);
  }
  if (sort === 'sla_due_ts') {
    // The SLA order index's own order: soonest breach first, tickets without a target last.
    const group = groupBy ? `"ticket"."${groupColumns[groupBy]}" ASC NULLS LAST, ` : '';
    return sql.raw(`${group}"ticket"."sla_due_ts" ASC NULLS LAST, "ticket"."ticket_id" ASC`);
  }
  const desc = sort.startsWith('-');
  const name = desc ? sort.slice(1) : sort;
  const dir = desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST';
  const group = groupBy ? `"ticket"."${groupColumns[groupBy]}" ASC NULLS LAST, ` : '';
  return sql.raw(
    group +
      (name === 'ticket_id' ? `"ticket"."ticket_id" ${dir}` : `"ticket"."${name}" ${dir}, "ticket"."ticket_id" ${dir}`),
  );
}

/**
 * A page of ids by the list's order: only index columns are touched, so deep offsets skip index
 * entries without visiting the table (the "deferred join": the page's rows are read afterwards).
 */
export function pageIdsQuery(where: SQL, order: SQL, offset: number, limit: number): SQL {
  return sql`SELECT ticket_id FROM ticket WHERE ${where} ORDER BY ${order} LIMIT ${int(limit)} OFFSET ${int(offset)}`;
}

/**
 * The list's columns, named as the wire names them (rows go out as they come). Epoch-ms columns
 * are read as float8, which both drivers answer as JS numbers (exact below 2^53); int8 would come
 * back as text from `pg`. No row passes through the query builder's mapping: on a page of 50
 * it cost a tenth of the call's CPU.
 */
const listSelect = sql.raw(
  [
    'ticket.ticket_id, ticket.subject, ticket.ticket_state, ticket.ticket_type, ticket.priority, ticket.source',
    'ticket.requester_id, requester.requester_name, requester.requester_email',
    'ticket.assignee_id, ticket.group_id, ticket.company_id, ticket.tags, ticket.fields, ticket.satisfaction',
    'ticket.deleted_ts IS NOT NULL AS is_deleted, ticket.create_ts::float8 AS create_ts',
    'ticket.update_ts::float8 AS update_ts, ticket.solved_ts::float8 AS solved_ts',
    'ticket.sla_due_ts::float8 AS sla_due_ts, ticket.sla_metric',
  ].join(', '),
);

/**
 * Tickets with their requesters. The requester comes through a lateral subquery that adds only
 * its name and email, so a WHERE's bare column names still mean the ticket's.
 */
const ticketsWithRequester = sql.raw(
  'ticket CROSS JOIN LATERAL (SELECT real_name AS requester_name, email AS requester_email FROM account WHERE account.account_id = ticket.requester_id) requester',
);

/**
 * The page's rows, already the wire's list items: the ids first (index only), then those few
 * tickets and their requesters.
 */
export function pageQuery(where: SQL, order: SQL, offset: number, limit: number): SQL {
  return sql`SELECT ${listSelect} FROM ${ticketsWithRequester}
    WHERE ticket.ticket_id IN (${pageIdsQuery(where, order, offset, limit)})
    ORDER BY ${order}`;
}

/** The columns any list order (and grouping) names: what a subquery standing for `ticket` keeps. */
const orderColumns = sql.raw(
  'ticket_id, update_ts, create_ts, solved_ts, sla_due_ts, ticket_state, priority, ticket_type, assignee_id, group_id, company_id',
);

/** The rows of these tickets with their requesters, in the list's order (only those still matching `where`). */
export function rowsByIds(ids: number[], order: SQL, where?: SQL): SQL {
  const picked = sql`ticket.ticket_id = ANY(${intArrayLiteral(ids)}::int[])`;
  return sql`SELECT ${listSelect} FROM ${ticketsWithRequester} WHERE ${where ? sql`${picked} AND ${where}` : picked} ORDER BY ${order}`;
}

/**
 * At most `cap + 1` matches (in no order, so any index may find them), then the page of them in
 * the list's order, and how many were collected: one row per page id, or one row with a null
 * id when the page is empty.
 */
export function collectedPageQuery(db: DbOrTx, where: SQL, order: SQL, offset: number, limit: number, cap: number) {
  return queryRows<{ id: number | null; n: number }>(db, collectedPageSql(where, order, offset, limit, cap));
}

/** The statement of `collectedPageQuery`. */
export function collectedPageSql(where: SQL, order: SQL, offset: number, limit: number, cap: number): SQL {
  return sql`
    WITH collected AS MATERIALIZED (
      SELECT ${orderColumns} FROM ticket WHERE ${where} LIMIT ${int(cap + 1)}
    )
    SELECT p.ticket_id AS id, c.n
    FROM (SELECT count(*)::int AS n FROM collected) c
    LEFT JOIN LATERAL (
      SELECT ticket_id FROM collected AS ticket ORDER BY ${order} LIMIT ${int(limit)} OFFSET ${int(offset)}
    ) p ON true`;
}

/** Lists longer than this are counted from the planner's estimate. */
export const exactCountCap = 10_000;

/**
 * Counts at most `cap + 1` matches: cheap, and exact whenever the list is not huge. Ordered like
 * the list, so that it walks the list's own index (index-only) rather than the table.
 */
export function cappedCountQuery(db: DbOrTx, where: SQL, order: SQL, cap = exactCountCap) {
  const capped = db
    .select({ id: ticket.ticketId })
    .from(ticket)
    .where(where)
    .orderBy(order)
    .limit(cap + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Plan Rows': number; Plans?: PlanNode[] };

/** `EXPLAIN (FORMAT JSON)` of a statement, as the plan tree (both drivers). */
export async function explain(db: DbOrTx, query: SQL | SQLWrapper): Promise<PlanNode> {
  const rows = await queryRows(db, sql`EXPLAIN (FORMAT JSON) ${query}`);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return (plan[0] as { Plan: PlanNode }).Plan;
}

/** The planner's row estimate for a WHERE (statistics from ANALYZE; no rows are read). */
export async function estimateCount(db: DbOrTx, where: SQL): Promise<number> {
  return Math.round((await explain(db, sql`SELECT 1 FROM ticket WHERE ${where}`))['Plan Rows'] ?? 0);
}
