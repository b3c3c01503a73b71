import type { TRuleEffect, TTicketSetting } from '@parley/contracts';
import { fieldIdOfKey } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { breather } from '../../events/breathe.js';
import { emit } from '../../events/transact.js';
import { type SlaRowTarget, slaTargetsOf } from '../sla/sla.recompute.js';
import { breachAfter, slaClock } from '../sla/sla.service.js';
import { nextUpdateTs } from '../ticket/ticket.stamp.js';
import { valueRows } from '../ticket-field/field-store.js';
import { addSearchWordsOf } from '../ticket-search/search-words.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import { actExtras } from './automation.extras.js';
import type { AutomationRow } from './automation.service.js';
import { type ActionEnv, ActionLookups, type ActionPlan, type ActionTicket, planActions } from './rule.actions.js';
import { ruleEvent } from './rule.env.js';
import { type RuleTicket, readRuleTicket, ruleTicketColumns } from './rule.facts.js';
import { conditionsHold } from './rule.match.js';
import type { SqlEnv } from './rule.sql.js';
import { recordFailures } from './rule.usage.js';
import { passAfterSystem, type StoredRule, slaWritten } from './trigger.engine.js';

/** What a batch reads once: the ticket settings and the active triggers. */
export interface BatchEnv {
  settings: TTicketSetting;
  triggers: StoredRule[];
}

/** A ticket the automation acted on: as its actions leave it, and how. */
interface Changed {
  before: ActionTicket;
  ticket: RuleTicket;
  plan: ActionPlan;
  /** Its event-log rows after the rule's: the properties' (`plan.effects`), then notes, mails, calls. */
  effects: TRuleEffect[];
  /** Its row is written (a property changed or a note was added); a mail or a call alone leaves it. */
  touched: boolean;
  /** Search words its changes add (null: none). */
  words: Set<string> | null;
  /** Its first reply's time (its SLA target reads it). */
  firstReplyTs: number | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The ticket as rules read it after the plan, as the batch's statement writes it. */
function ruleTicketAfter(t: RuleTicket, plan: ActionPlan, now: number): RuleTicket {
  const { next } = plan;
  return {
    ...t,
    priority: next.priority,
    ticket_type: next.ticketType,
    tags: next.tags,
    assignee_id: next.assigneeId,
    group_id: next.groupId,
    ticket_state: next.ticketState,
    solved_ts: next.solvedTs,
    fields: next.fields,
    update_ts: now,
    assigned_ts: plan.assigned ? (next.assigneeId === null ? null : now) : t.assigned_ts,
    state_ts: plan.stateChanged ? now : t.state_ts,
  };
}

/**
 * An automation's actions (properties, custom fields, notes, mails, webhook calls) on a batch of
 * tickets in set-based statements, as `applyActions` does them to one ticket at a time (which
 * automation.run.ts keeps for tests and the dry run). Inside the batch's transaction:
 *   1. the batch's tickets are locked and read in one statement (`where`: its conditions), and
 *      checked again in memory as they are now (the same test as one ticket at a time);
 *   2. each ticket's changes are worked out in memory by `planActions`, as `applyActions` works
 *      them out for one ticket; what they read (an assignment from the ticket's assignee and
 *      group, a form's fields) is read once per batch. A ticket whose actions fail those checks
 *      gets its failure recorded and is left as it was, as one ticket at a time;
 *   3. the notes, mails and webhook calls of every ticket acted on, a few statements for the
 *      batch (automation.extras.ts);
 *   4. one statement writes every changed ticket's values, the tag names, and each ticket's rows
 *      in its event log: a `rule` row naming the automation, then its effects (the same rows, per
 *      ticket and in the same order, as one ticket at a time); one more the custom field values;
 *   5. each changed ticket then gets the triggers' pass as before (claimed, so the change fires
 *      each trigger at most once and never loops; evaluated in memory from the values just
 *      written: only a ticket on which a trigger fires costs statements). Evaluated in memory,
 *      500 tickets against 100 triggers are one long stretch of JavaScript: this loop and the
 *      plan's let the event loop run every 10 ms (events/breathe.ts), so a server running the
 *      hour's run keeps answering meanwhile;
 *   6. one `tickets.changed` for the batch instead of a `ticket.changed` per ticket, its tickets
 *      by kind of change (the same fields changed, the automation's and the triggers' after it):
 *      reports and SLA targets refresh them all at once, and the mails their change causes
 *      (mail.out.ts: the requester of a ticket now solved, a new assignee) are queued together.
 *      (A refresh of the report rows costs about the same for 1 ticket as for 500: a per-ticket
 *      event was most of a run, and an event per kind of change still doubled the refreshes.)
 * Answers the tickets the automation acted on (matched and not failed).
 */
export async function actOnBatch(
  ctx: AppContext,
  tx: Tx,
  a: AutomationRow,
  env: SqlEnv,
  where: ReturnType<typeof sql>,
  ids: number[],
  batch: BatchEnv,
): Promise<number[]> {
  const rows = await queryRows(
    tx,
    sql`SELECT ${ruleTicketColumns}, t.form_id, t.satisfaction_token, t.first_reply_ts FROM ticket t
      WHERE t.ticket_id = ANY(${intArrayLiteral(ids)}::int[]) AND ${where}
      ORDER BY t.ticket_id FOR UPDATE OF t`,
  );
  const rule = { kind: 'automation' as const, id: a.automation_id, title: a.title };
  const actionEnv: ActionEnv = { ctx, tx, settings: batch.settings, now: env.now, rule };
  const lookups = new ActionLookups();
  const acted: number[] = [];
  const failed: Array<{ ticketId: number; error: unknown }> = [];
  const planned: Array<{ before: ActionTicket; ticket: RuleTicket; plan: ActionPlan; firstReplyTs: number | null }> =
    [];
  // The loops over the batch below work in memory: they let the event loop run between slices.
  const breathe = breather();
  for (const r of rows) {
    await breathe();
    const ticket = readRuleTicket(r);
    if (
      ticket.deleted_ts !== null ||
      ticket.ticket_state === 'closed' ||
      !conditionsHold(a.conditions, {
        ticket,
        change: null,
        now: env.now,
        schedules: env.schedules,
        hoursIn: env.hoursIn,
      })
    ) {
      continue;
    }
    const before: ActionTicket = {
      assigneeId: ticket.assignee_id,
      groupId: ticket.group_id,
      priority: ticket.priority,
      ticketType: ticket.ticket_type,
      tags: ticket.tags,
      ticketState: ticket.ticket_state,
      solvedTs: ticket.solved_ts,
      satisfactionToken: (r.satisfaction_token as string | null) ?? null,
      formId: num(r.form_id),
      fields: ticket.fields,
    };
    let plan: ActionPlan;
    try {
      plan = await planActions(actionEnv, before, a.actions, lookups);
    } catch (error) {
      failed.push({ ticketId: ticket.ticket_id, error });
      continue;
    }
    acted.push(ticket.ticket_id);
    planned.push({ before, ticket, plan, firstReplyTs: num(r.first_reply_ts) });
  }
  await recordFailures(tx, rule, failed, env.now);
  // Notes, mails and calls go to every ticket acted on, changed or not (as one ticket at a time).
  const extras = await actExtras(actionEnv, a.actions, acted);
  const changed: Changed[] = [];
  for (const { before, ticket, plan, firstReplyTs } of planned) {
    const x = extras.get(ticket.ticket_id);
    const effects = [...plan.effects, ...(x?.effects ?? [])];
    if (effects.length === 0) {
      continue;
    }
    const touched = plan.effects.length > 0 || x?.noted === true;
    const words = x?.tokens ? new Set([...(plan.tokens ?? []), ...x.tokens]) : plan.tokens;
    changed.push({
      before,
      ticket: touched ? ruleTicketAfter(ticket, plan, env.now) : ticket,
      plan,
      effects,
      touched,
      words,
      firstReplyTs,
    });
  }
  if (changed.length === 0) {
    return acted;
  }
  // The SLA targets of the tickets written, as they will be (a state change counted as the event
  // the statement below adds), written by the same statement: a second UPDATE of each row after
  // it (the SLA subscriber's) re-inserted every index entry of the row again, the search vector's
  // words included (6-9 s of a first run at 1M tickets).
  const slaNow = slaClock(tx);
  const written = changed.filter((c) => c.touched);
  const newStates = new Map(
    written
      .filter((c) => c.plan.stateChanged)
      .map((c) => [c.ticket.ticket_id, { new_value: c.ticket.ticket_state, create_ts: env.now }]),
  );
  const targets = await slaTargetsOf(
    tx,
    written.map((c) => ({ ...c.ticket, first_reply_ts: c.firstReplyTs })),
    slaNow,
    newStates,
  );
  await writeChanges(tx, changed, ruleEvent(rule), env.now, {
    now: slaNow,
    of: new Map(targets.map((x) => [x.ticket_id, x])),
  });
  const slaKept: number[] = [];

  // The tickets by what changed on them (the automation's effects, then the triggers'): one
  // automation's batch leaves a few kinds at most (a ticket that had the assignee already, one a
  // trigger tagged after). One event for them all.
  // A mail or a call alone changes nothing: no triggers' pass, no event (as one ticket at a time).
  const together = new Map<string, { ticketIds: number[]; fields: string[] }>();
  for (const { ticket, effects } of changed) {
    await breathe();
    const own = [...new Set(effects.map((e) => e.field).filter((f) => f !== 'notify' && f !== 'webhook'))];
    if (own.length === 0) {
      continue;
    }
    const passed = await passAfterSystem(ctx, tx, ticket.ticket_id, effects, batch.triggers, ticket);
    const more = (passed ?? []).filter((f) => f !== 'rule' && !own.includes(f));
    // No trigger changed it after the automation: the target written with it stands.
    if (more.length === 0) {
      slaKept.push(ticket.ticket_id);
    }
    const fields = ['rule', ...own, ...more];
    const alike = together.get(fields.join()) ?? { ticketIds: [], fields };
    alike.ticketIds.push(ticket.ticket_id);
    together.set(fields.join(), alike);
  }
  slaWritten(tx, slaKept);
  const kinds = [...together.values()];
  if (kinds.length) {
    emit(tx, { type: 'tickets.changed', ticketIds: kinds.flatMap((k) => k.ticketIds), actorId: null, kinds });
  }
  return acted;
}

/**
 * The changed tickets' values, tag names and the event-log rows of all in one statement; their custom field
 * values (the value table, as `storeFieldValues` keeps it per ticket) in one more.
 */
async function writeChanges(
  tx: Tx,
  changed: Changed[],
  rule: TRuleEffect,
  now: number,
  sla: { now: number; of: ReadonlyMap<number, SlaRowTarget> },
) {
  const tags = new Set<string>();
  const values = changed.flatMap(({ before, ticket, plan, touched }) => {
    if (!touched) {
      return [];
    }
    if (plan.next.tags !== before.tags) {
      for (const tag of plan.next.tags) {
        tags.add(tag);
      }
    }
    const target = sla.of.get(ticket.ticket_id);
    return {
      ticket_id: ticket.ticket_id,
      priority: ticket.priority,
      ticket_type: ticket.ticket_type,
      tags: ticket.tags,
      assignee_id: ticket.assignee_id,
      group_id: ticket.group_id,
      ticket_state: ticket.ticket_state,
      solved_ts: ticket.solved_ts,
      satisfaction_token: plan.next.satisfactionToken,
      // Only when they changed: a value read and written back could change its form (1.10 → 1.1).
      fields: plan.scope ? ticket.fields : null,
      assigned_ts: ticket.assigned_ts,
      state_ts: ticket.state_ts,
      sla_policy_id: target?.policy_id ?? null,
      sla_metric: target?.metric ?? null,
      sla_due: target?.due ?? null,
      sla_paused_left: target?.paused_left ?? null,
    };
  });
  // Notes' words: the tickets' own rows are not written again for them (migration 0046).
  const searchWords = changed.flatMap(({ ticket, touched, words }) =>
    touched && words ? [{ ticket_id: ticket.ticket_id, words: [...words] }] : [],
  );
  const events = changed.flatMap(({ ticket, effects }) =>
    [rule, ...effects].map((e) => ({
      ticket_id: ticket.ticket_id,
      field: e.field,
      old: e.old ?? null,
      new: e.new ?? null,
    })),
  );
  await tx.execute(sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        AS v(ticket_id int, priority text, ticket_type text, tags text[], assignee_id int, group_id int,
          ticket_state text, solved_ts bigint, satisfaction_token text, fields jsonb, assigned_ts bigint,
          state_ts bigint, sla_policy_id int, sla_metric text, sla_due bigint, sla_paused_left int)
    ), changed AS (
      UPDATE ticket t SET priority = v.priority, ticket_type = v.ticket_type, tags = v.tags,
        assignee_id = v.assignee_id, group_id = v.group_id, ticket_state = v.ticket_state,
        solved_ts = v.solved_ts, satisfaction_token = v.satisfaction_token, fields = coalesce(v.fields, t.fields),
        assigned_ts = v.assigned_ts, state_ts = v.state_ts,
        sla_policy_id = v.sla_policy_id, sla_metric = v.sla_metric, sla_due_ts = v.sla_due,
        sla_paused_left = v.sla_paused_left,
        sla_breach_ts = ${breachAfter('t', sql`v.sla_metric`, sql`v.sla_due`, sla.now)},
        update_ts = ${nextUpdateTs(now, sql`t.update_ts`)}
      FROM v WHERE t.ticket_id = v.ticket_id
      RETURNING t.ticket_id, t.update_ts
    ), names AS (
      INSERT INTO ticket_tag (tag_name, create_ts)
      SELECT unnest(${textArrayLiteral([...tags])}::text[]), ${now} ON CONFLICT DO NOTHING
    )
    INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
    SELECT e.ticket_id, NULL, e.field, e.old, e.new, coalesce(c.update_ts, ${now})
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
      AS (ticket_id int, field text, old jsonb, new jsonb)) WITH ORDINALITY AS e(ticket_id, field, old, new, n)
      LEFT JOIN changed c ON c.ticket_id = e.ticket_id
    ORDER BY e.n`);
  await addSearchWordsOf(tx, searchWords);

  // Custom field values: the changed fields' rows go, their new values' rows come.
  const gone: Array<{ ticket_id: number; field_id: number }> = [];
  const rows: Array<{ ticket_id: number; field_id: number; text: string | null; num: number | null }> = [];
  for (const { ticket, plan } of changed) {
    const scope = plan.scope;
    if (!scope) {
      continue;
    }
    for (const e of plan.effects) {
      const id = fieldIdOfKey(e.field);
      if (id === null || !scope.defs.has(id)) {
        continue;
      }
      gone.push({ ticket_id: ticket.ticket_id, field_id: id });
      for (const r of valueRows(scope.defs.get(id)?.fieldType ?? 'text', plan.next.fields[e.field])) {
        rows.push({ ticket_id: ticket.ticket_id, field_id: id, ...r });
      }
    }
  }
  if (gone.length) {
    await tx.execute(sql`
      WITH gone AS (
        DELETE FROM ticket_field_value f
        USING jsonb_to_recordset(${JSON.stringify(gone)}::jsonb) AS g(ticket_id int, field_id int)
        WHERE f.ticket_id = g.ticket_id AND f.field_id = g.field_id
      )
      INSERT INTO ticket_field_value (ticket_id, field_id, value_text, value_num)
      SELECT r.ticket_id, r.field_id, r.text, r.num
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(ticket_id int, field_id int, text text, num numeric)`);
  }
}
