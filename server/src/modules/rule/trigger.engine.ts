import type { TConditionResult, TRuleAction, TRuleConditions, TRuleEffect } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { emit } from '../../events/transact.js';
import { businessSchedules } from '../schedule/schedule.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { refreshSla } from '../sla/sla.service.js';
import { applyActions, type RuleRef } from './rule.actions.js';
import { changeOfTransaction, loadRuleTicket, type RuleChange, type RuleFacts } from './rule.facts.js';
import { matchConditions, scheduleIdsOf } from './rule.match.js';
import { errorText, recordFailure } from './rule.usage.js';

export interface StoredRule {
  id: number;
  title: string;
  conditions: TRuleConditions;
  actions: TRuleAction[];
}

export async function activeTriggers(tx: Tx): Promise<StoredRule[]> {
  const rows = await queryRows<{
    trigger_id: number;
    title: string;
    conditions: TRuleConditions;
    actions: TRuleAction[];
  }>(
    tx,
    sql`SELECT trigger_id, title, conditions, actions FROM rule_trigger WHERE active ORDER BY position, trigger_id`,
  );
  return rows.map((r) => ({ id: Number(r.trigger_id), title: r.title, conditions: r.conditions, actions: r.actions }));
}

/** What a dry run wants to know of each trigger: its latest evaluation, and what it did when it fired. */
export interface PassEntry {
  trigger_id: number;
  title: string;
  fired: boolean;
  conditions: TConditionResult[];
  effects: TRuleEffect[];
  error: string | null;
}

/** Tickets that had their pass in a transaction: a rule's own changes do not start another. */
const passed = new WeakMap<object, Set<number>>();

/** Marks a ticket as passed in this transaction; false when it already was. */
export function claimPass(tx: Tx, ticketId: number): boolean {
  let seen = passed.get(tx);
  if (!seen) {
    seen = new Set();
    passed.set(tx, seen);
  }
  if (seen.has(ticketId)) {
    return false;
  }
  seen.add(ticketId);
  return true;
}

function merge(change: RuleChange, effects: TRuleEffect[]): RuleChange {
  const changes = new Map(change.changes);
  for (const e of effects) {
    const before = changes.get(e.field);
    changes.set(e.field, { old: before ? before.old : e.old, new: e.new });
  }
  return { ...change, changes };
}

/**
 * The triggers' pass over one change of one ticket, inside the change's transaction. Active
 * triggers are tried in order; the first whose conditions hold fires (in a savepoint: a failure
 * rolls back its part only and is recorded), then the pass starts again from the top with the
 * ticket as it now is, each trigger firing at most once. It ends when a whole round fires none:
 * at most one round per trigger, so no loop.
 */
export async function runPass(
  ctx: AppContext,
  tx: Tx,
  ticketId: number,
  change: RuleChange,
  report?: Map<number, PassEntry>,
  triggers?: StoredRule[],
): Promise<number[]> {
  const list = triggers ?? (await activeTriggers(tx));
  if (list.length === 0) {
    return [];
  }
  const now = Date.now();
  let ticket = await loadRuleTicket(tx, ticketId);
  if (!ticket || ticket.deleted_ts !== null || ticket.ticket_state === 'closed') {
    return [];
  }
  const settings = await getTicketSettings(tx);
  const schedules = await businessSchedules(tx, scheduleIdsOf(list.map((t) => t.conditions)));
  let facts: RuleFacts = { ticket, change, now, schedules };
  const fired: number[] = [];
  const done = new Set<number>();
  for (let round = 0; round <= list.length; round++) {
    let firedThisRound = false;
    for (const trigger of list) {
      if (done.has(trigger.id)) {
        continue;
      }
      const match = matchConditions(trigger.conditions, facts);
      const entry: PassEntry = {
        trigger_id: trigger.id,
        title: trigger.title,
        fired: match.matched,
        conditions: match.results,
        effects: [],
        error: null,
      };
      report?.set(trigger.id, entry);
      if (!match.matched) {
        continue;
      }
      done.add(trigger.id);
      fired.push(trigger.id);
      const rule: RuleRef = { kind: 'trigger', id: trigger.id, title: trigger.title };
      await tx.execute(sql`SAVEPOINT parley_trigger`);
      try {
        entry.effects = await applyActions({ ctx, tx, settings, now, rule }, ticketId, trigger.actions);
        await tx.execute(sql`RELEASE SAVEPOINT parley_trigger`);
      } catch (error) {
        await tx.execute(sql`ROLLBACK TO SAVEPOINT parley_trigger`);
        entry.error = errorText(error);
        await recordFailure(tx, rule, ticketId, error, now);
      }
      const changedFields = entry.effects.map((e) => e.field).filter((f) => f !== 'notify' && f !== 'webhook');
      if (changedFields.length) {
        emit(tx, { type: 'ticket.changed', ticketId, actorId: null, fields: ['rule', ...changedFields] });
        ticket = (await loadRuleTicket(tx, ticketId)) ?? ticket;
        facts = { ...facts, ticket, change: merge(facts.change ?? change, entry.effects) };
      }
      firedThisRound = true;
      break;
    }
    if (!firedThisRound || ticket.ticket_state === 'closed') {
      break;
    }
  }
  if (fired.length) {
    emit(tx, { type: 'rule.fired', kind: 'trigger', ruleIds: fired, ticketId });
  }
  return fired;
}

/** Keeps "when did the state, the assignee, the requester's own update last change" for automations. */
async function stampTimes(tx: Tx, ticketId: number, change: RuleChange) {
  const now = Date.now();
  const sets: string[] = [];
  if (change.changes.has('ticket_state') || change.updateType === 'created') {
    sets.push(`state_ts = ${now}`);
  }
  if (change.changes.has('assignee_id')) {
    sets.push(change.changes.get('assignee_id')?.new === null ? 'assigned_ts = NULL' : `assigned_ts = ${now}`);
  }
  if (change.actorId !== null) {
    sets.push(
      `requester_update_ts = CASE WHEN requester_id = ${Number(change.actorId)} THEN ${now} ELSE requester_update_ts END`,
    );
  }
  if (sets.length) {
    await tx.execute(sql.raw(`UPDATE ticket SET ${sets.join(', ')} WHERE ticket_id = ${Number(ticketId)}`));
  }
}

/** Tickets whose SLA target was computed in a transaction. */
const slaDone = new WeakMap<object, Set<number>>();

/**
 * Triggers run on every ticket change (any channel, agent, mail, chat, automation), before
 * commit; then the ticket's next SLA target is computed once, from the ticket as the
 * transaction leaves it (an automation claims the pass itself, and gets its target here too).
 */
export function registerTriggers(ctx: AppContext): void {
  ctx.events.beforeCommit('ticket.changed', async (event, tx) => {
    if (claimPass(tx, event.ticketId)) {
      const triggers = await activeTriggers(tx);
      const change = await changeOfTransaction(tx, event.ticketId, event, triggers.length > 0);
      await stampTimes(tx, event.ticketId, change);
      if (triggers.length) {
        await runPass(ctx, tx, event.ticketId, change, undefined, triggers);
      }
    }
    let done = slaDone.get(tx);
    if (!done) {
      done = new Set();
      slaDone.set(tx, done);
    }
    if (!done.has(event.ticketId)) {
      done.add(event.ticketId);
      await refreshSla(tx, event.ticketId);
    }
  });
}
