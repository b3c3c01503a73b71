import type { TConditionResult, TRuleEffect, TTicketSetting } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { emit } from '../../events/transact.js';
import { businessSchedules } from '../schedule/schedule.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { refreshTargets } from '../sla/sla.recompute.js';
import { refreshSla, slaClock } from '../sla/sla.service.js';
import { actsInMemory, applyActions, memoryEffects, type RuleRef } from './rule.actions.js';
import { PendingWrites } from './rule.batch.js';
import { changeOfTransaction, loadRuleTicket, type RuleChange, type RuleFacts, type RuleTicket } from './rule.facts.js';
import { conditionsHold, matchConditions, scheduleIdsOf } from './rule.match.js';
import { errorText, recordFailure } from './rule.usage.js';
import { activeTriggers, currentTriggers, type StoredRule } from './trigger.cache.js';

export type { StoredRule } from './trigger.cache.js';
export { activeTriggers };

/** What a dry run wants to know of each trigger: its latest evaluation, and what it did when it fired. */
export interface PassEntry {
  trigger_id: number;
  title: string;
  fired: boolean;
  conditions: TConditionResult[];
  effects: TRuleEffect[];
  error: string | null;
}

/**
 * The schedules a list of triggers names, per list (the trigger cache's, a batch's): a pass runs
 * per changed ticket, and an automation's batch runs 500 of them over the same list.
 */
const scheduleIds = new WeakMap<StoredRule[], number[]>();
function schedulesOf(list: StoredRule[]): number[] {
  let ids = scheduleIds.get(list);
  if (!ids) {
    ids = scheduleIdsOf(list.map((t) => t.conditions));
    scheduleIds.set(list, ids);
  }
  return ids;
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
 * triggers are tried in order, in memory; the first whose conditions hold fires, then the pass
 * starts again from the top with the ticket as it now is, each trigger firing at most once. It
 * ends when a whole round fires none: at most one round per trigger, so no loop.
 *
 * A trigger that only sets the priority, the type or tags acts in memory (it cannot fail), and
 * what such triggers change is written once, when the pass ends or before a trigger that needs
 * the database (PendingWrites: one statement, the same event-log rows in the same order). Any
 * other trigger acts in a savepoint: a failure rolls back its part only and is recorded.
 * Answers the triggers that fired and the fields they changed (the caller's `ticket.changed`
 * carries them: one event for the change and its triggers).
 */
export async function runPass(
  ctx: AppContext,
  tx: Tx,
  ticketId: number,
  change: RuleChange,
  report?: Map<number, PassEntry>,
  triggers?: StoredRule[],
  /** The ticket as the caller just wrote it (an automation's batch): not read again. */
  current?: RuleTicket,
): Promise<{ fired: number[]; fields: string[] }> {
  const list = triggers ?? (await currentTriggers(ctx.db, tx)).list;
  const fields = new Set<string>();
  if (list.length === 0) {
    return { fired: [], fields: [] };
  }
  const now = Date.now();
  let ticket = current ?? (await loadRuleTicket(tx, ticketId));
  if (!ticket || ticket.deleted_ts !== null || ticket.ticket_state === 'closed') {
    return { fired: [], fields: [] };
  }
  let settings: TTicketSetting | null = null;
  const schedules = await businessSchedules(tx, schedulesOf(list));
  let facts: RuleFacts = { ticket, change, now, schedules };
  const pending = new PendingWrites();
  const fired: number[] = [];
  const done = new Set<number>();
  for (let round = 0; round <= list.length; round++) {
    let firedThisRound = false;
    for (const trigger of list) {
      if (done.has(trigger.id)) {
        continue;
      }
      // Each condition's result only for a dry run's report; a pass needs whether they hold.
      const match = report
        ? matchConditions(trigger.conditions, facts)
        : { matched: conditionsHold(trigger.conditions, facts), results: [] };
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
      if (actsInMemory(trigger.actions)) {
        entry.effects = memoryEffects(ticket, trigger.actions);
        ticket = pending.add(ticket, rule, entry.effects);
      } else {
        await pending.flush(tx, ticket, now);
        settings ??= await getTicketSettings(tx);
        await tx.execute(sql`SAVEPOINT parley_trigger`);
        try {
          entry.effects = await applyActions({ ctx, tx, settings, now, rule }, ticketId, trigger.actions);
          await tx.execute(sql`RELEASE SAVEPOINT parley_trigger`);
        } catch (error) {
          await tx.execute(sql`ROLLBACK TO SAVEPOINT parley_trigger`);
          entry.error = errorText(error);
          await recordFailure(tx, rule, ticketId, error, now);
        }
      }
      const changedFields = entry.effects.map((e) => e.field).filter((f) => f !== 'notify' && f !== 'webhook');
      if (changedFields.length) {
        for (const f of changedFields) {
          fields.add(f);
        }
        if (!actsInMemory(trigger.actions)) {
          ticket = (await loadRuleTicket(tx, ticketId)) ?? ticket;
        }
        facts = { ...facts, ticket, change: merge(facts.change ?? change, entry.effects) };
      }
      firedThisRound = true;
      break;
    }
    if (!firedThisRound || ticket.ticket_state === 'closed') {
      break;
    }
  }
  await pending.flush(tx, ticket, now);
  if (fired.length) {
    emit(tx, { type: 'rule.fired', kind: 'trigger', ruleIds: fired, ticketId });
  }
  return { fired, fields: fields.size ? ['rule', ...fields] : [] };
}

/**
 * The triggers' pass after the system changed a ticket (an automation's effects, an SLA breach),
 * the ticket claimed first so its pass runs once in the transaction. Answers the fields the
 * triggers changed (empty: none fired), or null when the ticket already had its pass.
 */
export async function passAfterSystem(
  ctx: AppContext,
  tx: Tx,
  ticketId: number,
  effects: TRuleEffect[],
  triggers: StoredRule[],
  /** The ticket as the caller just wrote it: not read again. */
  current?: RuleTicket,
): Promise<string[] | null> {
  if (!claimPass(tx, ticketId)) {
    return null;
  }
  if (triggers.length === 0) {
    return [];
  }
  const change: RuleChange = {
    updateType: 'updated',
    actorId: null,
    actorType: 'system',
    changes: new Map(effects.map((e) => [e.field, { old: e.old, new: e.new }])),
    comment: null,
  };
  return (await runPass(ctx, tx, ticketId, change, undefined, triggers, current)).fields;
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
function slaDoneIn(tx: Tx): Set<number> {
  let done = slaDone.get(tx);
  if (!done) {
    done = new Set();
    slaDone.set(tx, done);
  }
  return done;
}

/**
 * Tickets whose SLA target the caller wrote with their change, from the ticket as the transaction
 * leaves it (an automation's batch, when no trigger changed the ticket after it): the
 * `tickets.changed` subscriber below leaves them.
 */
export function slaWritten(tx: Tx, ticketIds: readonly number[]): void {
  const done = slaDoneIn(tx);
  for (const id of ticketIds) {
    done.add(id);
  }
}

/**
 * Triggers run on every ticket change (any channel, agent, mail, chat, automation), before
 * commit and before the other subscribers of `ticket.changed` (reports, mail): what the triggers
 * changed is added to the event's fields, so those run once on the ticket as the change and its
 * triggers leave it. Then the ticket's next SLA target is computed once, from the ticket as the
 * transaction leaves it (an automation claims the pass itself, and gets its target here too).
 * Who made the change and its comment are read only when some active trigger's conditions use them.
 */
export function registerTriggers(ctx: AppContext): void {
  ctx.events.beforeCommit(
    'ticket.changed',
    async (event, tx) => {
      if (claimPass(tx, event.ticketId)) {
        const triggers = await currentTriggers(ctx.db, tx);
        const change = await changeOfTransaction(tx, event.ticketId, event, {
          actor: triggers.readsActor,
          comment: triggers.readsComment,
        });
        await stampTimes(tx, event.ticketId, change);
        if (triggers.list.length) {
          const pass = await runPass(ctx, tx, event.ticketId, change, undefined, triggers.list);
          if (pass.fields.length) {
            event.fields = [...event.fields, ...pass.fields.filter((f) => !event.fields.includes(f))];
          }
        }
      }
      const done = slaDoneIn(tx);
      if (!done.has(event.ticketId)) {
        done.add(event.ticketId);
        await refreshSla(tx, event.ticketId);
      }
    },
    { first: true },
  );
  // An automation's batch: the targets of the tickets not refreshed yet in this transaction, together.
  ctx.events.beforeCommit('tickets.changed', async (event, tx) => {
    const done = slaDoneIn(tx);
    const ids = event.ticketIds.filter((id) => !done.has(id));
    for (const id of ids) {
      done.add(id);
    }
    await refreshTargets(tx, ids, slaClock(tx));
  });
}
