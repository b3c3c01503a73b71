import type { TViewCondition, TViewConditions } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { customFieldWhere } from '../ticket-field/field-where.js';
import { int, type Viewer, word } from '../ticket-search/ticket-sql.js';

const intList = (ids: number[]) => sql.join(ids.map(int), sql`, `);
const words = (values: readonly string[]) => sql.join(values.map(word), sql`, `);
const hoursAgo = (now: number, hours: number) => Math.round(now - hours * 3_600_000);

/** `column IN (...)`, written as `=` for one value so that a partial index on one value still matches. */
function inList(column: string, values: readonly string[], negate = false): SQL {
  const col = sql.raw(column);
  if (values.length === 0) {
    return negate ? sql`true` : sql`false`;
  }
  if (values.length === 1) {
    return negate ? sql`${col} <> ${word(values[0] as string)}` : sql`${col} = ${word(values[0] as string)}`;
  }
  return negate ? sql`${col} NOT IN (${words(values)})` : sql`${col} IN (${words(values)})`;
}

/** `column = id` or `IS NULL`, or their negation (a null column is "not" any id). */
function idIs(column: string, id: number | null, negate: boolean): SQL {
  const col = sql.raw(column);
  if (id === null) {
    return negate ? sql`${col} IS NOT NULL` : sql`${col} IS NULL`;
  }
  return negate ? sql`${col} IS DISTINCT FROM ${int(id)}` : sql`${col} = ${int(id)}`;
}

/**
 * One condition as SQL over the ticket table. Every value is checked (enums, integers) and
 * written as a literal, as the list's own filters are: the planner then proves that a
 * condition implies a partial index's predicate (docs/decisions/0003).
 */
export function conditionSql(c: TViewCondition, viewer: Viewer, now: number): SQL {
  switch (c.field) {
    case 'ticket_state':
      return inList('ticket_state', c.value, c.operator === 'not_in');
    case 'assignee_id':
      return idIs('assignee_id', c.value === 'current_user' ? viewer.accountId : c.value, c.operator === 'is_not');
    case 'group_id': {
      const negate = c.operator === 'is_not';
      if (c.value !== 'current_user_groups') {
        return idIs('group_id', c.value, negate);
      }
      if (viewer.groupIds.length === 0) {
        return negate ? sql`true` : sql`false`;
      }
      return negate
        ? sql`(group_id IS NULL OR group_id NOT IN (${intList(viewer.groupIds)}))`
        : sql`group_id IN (${intList(viewer.groupIds)})`;
    }
    case 'requester_id':
      return idIs('requester_id', c.value, c.operator === 'is_not');
    case 'company_id':
      return idIs('company_id', c.value, c.operator === 'is_not');
    case 'priority':
    case 'ticket_type':
    case 'satisfaction':
      return inList(c.field, c.value, c.operator === 'not_in');
    case 'tags':
      return c.operator === 'not_includes'
        ? sql`NOT (tags @> ARRAY[${c.value}]::text[])`
        : sql`tags @> ARRAY[${c.value}]::text[]`;
    case 'hours_since_update':
    case 'hours_since_create':
    case 'hours_since_solved': {
      const column = sql.raw(
        { hours_since_update: 'update_ts', hours_since_create: 'create_ts', hours_since_solved: 'solved_ts' }[c.field],
      );
      const at = hoursAgo(now, c.value);
      return c.operator === 'greater_than' ? sql`${column} < ${at}` : sql`${column} > ${at}`;
    }
    case 'hours_until_sla_breach': {
      // Both imply a target (not null), so the SLA order index serves them.
      const at = Math.round(now + c.value * 3_600_000);
      return c.operator === 'less_than' ? sql`sla_due_ts < ${at}` : sql`sla_due_ts > ${at}`;
    }
    case 'deleted':
      // Decided by the caller (it picks the live or the deleted tickets).
      return sql`true`;
    case 'custom_field':
      return customFieldWhere(c);
  }
}

/** A view's conditions: each of `all`, and one of `any` (when it has any); whether it lists Deleted tickets. */
export function conditionsSql(
  conditions: TViewConditions,
  viewer: Viewer,
  now: number,
): { parts: SQL[]; deleted: boolean } {
  const deleted = conditions.all.some((c) => c.field === 'deleted');
  const parts = conditions.all.filter((c) => c.field !== 'deleted').map((c) => conditionSql(c, viewer, now));
  const any = (conditions.any ?? []).filter((c) => c.field !== 'deleted');
  if (any.length === 1) {
    parts.push(conditionSql(any[0] as TViewCondition, viewer, now));
  } else if (any.length > 1) {
    parts.push(
      sql`(${sql.join(
        any.map((c) => sql`(${conditionSql(c, viewer, now)})`),
        sql` OR `,
      )})`,
    );
  }
  return { parts, deleted };
}
