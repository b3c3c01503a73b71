import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { breather } from '../../events/breathe.js';
import { emit, transact } from '../../events/transact.js';
import { readRuleTicket, ruleTicketColumns } from '../rule/rule.facts.js';
import { currentTriggers } from '../rule/trigger.cache.js';
import { passAfterSystem, slaWritten } from '../rule/trigger.engine.js';
import { setSlaClock } from './sla.service.js';

/**
 * Breaches are events: every minute a job (keyed by the minute: several servers queue it once)
 * reads the tickets whose next target passed and is not yet marked breached, through the partial
 * index `ticket_sla_unbreached_idx` (only tickets waiting on a target are in it, soonest first),
 * marks them and writes an `sla_breached` row in each one's event log, in batches of one
 * transaction. Each ticket's change then runs the triggers (the `sla_breached` condition) like any other.
 * A target is breached once: a ticket stays marked while that metric stays due (sla.service.ts).
 */
export const slaBreachQueue = 'sla-breach-minute';
const minute = 60_000;
export const slaBreachBatch = 200;

/** The next tickets whose target passed and is not marked yet, soonest first (an index range, no scan). */
export const breachCandidates = (now: number, limit = slaBreachBatch) =>
  sql`SELECT ticket_id FROM ticket
    WHERE deleted_ts IS NULL AND sla_breach_ts IS NULL AND sla_due_ts IS NOT NULL AND sla_due_ts <= ${now}
    ORDER BY sla_due_ts LIMIT ${limit}`;

export async function recordBreaches(ctx: AppContext, now = Date.now()): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = (await queryRows<{ ticket_id: number }>(ctx.db, breachCandidates(now))).map((r) => Number(r.ticket_id));
    if (ids.length === 0) {
      return total;
    }
    total += await transact(ctx, (tx) => markBreaches(ctx, tx, ids, now));
    if (ids.length < slaBreachBatch) {
      return total;
    }
  }
}

/**
 * One batch of breaches in its transaction, set-based (as an automation's batch): one statement
 * marks the tickets still due as their rows are locked (a save in between may have moved the
 * target) and writes their `sla_breached` rows; then each ticket gets its triggers' pass, in
 * memory from the ticket as marked (only a ticket on which a trigger fires costs statements);
 * then one `tickets.changed` for the batch: reports refresh them together, the SLA targets of
 * the tickets a trigger changed are computed again (the others' stand: a breach moves no target),
 * and mail queues what the triggers' changes cause. Answers how many were marked.
 */
async function markBreaches(ctx: AppContext, tx: Tx, ids: number[], now: number): Promise<number> {
  setSlaClock(tx, now);
  const rows = await queryRows(
    tx,
    sql`WITH marked AS (
        UPDATE ticket t SET sla_breach_ts = ${now}
        WHERE t.ticket_id = ANY(${intArrayLiteral(ids)}::int[]) AND t.deleted_ts IS NULL AND t.sla_breach_ts IS NULL
          AND t.sla_due_ts IS NOT NULL AND t.sla_due_ts <= ${now}
        RETURNING ${ruleTicketColumns}, t.sla_metric,
          (SELECT title FROM sla_policy p WHERE p.policy_id = t.sla_policy_id) AS policy_title
      ), logged AS (
        INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
        SELECT ticket_id, NULL, 'sla_breached', NULL,
          jsonb_build_object('metric', sla_metric, 'due_ts', sla_due_ts, 'policy', policy_title), ${now}
        FROM marked ORDER BY ticket_id
      )
      SELECT * FROM marked ORDER BY ticket_id`,
  );
  if (rows.length === 0) {
    return 0;
  }
  const triggers = (await currentTriggers(ctx.db, tx)).list;
  const kinds = new Map<string, { ticketIds: number[]; fields: string[] }>();
  const kept: number[] = [];
  const breathe = breather();
  for (const r of rows) {
    await breathe();
    const ticket = readRuleTicket(r);
    const breach = { metric: r.sla_metric, due_ts: ticket.sla_due_ts, policy: r.policy_title ?? null };
    const more = await passAfterSystem(
      ctx,
      tx,
      ticket.ticket_id,
      [{ field: 'sla_breached', old: null, new: breach }],
      triggers,
      ticket,
    );
    if (!more?.length) {
      kept.push(ticket.ticket_id);
    }
    const fields = ['sla_breached', ...(more ?? []).filter((f) => f !== 'sla_breached')];
    const alike = kinds.get(fields.join()) ?? { ticketIds: [], fields };
    alike.ticketIds.push(ticket.ticket_id);
    kinds.set(fields.join(), alike);
  }
  slaWritten(tx, kept);
  const list = [...kinds.values()];
  emit(tx, { type: 'tickets.changed', ticketIds: list.flatMap((k) => k.ticketIds), actorId: null, kinds: list });
  return rows.length;
}

export function scheduleBreachCheck(ctx: AppContext, now = Date.now()) {
  const next = Math.floor(now / minute) * minute + minute;
  return ctx.jobs.send(
    slaBreachQueue,
    { minute: next },
    { key: String(next), startAfterSeconds: Math.ceil((next - now) / 1000) },
  );
}

export function registerSlaBreaches(app: FastifyInstance, ctx: AppContext): void {
  ctx.jobs.define<{ minute: number }>(slaBreachQueue, {
    attempts: 2,
    retryDelay: 30,
    handler: async () => {
      try {
        const n = await recordBreaches(ctx);
        if (n) {
          ctx.log.info({ breaches: n }, 'SLA breaches recorded');
        }
      } finally {
        await scheduleBreachCheck(ctx);
      }
    },
  });
  app.addHook('onReady', async () => {
    await scheduleBreachCheck(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'could not queue the SLA breach check'),
    );
  });
}
