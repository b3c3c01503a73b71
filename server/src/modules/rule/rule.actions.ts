import type { TRuleAction, TRuleEffect, TTicketState } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ticket } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import { findTicket, insertComment, rememberTags, type TicketRow, writeEventRows } from '../ticket/ticket.repo.js';
import { type Assignment, resolveAssignment } from '../ticket/ticket.rules.js';
import { bodyText, textToHtml } from '../ticket/ticket.sanitize.js';
import { nextUpdateTs } from '../ticket/ticket.stamp.js';
import { enterState } from '../ticket/ticket.state.js';
import { storeFieldValues } from '../ticket-field/field-store.js';
import {
  agentFieldValues,
  type FieldScope,
  fieldEvents,
  fieldWords,
  loadFieldScope,
} from '../ticket-field/field-values.js';
import { addSearchWords } from '../ticket-search/search-words.js';
import { documentTokens } from '../ticket-search/tokenize.js';
import { withEffects } from './rule.batch.js';
import { type ActionEnv, ruleEvent } from './rule.env.js';
import { queueRuleMail } from './rule.notify.js';
import { queueWebhook } from './rule.webhook.js';

export type { ActionEnv, RuleRef } from './rule.env.js';

/** Event-log rows written without a bus event: the caller emits once the rule's savepoint held. */
export function writeEvents(tx: Tx, ticketId: number, now: number, events: TRuleEffect[]) {
  return writeEventRows(tx, ticketId, null, now, events);
}

function nextTags(current: string[], actions: TRuleAction[]): string[] {
  let tags = [...current];
  for (const a of actions) {
    if (a.action === 'add_tags') {
      tags = [...new Set([...tags, ...a.value])];
    } else if (a.action === 'remove_tags') {
      tags = tags.filter((t) => !a.value.includes(t));
    }
  }
  return tags;
}

/** Actions a trigger's pass applies in memory and writes with the others at the end (rule.batch.ts). */
const inMemory = new Set<TRuleAction['action']>(['set_priority', 'set_type', 'add_tags', 'remove_tags']);

export const actsInMemory = (actions: TRuleAction[]) => actions.every((a) => inMemory.has(a.action));

/**
 * The effects of actions that only set the priority, the type and the tags, from the ticket's
 * current values, in the order and form `applyActions` writes them (without reading or writing).
 */
export function memoryEffects(
  ticket: { priority: string; ticket_type: string; tags: string[] },
  actions: TRuleAction[],
): TRuleEffect[] {
  const effects: TRuleEffect[] = [];
  for (const a of actions) {
    if (a.action === 'set_priority' && a.value !== ticket.priority) {
      effects.push({ field: 'priority', old: ticket.priority, new: a.value });
    } else if (a.action === 'set_type' && a.value !== ticket.ticket_type) {
      effects.push({ field: 'ticket_type', old: ticket.ticket_type, new: a.value });
    }
  }
  const tags = nextTags(ticket.tags, actions);
  if (tags.join('\n') !== ticket.tags.join('\n')) {
    effects.push({ field: 'tags', old: ticket.tags, new: tags });
  }
  return effects;
}

/** What the actions read of a ticket (a `TicketRow` has it all). */
export type ActionTicket = Pick<
  TicketRow,
  | 'assigneeId'
  | 'groupId'
  | 'priority'
  | 'ticketType'
  | 'tags'
  | 'ticketState'
  | 'solvedTs'
  | 'satisfactionToken'
  | 'formId'
  | 'fields'
>;

/**
 * Reads a batch of tickets shares, made once: an assignment resolved per ticket's current
 * assignee and group (the automation's input is the same for all), a form's fields per form.
 */
export class ActionLookups {
  private assignments = new Map<string, Promise<Assignment>>();
  private scopes = new Map<number | null, Promise<FieldScope>>();

  assignment(
    env: ActionEnv,
    current: Assignment,
    input: { assignee_id?: number | null; group_id?: number | null },
  ): Promise<Assignment> {
    const key = JSON.stringify([current.assigneeId, current.groupId, input.assignee_id, input.group_id]);
    let found = this.assignments.get(key);
    if (!found) {
      found = resolveAssignment(env.tx, null, env.settings, current, input);
      found.catch(() => undefined);
      this.assignments.set(key, found);
    }
    return found;
  }

  scope(env: ActionEnv, formId: number | null): Promise<FieldScope> {
    let found = this.scopes.get(formId);
    if (!found) {
      found = loadFieldScope(env.tx, formId);
      found.catch(() => undefined);
      this.scopes.set(formId, found);
    }
    return found;
  }
}

/** A ticket's changes worked out, not written yet (`planActions`). */
export interface ActionPlan {
  next: ActionTicket;
  effects: TRuleEffect[];
  /** The assignee changed: `assigned_ts` becomes now (null without one). */
  assigned: boolean;
  /** The state changed: `state_ts` becomes now. */
  stateChanged: boolean;
  /** Set when custom field values changed: the form's fields, for the value table. */
  scope: FieldScope | null;
  /** Words the changed fields add to search (null: none). */
  tokens: Set<string> | null;
}

/**
 * What a rule's property actions (assignee, group, priority, type, tags, state, fields) make of a
 * ticket, worked out without writing: the ticket after them, its effects in the order the event
 * log records them, and what else the write must keep in step. Throws what the ticket's own
 * checks throw (an assignee no longer staff, a field changed since the rule was saved). One
 * ticket (`applyActions`) and an automation's batch (automation.batch.ts) both start here.
 */
export async function planActions(
  env: ActionEnv,
  row: ActionTicket,
  actions: TRuleAction[],
  lookups: ActionLookups,
): Promise<ActionPlan> {
  const { settings, now } = env;
  const next: ActionTicket = { ...row };
  const plan: ActionPlan = { next, effects: [], assigned: false, stateChanged: false, scope: null, tokens: null };
  const { effects } = plan;

  const assign: { assignee_id?: number | null; group_id?: number | null } = {};
  for (const a of actions) {
    if (a.action === 'set_assignee') {
      assign.assignee_id = a.value;
    } else if (a.action === 'set_group') {
      assign.group_id = a.value;
    }
  }
  if (assign.assignee_id !== undefined || assign.group_id !== undefined) {
    const resolved = await lookups.assignment(env, { assigneeId: row.assigneeId, groupId: row.groupId }, assign);
    if (resolved.assigneeId !== row.assigneeId) {
      next.assigneeId = resolved.assigneeId;
      plan.assigned = true;
      effects.push({ field: 'assignee_id', old: row.assigneeId, new: resolved.assigneeId });
    }
    if (resolved.groupId !== row.groupId) {
      next.groupId = resolved.groupId;
      effects.push({ field: 'group_id', old: row.groupId, new: resolved.groupId });
    }
  }
  const memory = memoryEffects({ priority: row.priority, ticket_type: row.ticketType, tags: row.tags }, actions);
  const props = withEffects({ priority: row.priority, ticket_type: row.ticketType, tags: row.tags }, memory, new Set());
  next.priority = props.priority;
  next.ticketType = props.ticket_type;
  next.tags = props.tags;
  effects.push(...memory);
  const state = actions.findLast((a) => a.action === 'set_state');
  if (state && state.value !== row.ticketState) {
    const entered = enterState(
      settings,
      { state: row.ticketState as TTicketState, solvedTs: row.solvedTs, satisfactionToken: row.satisfactionToken },
      state.value,
      now,
    );
    next.ticketState = entered.state;
    next.solvedTs = entered.solvedTs;
    next.satisfactionToken = entered.satisfactionToken;
    plan.stateChanged = true;
    effects.push(...entered.events);
  }
  const fieldSets = actions.filter((a) => a.action === 'set_field');
  if (fieldSets.length) {
    // Checked like an agent's values (a field deleted or changed since the rule was saved fails
    // the rule, recorded); kept in the ticket, the value table, the history and search.
    const scope = await lookups.scope(env, row.formId);
    const patch = Object.fromEntries(fieldSets.map((a) => [`field_${a.field_id}`, a.value]));
    const values = agentFieldValues(scope, row.fields, patch, false);
    const changes = fieldEvents(row.fields, values);
    if (changes.length) {
      next.fields = values;
      plan.scope = scope;
      plan.tokens = documentTokens(fieldWords(scope, values));
      effects.push(...changes);
    }
  }
  return plan;
}

/**
 * A rule's actions on one ticket, in the caller's transaction (a trigger's savepoint): properties,
 * tags, an internal note, mails and webhook calls queued to leave after commit. Answers the
 * effects in the order the event log records them (empty: nothing changed or was sent).
 */
export async function applyActions(env: ActionEnv, ticketId: number, actions: TRuleAction[]): Promise<TRuleEffect[]> {
  const { tx, now } = env;
  const row = (await findTicket(tx, ticketId, true)) as TicketRow;
  if (row.deletedTs !== null) {
    throw invalid('ticket_deleted', 'ticket_id');
  }
  if (row.ticketState === 'closed') {
    throw invalid('ticket_closed', 'ticket_id');
  }
  const plan = await planActions(env, row, actions, new ActionLookups());
  const { next, effects } = plan;
  let tokens = plan.tokens;
  if (next.tags !== row.tags) {
    await rememberTags(tx, next.tags, now);
  }
  if (plan.scope) {
    await storeFieldValues(tx, ticketId, plan.scope, row.fields, next.fields);
  }
  for (const a of actions) {
    if (a.action === 'add_note') {
      const body = textToHtml(a.value);
      const commentId = await insertComment(tx, { ticketId, authorId: null, body, isPublic: false, now });
      effects.push({ field: 'comment', new: { comment_id: commentId, is_public: false } });
      tokens = documentTokens(bodyText(body), tokens ?? undefined);
    }
  }
  const changed = effects.length > 0;
  for (const a of actions) {
    if (a.action === 'notify') {
      const to = await queueRuleMail(env, ticketId, a);
      effects.push({ field: 'notify', new: { target: a.target, to } });
    } else if (a.action === 'webhook') {
      await queueWebhook(env, ticketId, a);
      effects.push({ field: 'webhook', new: { url: a.url } });
    }
  }
  if (changed) {
    const set = Object.fromEntries(
      Object.entries(next).filter(([k, v]) => v !== row[k as keyof ActionTicket]),
    ) as Partial<typeof ticket.$inferInsert>;
    await tx
      .update(ticket)
      .set({ ...set, updateTs: nextUpdateTs(now) })
      .where(eq(ticket.ticketId, ticketId));
    if (tokens) {
      await addSearchWords(tx, ticketId, tokens);
    }
    const extra = [
      ...(plan.assigned ? [next.assigneeId === null ? 'assigned_ts = NULL' : `assigned_ts = ${now}`] : []),
      ...(plan.stateChanged ? [`state_ts = ${now}`] : []),
    ];
    if (extra.length) {
      await tx.execute(sql.raw(`UPDATE ticket SET ${extra.join(', ')} WHERE ticket_id = ${Number(ticketId)}`));
    }
  }
  if (effects.length) {
    await writeEvents(tx, ticketId, now, [ruleEvent(env.rule), ...effects]);
  }
  return effects;
}
