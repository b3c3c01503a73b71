import type { TRuleAction, TRuleEffect, TTicketState } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ticket } from '../../db/schema/index.js';
import { invalid } from '../../http/app-error.js';
import { findTicket, insertComment, rememberTags, type TicketRow, vectorOf } from '../ticket/ticket.repo.js';
import { resolveAssignment } from '../ticket/ticket.rules.js';
import { bodyText, textToHtml } from '../ticket/ticket.sanitize.js';
import { enterState } from '../ticket/ticket.state.js';
import { storeFieldValues } from '../ticket-field/field-store.js';
import { agentFieldValues, fieldEvents, fieldWords, loadFieldScope } from '../ticket-field/field-values.js';
import { documentTokens } from '../ticket-search/tokenize.js';
import type { ActionEnv } from './rule.env.js';
import { queueRuleMail } from './rule.notify.js';
import { queueWebhook } from './rule.webhook.js';

export type { ActionEnv, RuleRef } from './rule.env.js';

/** Event-log rows written without a bus event: the caller emits once the rule's savepoint held. */
export async function writeEvents(tx: Tx, ticketId: number, now: number, events: TRuleEffect[]) {
  const list = JSON.stringify(events.map((e) => ({ field: e.field, old: e.old ?? null, new: e.new ?? null })));
  await tx.execute(sql`
    INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
    SELECT ${ticketId}, NULL, e.field, e.old, e.new, ${now}
    FROM ROWS FROM (jsonb_to_recordset(${list}::jsonb) AS (field text, old jsonb, new jsonb)) WITH ORDINALITY AS e(field, old, new, n)
    ORDER BY e.n`);
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

/**
 * A rule's actions on one ticket, in the caller's transaction (a trigger's savepoint): properties,
 * tags, an internal note, mails and webhook calls queued to leave after commit. Answers the
 * effects in the order the event log records them (empty: nothing changed or was sent).
 */
export async function applyActions(env: ActionEnv, ticketId: number, actions: TRuleAction[]): Promise<TRuleEffect[]> {
  const { tx, settings, now } = env;
  const row = (await findTicket(tx, ticketId, true)) as TicketRow;
  if (row.deletedTs !== null) {
    throw invalid('ticket_deleted', 'ticket_id');
  }
  if (row.ticketState === 'closed') {
    throw invalid('ticket_closed', 'ticket_id');
  }
  const effects: TRuleEffect[] = [];
  const set: Partial<typeof ticket.$inferInsert> & Record<string, unknown> = {};
  const extra: string[] = [];

  const assign: { assignee_id?: number | null; group_id?: number | null } = {};
  for (const a of actions) {
    if (a.action === 'set_assignee') {
      assign.assignee_id = a.value;
    } else if (a.action === 'set_group') {
      assign.group_id = a.value;
    }
  }
  if (assign.assignee_id !== undefined || assign.group_id !== undefined) {
    const next = await resolveAssignment(tx, null, settings, row, assign);
    if (next.assigneeId !== row.assigneeId) {
      set.assigneeId = next.assigneeId;
      effects.push({ field: 'assignee_id', old: row.assigneeId, new: next.assigneeId });
      extra.push(next.assigneeId === null ? 'assigned_ts = NULL' : `assigned_ts = ${now}`);
    }
    if (next.groupId !== row.groupId) {
      set.groupId = next.groupId;
      effects.push({ field: 'group_id', old: row.groupId, new: next.groupId });
    }
  }
  for (const a of actions) {
    if (a.action === 'set_priority' && a.value !== row.priority) {
      set.priority = a.value;
      effects.push({ field: 'priority', old: row.priority, new: a.value });
    } else if (a.action === 'set_type' && a.value !== row.ticketType) {
      set.ticketType = a.value;
      effects.push({ field: 'ticket_type', old: row.ticketType, new: a.value });
    }
  }
  const tags = nextTags(row.tags, actions);
  if (tags.join('\n') !== row.tags.join('\n')) {
    set.tags = tags;
    effects.push({ field: 'tags', old: row.tags, new: tags });
    await rememberTags(tx, tags, now);
  }
  const state = actions.findLast((a) => a.action === 'set_state');
  if (state && state.value !== row.ticketState) {
    const next = enterState(
      settings,
      { state: row.ticketState as TTicketState, solvedTs: row.solvedTs, satisfactionToken: row.satisfactionToken },
      state.value,
      now,
    );
    set.ticketState = next.state;
    set.solvedTs = next.solvedTs;
    set.satisfactionToken = next.satisfactionToken;
    effects.push(...next.events);
    extra.push(`state_ts = ${now}`);
  }
  let tokens: ReturnType<typeof documentTokens> | null = null;
  const fieldSets = actions.filter((a) => a.action === 'set_field');
  if (fieldSets.length) {
    // Checked like an agent's values (a field deleted or changed since the rule was saved fails
    // the rule, recorded); kept in the ticket, the value table, the history and search.
    const scope = await loadFieldScope(tx, row.formId);
    const patch = Object.fromEntries(fieldSets.map((a) => [`field_${a.field_id}`, a.value]));
    const next = agentFieldValues(scope, row.fields, patch, false);
    const changes = fieldEvents(row.fields, next);
    if (changes.length) {
      set.fields = next;
      effects.push(...changes);
      await storeFieldValues(tx, ticketId, scope, row.fields, next);
      tokens = documentTokens(fieldWords(scope, next));
    }
  }
  for (const a of actions) {
    if (a.action === 'add_note') {
      const body = textToHtml(a.value);
      const commentId = await insertComment(tx, { ticketId, authorId: null, body, isPublic: false, now });
      effects.push({ field: 'comment', new: { comment_id: commentId, is_public: false } });
      tokens = documentTokens(bodyText(body), tokens ?? undefined);
    }
  }
  const vector = tokens ? vectorOf(tokens) : null;
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
    await tx
      .update(ticket)
      .set({
        ...set,
        ...(vector ? { searchVector: sql`${ticket.searchVector} || ${vector}` as unknown as string } : {}),
        updateTs: now,
      })
      .where(eq(ticket.ticketId, ticketId));
    if (extra.length) {
      await tx.execute(sql.raw(`UPDATE ticket SET ${extra.join(', ')} WHERE ticket_id = ${Number(ticketId)}`));
    }
  }
  if (effects.length) {
    await writeEvents(tx, ticketId, now, [
      { field: 'rule', old: null, new: { kind: env.rule.kind, id: env.rule.id, title: env.rule.title } },
      ...effects,
    ]);
  }
  return effects;
}
