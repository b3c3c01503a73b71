import type { TRuleConditions, TSlaPolicy, TSlaPolicyData } from '@parley/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { invalid, notFound } from '../../http/app-error.js';
import { checkRule } from '../rule/rule.check.js';
import { loadRuleTicket } from '../rule/rule.facts.js';
import { conditionsHold, scheduleIdsOf } from '../rule/rule.match.js';
import { reorder } from '../rule/trigger.service.js';
import { opensAfter } from '../schedule/business-time.js';
import { businessSchedules } from '../schedule/schedule.service.js';
import { nextTarget, type SlaFacts } from './sla.compute.js';
import {
  deletePolicies,
  insertPolicy,
  lockSlaSchedules,
  policyExists,
  readPolicies,
  updatePolicy,
} from './sla.repo.js';

/** The policies in the order they are tried; `activeOnly`: those a ticket can get (the others are switched off). */
export async function slaPolicyList(db: DbOrTx, activeOnly = false): Promise<{ list: TSlaPolicy[] }> {
  return { list: await readPolicies(db, activeOnly) };
}

/**
 * Adds a policy (`id` null) or writes one over, in the caller's transaction (withSlaRecompute).
 * Its schedule is read after the schedules' lock (lockSlaSchedules): an edit of that schedule
 * saved meanwhile is either seen here, or waits and then sees this policy.
 */
export async function slaPolicySave(tx: Tx, input: TSlaPolicyData, id: number | null) {
  await lockSlaSchedules(tx);
  // Unknown ids first (the policy, its schedule, what its conditions name), then what is missing.
  if (id !== null && !(await policyExists(tx, id))) {
    throw notFound();
  }
  if (input.schedule_id !== null) {
    const schedule = (await businessSchedules(tx, [input.schedule_id])).get(input.schedule_id);
    if (!schedule) {
      throw invalid('id_not_found', 'schedule_id');
    }
    // Its targets would never fall due: the ticket page could only say so, on every ticket.
    if (!opensAfter(schedule, Date.now())) {
      throw invalid('sla_schedule_no_hours', 'schedule_id');
    }
  }
  await checkRule(tx, 'sla', input.conditions, []);
  if (!Object.values(input.targets).some((t) => Object.values(t).some((m) => m !== null))) {
    throw invalid('required_field', 'targets');
  }
  const now = Date.now();
  if (id === null) {
    return { policy_id: await insertPolicy(tx, input, now) };
  }
  if (!(await updatePolicy(tx, id, input, now))) {
    throw notFound();
  }
  return { policy_id: id };
}

export async function slaPolicyDelete(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    if ((await deletePolicies(tx, unique)) !== unique.length) {
      throw notFound();
    }
  });
}

export function slaPolicyOrder(db: DbOrTx, ids: number[]) {
  return reorder(db, 'sla_policy', ids);
}

/** The spans a ticket was pending, from its `ticket_state` events in order: [from, to], to null while still pending. */
export function pendingSpans(states: Array<{ new_value: unknown; create_ts: number }>): Array<[number, number | null]> {
  const pending: Array<[number, number | null]> = [];
  for (const s of states) {
    const last = pending[pending.length - 1];
    if (last && last[1] === null) {
      last[1] = Number(s.create_ts);
    }
    if (s.new_value === 'pending') {
      pending.push([Number(s.create_ts), null]);
    }
  }
  return pending;
}

/**
 * The tickets' last public comments by their requester and by an agent or admin: the times the
 * reply targets count from. The end of a chat is not an agent's reply (the agent wrote nothing;
 * `isPublicAgentReply` in the ticket's change plan says the same).
 */
export function lastPublicReplies(tx: Tx, ticketIds: readonly number[]) {
  return queryRows<{ ticket_id: number; requester_ts: number | null; agent_ts: number | null }>(
    tx,
    sql`SELECT c.ticket_id, max(c.create_ts) FILTER (WHERE c.author_id = t.requester_id) AS requester_ts,
        max(c.create_ts) FILTER (WHERE a.user_type IN ('admin', 'agent') AND e.comment_id IS NULL) AS agent_ts
      FROM ticket t JOIN ticket_comment c ON c.ticket_id = t.ticket_id AND c.is_public
      LEFT JOIN account a ON a.account_id = c.author_id
      LEFT JOIN chat_message e ON e.ticket_id = c.ticket_id AND e.comment_id = c.comment_id AND e.reply_type = 'end_chat'
      WHERE t.ticket_id = ANY(${intArrayLiteral(ticketIds)}::int[]) GROUP BY c.ticket_id`,
  );
}

async function factsOf(
  tx: Tx,
  ticketId: number,
  now: number,
): Promise<Omit<SlaFacts, 'state' | 'createTs' | 'firstReplyTs'>> {
  const states = await queryRows<{ new_value: unknown; create_ts: number }>(
    tx,
    sql`SELECT new_value, create_ts FROM ticket_event WHERE ticket_id = ${ticketId} AND field = 'ticket_state' ORDER BY event_id`,
  );
  const pending = pendingSpans(states);
  const [replies] = await lastPublicReplies(tx, [ticketId]);
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { pending, lastRequesterPublicTs: n(replies?.requester_ts), lastAgentPublicTs: n(replies?.agent_ts), now };
}

/** The time a transaction's changes are made at, when not the wall clock (the breach job's run). */
const clocks = new WeakMap<object, number>();
export function setSlaClock(tx: Tx, now: number) {
  clocks.set(tx, now);
}
export const slaClock = (tx: Tx) => clocks.get(tx) ?? Date.now();

/**
 * A ticket row's breach mark once a new target (`metric`, `due`) is written over `row` (the
 * ticket's alias in the UPDATE): it stays while the same metric is still due (also while paused)
 * and its due time has passed, and is cleared when another metric is next or the target moved
 * ahead. One rule for every writer of targets (a change, the batch and the job, an automation's batch).
 */
export function breachAfter(row: string, metric: SQL, due: SQL, now: number): SQL {
  const r = sql.raw(row);
  return sql`CASE WHEN ${r}.sla_metric IS DISTINCT FROM ${metric}
    OR (${due} IS NOT NULL AND ${due} > ${now}::bigint) THEN NULL ELSE ${r}.sla_breach_ts END`;
}

/**
 * Sets a ticket's next SLA target after a change (in the change's transaction): the first policy
 * whose conditions hold, its targets for the ticket's priority. No policy: no target.
 */
export async function refreshSla(tx: Tx, ticketId: number, now = clocks.get(tx) ?? Date.now()) {
  const { list } = await slaPolicyList(tx, true);
  if (list.length === 0) {
    await tx.execute(
      sql`UPDATE ticket SET sla_policy_id = NULL, sla_metric = NULL, sla_due_ts = NULL, sla_paused_left = NULL,
          sla_breach_ts = NULL WHERE ticket_id = ${ticketId} AND sla_metric IS NOT NULL`,
    );
    return;
  }
  const ticket = await loadRuleTicket(tx, ticketId);
  if (!ticket) {
    return;
  }
  const schedules = await businessSchedules(tx, [
    ...scheduleIdsOf(list.map((p) => p.conditions as TRuleConditions)),
    ...list.flatMap((p) => (p.schedule_id ? [p.schedule_id] : [])),
  ]);
  const policy = list.find((p) => conditionsHold(p.conditions, { ticket, change: null, now, schedules }));
  let target = null as ReturnType<typeof nextTarget>;
  if (policy) {
    const [row] = await queryRows<{ first_reply_ts: number | null }>(
      tx,
      sql`SELECT first_reply_ts FROM ticket WHERE ticket_id = ${ticketId}`,
    );
    const facts: SlaFacts = {
      state: ticket.ticket_state,
      createTs: ticket.create_ts,
      firstReplyTs:
        row?.first_reply_ts === null || row?.first_reply_ts === undefined ? null : Number(row.first_reply_ts),
      ...(await factsOf(tx, ticketId, now)),
    };
    const targets = policy.targets[ticket.priority as keyof typeof policy.targets];
    target = nextTarget(
      targets ?? {},
      policy.schedule_id ? (schedules.get(policy.schedule_id) ?? null) : null,
      policy.pause_pending,
      facts,
    );
  }
  // A breach is recorded once per target (breachAfter).
  const metric = target?.metric ?? null;
  const due = target?.dueTs ?? null;
  await tx.execute(
    sql`UPDATE ticket SET sla_policy_id = ${policy?.policy_id ?? null}, sla_metric = ${metric},
        sla_due_ts = ${due}, sla_paused_left = ${target?.pausedLeft ?? null},
        sla_breach_ts = ${breachAfter('ticket', sql`${metric}::text`, sql`${due}::bigint`, now)}
      WHERE ticket_id = ${ticketId}`,
  );
}

export async function slaOfTicket(db: DbOrTx, ticketId: number) {
  const [row] = await queryRows<{
    title: string | null;
    sla_metric: string | null;
    sla_due_ts: number | null;
    sla_paused_left: number | null;
    sla_breach_ts: number | null;
  }>(
    db,
    sql`SELECT p.title, t.sla_metric, t.sla_due_ts, t.sla_paused_left, t.sla_breach_ts FROM ticket t
      LEFT JOIN sla_policy p ON p.policy_id = t.sla_policy_id WHERE t.ticket_id = ${ticketId}`,
  );
  if (!row) {
    throw notFound();
  }
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    policy_title: row.title,
    metric: row.sla_metric as never,
    due_ts: n(row.sla_due_ts),
    paused_left: n(row.sla_paused_left),
    breached: row.sla_breach_ts !== null || (row.sla_due_ts !== null && Number(row.sla_due_ts) < Date.now()),
  };
}
