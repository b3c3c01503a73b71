import {
  isHoursField,
  isRuleFieldKey,
  type TConditionResult,
  type TRuleCondition,
  type TRuleConditions,
} from '@parley/contracts';
import { businessMinutesBetween, isOpenAt } from '../schedule/business-time.js';
import type { RuleFacts, RuleTicket } from './rule.facts.js';

/**
 * Conditions against a ticket, pure: `all` must all hold and, when `any` has some, one of them
 * too. Each result says what the ticket had, so a dry run can show why a rule fired or not.
 */

const hour = 3_600_000;

/** The timestamp an "hours since …" condition measures from; null when it never happened. */
export function hoursColumn(field: string): keyof RuleTicket | null {
  switch (field) {
    case 'hours_since_created':
      return 'create_ts';
    case 'hours_since_updated':
      return 'update_ts';
    case 'hours_since_pending':
      return 'state_ts';
    case 'hours_since_solved':
      return 'solved_ts';
    case 'hours_since_assigned':
      return 'assigned_ts';
    case 'hours_since_requester_updated':
      return 'requester_update_ts';
    default:
      return null;
  }
}

function hoursSince(facts: RuleFacts, field: string): number | null {
  const t = facts.ticket;
  const column = hoursColumn(field);
  if (!column) {
    return null;
  }
  if (field === 'hours_since_pending' && t.ticket_state !== 'pending') {
    return null;
  }
  if (field === 'hours_since_solved' && t.ticket_state !== 'solved') {
    return null;
  }
  if (field === 'hours_since_assigned' && t.assignee_id === null) {
    return null;
  }
  // Tickets from before the column existed: their last update stands in.
  const from = (t[column] as number | null) ?? (field === 'hours_since_requester_updated' ? null : t.update_ts);
  if (from === null) {
    return null;
  }
  const minutes = facts.hoursIn ? businessMinutesBetween(facts.hoursIn, from, facts.now) : (facts.now - from) / 60_000;
  return Math.floor(minutes / 60);
}

const lower = (v: unknown) => String(v ?? '').toLowerCase();
const short = (v: string) => (v.length > 120 ? `${v.slice(0, 117)}…` : v);

/** A custom field's value against a condition's: a multi-select holds it, a number equals it. */
function fieldIs(actual: unknown, v: unknown): boolean {
  if (Array.isArray(actual)) {
    return actual.includes(v);
  }
  if (v === false) {
    // An unchecked checkbox is false, and so is one never set.
    return actual === false || actual === null || actual === undefined;
  }
  return actual !== null && actual !== undefined && (actual === v || String(actual) === String(v));
}

function fieldCompare(actual: unknown, v: unknown, less: boolean): boolean {
  if (typeof actual === 'number' && typeof v === 'number') {
    return less ? actual < v : actual > v;
  }
  if (typeof actual === 'string' && typeof v === 'string') {
    return less ? actual < v : actual > v;
  }
  return false;
}

/** A condition on a custom field (`field_<id>`), from the ticket's values and the change. */
function fieldHolds(c: TRuleCondition, facts: RuleFacts, actual: unknown): boolean {
  const changed = facts.change?.changes.get(c.field);
  switch (c.operator) {
    case 'is':
      return fieldIs(actual, c.value);
    case 'is_not':
      return !fieldIs(actual, c.value);
    case 'changed':
      return changed !== undefined;
    case 'changed_to':
      return changed !== undefined && fieldIs(actual, c.value);
    case 'changed_from':
      return changed !== undefined && fieldIs(changed.old, c.value);
    case 'less_than':
    case 'greater_than':
      return fieldCompare(actual, c.value, c.operator === 'less_than');
    default:
      return false;
  }
}

/** The value a field has now (for the dry run's "actual"). */
function actualOf(c: TRuleCondition, facts: RuleFacts): unknown {
  const t = facts.ticket;
  const ch = facts.change;
  if (isRuleFieldKey(c.field)) {
    return t.fields[c.field] ?? null;
  }
  switch (c.field) {
    case 'comment_type':
      return ch?.comment ? (ch.comment.isPublic ? 'public' : 'internal') : 'none';
    case 'comment_text':
      return ch?.comment ? short(ch.comment.body) : null;
    case 'actor_type':
      return ch ? ch.actorType : 'system';
    case 'update_type':
      return ch?.updateType ?? null;
    case 'within_schedule': {
      const s = facts.schedules.get(Number(c.value));
      return s ? isOpenAt(s, facts.now) : null;
    }
    case 'sla_breached':
      return t.sla_breach_ts ? 'yes' : 'no';
    case 'hours_until_sla_breach': {
      return t.sla_due_ts === null ? null : Math.floor((t.sla_due_ts - facts.now) / hour);
    }
    case 'subject':
      return short(t.subject);
    default:
      if (isHoursField(c.field)) {
        return hoursSince(facts, c.field);
      }
      return t[c.field as keyof RuleTicket];
  }
}

function holds(c: TRuleCondition, facts: RuleFacts, actual: unknown): boolean {
  if (isRuleFieldKey(c.field)) {
    return fieldHolds(c, facts, actual);
  }
  const ch = facts.change;
  const v = c.value;
  switch (c.operator) {
    case 'is':
      if (c.field === 'actor_type' && v === 'requester') {
        return ch !== null && ch.actorId !== null && ch.actorId === facts.ticket.requester_id;
      }
      if (c.field === 'within_schedule') {
        return actual === true;
      }
      return actual === v;
    case 'is_not':
      if (c.field === 'actor_type' && v === 'requester') {
        return !(ch !== null && ch.actorId !== null && ch.actorId === facts.ticket.requester_id);
      }
      if (c.field === 'within_schedule') {
        return actual === false;
      }
      return actual !== v;
    case 'changed':
      return ch?.changes.has(c.field) ?? false;
    case 'changed_to':
      return (ch?.changes.has(c.field) ?? false) && actual === v;
    case 'changed_from':
      return ch?.changes.get(c.field)?.old === v && ch.changes.has(c.field);
    case 'contains': {
      const text = c.field === 'comment_text' ? ch?.comment?.body : facts.ticket.subject;
      return text !== undefined && lower(text).includes(lower(v));
    }
    case 'not_contains': {
      const text = c.field === 'comment_text' ? ch?.comment?.body : facts.ticket.subject;
      return text === undefined || !lower(text).includes(lower(v));
    }
    case 'includes':
      return Array.isArray(v) && v.some((tag) => facts.ticket.tags.includes(String(tag)));
    case 'excludes':
      return Array.isArray(v) && !v.some((tag) => facts.ticket.tags.includes(String(tag)));
    case 'less_than':
      return typeof actual === 'number' && actual < Number(v);
    case 'greater_than':
      return typeof actual === 'number' && actual > Number(v);
  }
}

export function matchConditions(
  conditions: TRuleConditions,
  facts: RuleFacts,
): { matched: boolean; results: TConditionResult[] } {
  const results: TConditionResult[] = [];
  for (const group of ['all', 'any'] as const) {
    for (const c of conditions[group]) {
      const actual = actualOf(c, facts);
      results.push({
        group,
        field: c.field,
        operator: c.operator,
        value: c.value,
        actual,
        matched: holds(c, facts, actual),
      });
    }
  }
  return { matched: conditionsHold(conditions, facts), results };
}

/**
 * Whether the conditions hold: every one of "all", and one of "any" if it has any. Without the
 * results `matchConditions` adds (an object per condition, read by a dry run only): a trigger's
 * pass tries every active trigger on every change (an automation's batch: 500 tickets × 100
 * triggers), an automation and an SLA policy are tried on each ticket of a batch.
 */
export function conditionsHold(conditions: TRuleConditions, facts: RuleFacts): boolean {
  for (const c of conditions.all) {
    if (!holds(c, facts, actualOf(c, facts))) {
      return false;
    }
  }
  return conditions.any.length === 0 || conditions.any.some((c) => holds(c, facts, actualOf(c, facts)));
}

/** The schedules a set of conditions names (loaded once per pass). */
export function scheduleIdsOf(conditions: TRuleConditions[]): number[] {
  return conditions.flatMap((c) =>
    [...c.all, ...c.any].filter((x) => x.field === 'within_schedule').map((x) => Number(x.value)),
  );
}
