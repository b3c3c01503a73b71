import type { TRuleConditions } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { breather } from '../../events/breathe.js';
import { type RuleTicket, readRuleTicket, ruleTicketColumns } from '../rule/rule.facts.js';
import { conditionsHold, scheduleIdsOf } from '../rule/rule.match.js';
import { bumpRuleVersion } from '../rule/rule.version.js';
import { businessSchedules } from '../schedule/schedule.service.js';
import { nextTarget, type SlaTarget } from './sla.compute.js';
import { slaUsesSchedules } from './sla.repo.js';
import { breachAfter, lastPublicReplies, pendingSpans, slaPolicyList } from './sla.service.js';

/**
 * A save of the SLA policies (add, edit, reorder, delete) moves the next target of the open
 * tickets at once, not only on their next change: the save sets a new `sla` rule version (rule.version.ts) and
 * queues this job in its own transaction, and answers. The job walks the unsolved live tickets by
 * id in batches: each batch is one short transaction that locks its tickets (a change being saved
 * finishes first, and the job reads it), reads their facts in four set-based statements (the
 * tickets, their pending spans, their last public replies; the policies and schedules), computes
 * each target in memory exactly as a ticket change does (sla.service.ts), and writes the ones that
 * moved in one `UPDATE … FROM unnest(…)`. Solved and closed tickets keep what they had. A job runs
 * for about 20 s and queues the rest (a stopping server leaves nothing half done); a newer save
 * makes an older run stop, since the newer one covers every ticket.
 */
export const slaRecomputeQueue = 'sla-recompute';
export const slaRecomputeBatch = 1000;
const sliceMs = 20_000;

export interface SlaRecomputeJob {
  version: number;
  after: number;
}

async function slaVersion(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(
    db,
    sql`SELECT version FROM rule_version WHERE kind = 'sla'`,
  );
  return Number(row?.version ?? 0);
}

/** Sets a new `sla` rule version and queues the recompute, in the writer's transaction. */
async function queueSlaRecompute(ctx: AppContext, tx: Tx): Promise<void> {
  const version = await bumpRuleVersion(tx, 'sla');
  await ctx.jobs.send(slaRecomputeQueue, { version, after: 0 } satisfies SlaRecomputeJob, {
    tx,
    key: `${version}:0`,
  });
}

/** Runs a save of the SLA policies and queues the recompute with it: both commit or neither. */
export function withSlaRecompute<T>(ctx: AppContext, save: (tx: Tx) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const result = await save(tx);
    await queueSlaRecompute(ctx, tx);
    return result;
  });
}

/**
 * A schedule's new hours or holidays move the targets measured in it, and the policies whose
 * conditions ask for its hours: the recompute is queued with the edit when a policy uses it.
 */
export const slaScheduleEdited =
  (ctx: AppContext) =>
  async (tx: Tx, scheduleId: number): Promise<void> => {
    if (await slaUsesSchedules(tx, [scheduleId])) {
      await queueSlaRecompute(ctx, tx);
    }
  };

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * One batch: the next `limit` unsolved live tickets after `after`, their targets computed again.
 * Answers the last ticket id read (null: none left) and how many targets moved.
 */
export async function recomputeBatch(
  db: AppContext['db'],
  after: number,
  now = Date.now(),
  limit = slaRecomputeBatch,
): Promise<{ last: number | null; moved: number }> {
  return db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`SELECT ${ruleTicketColumns}, t.first_reply_ts FROM ticket t
        WHERE t.ticket_id > ${after} AND t.deleted_ts IS NULL AND t.ticket_state NOT IN ('solved', 'closed')
        ORDER BY t.ticket_id LIMIT ${limit} FOR UPDATE OF t`,
    );
    if (rows.length === 0) {
      return { last: null, moved: 0 };
    }
    const moved = await writeTargets(tx, rows, now);
    return { last: Number(rows[rows.length - 1]?.ticket_id), moved };
  });
}

/**
 * The next targets of several tickets at once (a batch of an automation's changes), as
 * `refreshSla` sets one: read set-based, computed in memory, the moved ones written in one statement.
 */
export async function refreshTargets(tx: Tx, ticketIds: number[], now: number): Promise<number> {
  if (ticketIds.length === 0) {
    return 0;
  }
  const rows = await queryRows(
    tx,
    sql`SELECT ${ruleTicketColumns}, t.first_reply_ts FROM ticket t
      WHERE t.ticket_id = ANY(${intArrayLiteral(ticketIds)}::int[]) ORDER BY t.ticket_id`,
  );
  return writeTargets(tx, rows, now);
}

/** A ticket's next target as the ticket row keeps it (`sla_*` columns). */
export interface SlaRowTarget {
  ticket_id: number;
  policy_id: number | null;
  metric: string | null;
  due: number | null;
  paused_left: number | null;
}

/**
 * The next targets of these tickets as they are in memory (`RuleTicket` and `first_reply_ts`),
 * computed as a change's are: their policy, pending spans and last public replies read set-based.
 * `newStates`: a state change of a ticket not in its event log yet (an automation's batch works
 * them out before it writes them), counted after the ones there.
 */
export async function slaTargetsOf(
  tx: Tx,
  tickets: Array<RuleTicket & { first_reply_ts: number | null }>,
  now: number,
  newStates: ReadonlyMap<number, { new_value: unknown; create_ts: number }> = new Map(),
): Promise<SlaRowTarget[]> {
  const { list } = await slaPolicyList(tx, true);
  const schedules = await businessSchedules(tx, [
    ...scheduleIdsOf(list.map((p) => p.conditions as TRuleConditions)),
    ...list.flatMap((p) => (p.schedule_id ? [p.schedule_id] : [])),
  ]);
  const policyOf = new Map<number, (typeof list)[number]>();
  // Computed in memory ticket by ticket: the event loop runs between slices (events/breathe.ts).
  const breathe = breather();
  for (const ticket of tickets) {
    await breathe();
    const policy = list.find((p) => conditionsHold(p.conditions, { ticket, change: null, now, schedules }));
    if (policy) {
      policyOf.set(ticket.ticket_id, policy);
    }
  }
  const paused = intArrayLiteral([...policyOf].filter(([, p]) => p.pause_pending).map(([id]) => id));
  const states = policyOf.size
    ? await queryRows<{ ticket_id: number; new_value: unknown; create_ts: number }>(
        tx,
        sql`SELECT ticket_id, new_value, create_ts FROM ticket_event
          WHERE ticket_id = ANY(${paused}::int[]) AND field = 'ticket_state' ORDER BY ticket_id, event_id`,
      )
    : [];
  const replies = policyOf.size ? await lastPublicReplies(tx, [...policyOf.keys()]) : [];
  const statesOf = new Map<number, Array<{ new_value: unknown; create_ts: number }>>();
  for (const s of states) {
    const id = Number(s.ticket_id);
    statesOf.set(id, [...(statesOf.get(id) ?? []), s]);
  }
  for (const [id, s] of newStates) {
    statesOf.set(id, [...(statesOf.get(id) ?? []), s]);
  }
  const repliesOf = new Map(replies.map((r) => [Number(r.ticket_id), r]));

  const out: SlaRowTarget[] = [];
  for (const ticket of tickets) {
    await breathe();
    const policy = policyOf.get(ticket.ticket_id);
    let target: SlaTarget | null = null;
    if (policy) {
      const r = repliesOf.get(ticket.ticket_id);
      target = nextTarget(
        policy.targets[ticket.priority as keyof typeof policy.targets] ?? {},
        policy.schedule_id ? (schedules.get(policy.schedule_id) ?? null) : null,
        policy.pause_pending,
        {
          state: ticket.ticket_state,
          createTs: ticket.create_ts,
          firstReplyTs: ticket.first_reply_ts,
          pending: pendingSpans(statesOf.get(ticket.ticket_id) ?? []),
          lastRequesterPublicTs: n(r?.requester_ts),
          lastAgentPublicTs: n(r?.agent_ts),
          now,
        },
      );
    }
    out.push({
      ticket_id: ticket.ticket_id,
      policy_id: policy?.policy_id ?? null,
      metric: target?.metric ?? null,
      due: target?.dueTs ?? null,
      paused_left: target?.pausedLeft ?? null,
    });
  }
  return out;
}

/** Targets of these ticket rows (`ruleTicketColumns` and `first_reply_ts`); answers how many moved. */
async function writeTargets(tx: Tx, rows: Record<string, unknown>[], now: number): Promise<number> {
  const tickets = rows.map((r) => ({ ...readRuleTicket(r), first_reply_ts: n(r.first_reply_ts) }));
  const out = await slaTargetsOf(tx, tickets, now);
  // Only the rows whose target moved are written, their breach mark as a change keeps it.
  const moved = await queryRows(
    tx,
    sql`UPDATE ticket t SET sla_policy_id = u.policy_id, sla_metric = u.metric, sla_due_ts = u.due,
        sla_paused_left = u.paused_left, sla_breach_ts = ${breachAfter('t', sql`u.metric`, sql`u.due`, now)}
      FROM jsonb_to_recordset(${JSON.stringify(out)}::jsonb)
        AS u(ticket_id int, policy_id int, metric text, due bigint, paused_left int)
      WHERE t.ticket_id = u.ticket_id
        AND (t.sla_policy_id, t.sla_metric, t.sla_due_ts, t.sla_paused_left)
          IS DISTINCT FROM (u.policy_id, u.metric, u.due, u.paused_left)
      RETURNING t.ticket_id`,
  );
  return moved.length;
}

/** The job: batches until done, a newer save, or its time slice is up (then it queues the rest). */
export async function runSlaRecompute(
  ctx: AppContext,
  job: SlaRecomputeJob,
  signal?: AbortSignal,
): Promise<{ moved: number; done: boolean }> {
  const started = Date.now();
  let after = job.after;
  let moved = 0;
  for (;;) {
    if ((await slaVersion(ctx.db)) !== job.version) {
      return { moved, done: true };
    }
    const batch = await recomputeBatch(ctx.db, after);
    moved += batch.moved;
    if (batch.last === null) {
      return { moved, done: true };
    }
    after = batch.last;
    if (signal?.aborted || Date.now() - started > sliceMs) {
      await ctx.jobs.send(slaRecomputeQueue, { version: job.version, after } satisfies SlaRecomputeJob, {
        key: `${job.version}:${after}`,
      });
      return { moved, done: false };
    }
  }
}

export function registerSlaRecompute(ctx: AppContext): void {
  ctx.jobs.define<SlaRecomputeJob>(slaRecomputeQueue, {
    attempts: 5,
    retryDelay: 10,
    batchSize: 1,
    handler: async (job, { signal }) => {
      const result = await runSlaRecompute(ctx, job, signal);
      if (result.moved) {
        ctx.log.info({ moved: result.moved, version: job.version }, 'SLA targets recomputed');
      }
    },
  });
}
