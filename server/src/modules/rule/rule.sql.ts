import { fieldIdOfKey, isRuleFieldKey, type TRuleCondition, type TRuleConditions } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { intArrayLiteral } from '../../db/rows.js';
import { type BusinessSchedule, isOpenAt, subtractBusinessMinutes } from '../schedule/business-time.js';
import { likeOf } from '../search/search.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import { hoursColumn } from './rule.match.js';

/**
 * An automation's conditions as one WHERE over `ticket t`, so a run reads only the tickets that
 * match, through the indexes. "Hours since" becomes a threshold instant computed once per run
 * (in business hours when the automation counts them), the same arithmetic as rule.match.ts.
 */

const hour = 3_600_000;

export interface SqlEnv {
  now: number;
  hoursIn: BusinessSchedule | null;
  schedules: Map<number, BusinessSchedule>;
}

/** The instant `hours` hours before now (business hours when a schedule counts them). */
function before(env: SqlEnv, hours: number): number {
  if (!env.hoursIn) {
    return env.now - hours * hour;
  }
  return subtractBusinessMinutes(env.hoursIn, env.now, hours * 60) ?? Number.MIN_SAFE_INTEGER;
}

const col = (name: string) => sql.raw(`t.${name}`);

function hoursSql(c: TRuleCondition, env: SqlEnv): SQL {
  const n = Number(c.value);
  if (c.field === 'hours_until_sla_breach') {
    const at = env.now + n * hour;
    return c.operator === 'less_than'
      ? sql`(t.sla_due_ts IS NOT NULL AND t.sla_due_ts < ${at})`
      : sql`(t.sla_due_ts IS NOT NULL AND t.sla_due_ts >= ${at + hour})`;
  }
  const column = hoursColumn(c.field) as string;
  const scope =
    c.field === 'hours_since_pending'
      ? sql`t.ticket_state = 'pending' AND `
      : c.field === 'hours_since_solved'
        ? sql`t.ticket_state = 'solved' AND `
        : c.field === 'hours_since_assigned'
          ? sql`t.assignee_id IS NOT NULL AND `
          : sql``;
  // floor(hours since) > n  ⇔  ts <= now - (n+1)h;  < n ⇔ ts > now - n h;  = n ⇔ both edges.
  const range = (ts: SQL) => {
    switch (c.operator) {
      case 'greater_than':
        return sql`${ts} <= ${before(env, n + 1)}`;
      case 'less_than':
        return sql`${ts} > ${before(env, n)}`;
      default:
        return sql`${ts} <= ${before(env, n)} AND ${ts} > ${before(env, n + 1)}`;
    }
  };
  if (column === 'create_ts' || column === 'update_ts' || column === 'requester_update_ts') {
    return sql`(${scope}${range(col(column))})`;
  }
  // Tickets from before the column existed: their last update stands in (as in rule.match.ts).
  // Written as two ranges rather than over coalesce(…), so each can use an index of its column.
  return sql`(${scope}((${col(column)} IS NOT NULL AND ${range(col(column))})
    OR (${col(column)} IS NULL AND ${range(sql`t.update_ts`)})))`;
}

function idSql(column: string, op: string, value: unknown): SQL {
  if (value === null) {
    return op === 'is' ? sql`${col(column)} IS NULL` : sql`${col(column)} IS NOT NULL`;
  }
  return op === 'is' ? sql`${col(column)} = ${Number(value)}` : sql`${col(column)} IS DISTINCT FROM ${Number(value)}`;
}

/** Rows of the value table for this ticket and field that pass `test` (its (ticket_id, field_id) index). */
const holdsValue = (fieldId: number, test: SQL) =>
  sql`EXISTS (SELECT 1 FROM ticket_field_value fv WHERE fv.ticket_id = t.ticket_id AND fv.field_id = ${fieldId} AND ${test})`;

/** A custom field's condition, as rule.match.ts reads it: "changed" holds for no ticket at rest. */
function fieldSql(c: TRuleCondition): SQL {
  const id = fieldIdOfKey(c.field) as number;
  const v = c.value;
  const equals =
    typeof v === 'boolean'
      ? sql`fv.value_num = ${v ? 1 : 0}`
      : typeof v === 'number'
        ? sql`(fv.value_num = ${String(v)}::numeric OR fv.value_text = ${String(v)})`
        : sql`fv.value_text = ${String(v ?? '')}`;
  switch (c.operator) {
    case 'is':
      if (v === false) {
        return sql`NOT ${holdsValue(id, sql`fv.value_num = 1`)}`;
      }
      return v === null ? sql`FALSE` : holdsValue(id, equals);
    case 'is_not':
      if (v === false) {
        return holdsValue(id, sql`fv.value_num = 1`);
      }
      return v === null ? sql`TRUE` : sql`NOT ${holdsValue(id, equals)}`;
    case 'less_than':
    case 'greater_than': {
      const op = sql.raw(c.operator === 'less_than' ? '<' : '>');
      if (typeof v === 'number') {
        return holdsValue(id, sql`fv.value_num ${op} ${String(v)}::numeric`);
      }
      return typeof v === 'string' ? holdsValue(id, sql`fv.value_text ${op} ${v}`) : sql`FALSE`;
    }
    default:
      return sql`FALSE`;
  }
}

export function conditionSql(c: TRuleCondition, env: SqlEnv): SQL {
  if (isRuleFieldKey(c.field)) {
    return fieldSql(c);
  }
  switch (c.field) {
    case 'ticket_state':
    case 'priority':
    case 'ticket_type':
    case 'source':
      return c.operator === 'is'
        ? sql`${col(c.field)} = ${String(c.value)}`
        : sql`${col(c.field)} <> ${String(c.value)}`;
    case 'group_id':
    case 'assignee_id':
    case 'requester_id':
    case 'company_id':
      return idSql(c.field, c.operator, c.value);
    case 'tags': {
      const overlap = sql`t.tags && ${textArrayLiteral(c.value as string[])}::text[]`;
      return c.operator === 'includes' ? overlap : sql`NOT (${overlap})`;
    }
    case 'subject':
      return c.operator === 'contains'
        ? sql`t.subject ILIKE ${likeOf(String(c.value))}`
        : sql`t.subject NOT ILIKE ${likeOf(String(c.value))}`;
    case 'within_schedule': {
      const s = env.schedules.get(Number(c.value));
      const open = s ? isOpenAt(s, env.now) : null;
      return open === null ? sql`FALSE` : (c.operator === 'is') === open ? sql`TRUE` : sql`FALSE`;
    }
    case 'sla_breached':
      if (c.operator !== 'is') {
        return sql`FALSE`;
      }
      return c.value === 'yes' ? sql`t.sla_breach_ts IS NOT NULL` : sql`t.sla_breach_ts IS NULL`;
    default:
      return hoursSql(c, env);
  }
}

/** The whole WHERE: live, not closed, all of `all`, and one of `any` when it has some. */
export function conditionsSql(conditions: TRuleConditions, env: SqlEnv): SQL {
  const parts: SQL[] = [sql`t.deleted_ts IS NULL`, sql`t.ticket_state <> 'closed'`];
  for (const c of conditions.all) {
    parts.push(conditionSql(c, env));
  }
  if (conditions.any.length) {
    parts.push(
      sql`(${sql.join(
        conditions.any.map((c) => conditionSql(c, env)),
        sql` OR `,
      )})`,
    );
  }
  return sql.join(parts, sql` AND `);
}

/**
 * Whether rule conditions (a jsonb `{ all, any }` column, `conditions` of the table in `from`)
 * name one of these schedules in a "within business hours" condition: a schedule in use.
 */
export function conditionsNameSchedule(conditions: SQL, ids: readonly number[]): SQL {
  return sql`EXISTS (SELECT 1 FROM jsonb_array_elements((${conditions}->'all') || (${conditions}->'any')) c
    WHERE c->>'field' = 'within_schedule' AND (c->>'value')::int = ANY(${intArrayLiteral(ids)}::int[]))`;
}
