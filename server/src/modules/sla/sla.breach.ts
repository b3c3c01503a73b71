import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/rows.js';
import { emit, transact } from '../../events/transact.js';
import { setSlaClock } from './sla.service.js';

/**
 * Breaches are events: every minute a job (keyed by the minute: several servers queue it once)
 * reads the tickets whose next target passed and is not yet marked breached, through the partial
 * index `ticket_sla_unbreached_idx` (only tickets waiting on a target are in it, soonest first),
 * marks each and writes an `sla_breached` row in its event log, in batches of one transaction.
 * The ticket change that follows runs the triggers (the `sla_breached` condition) like any other.
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
    total += await transact(ctx, async (tx) => {
      setSlaClock(tx, now);
      let marked = 0;
      for (const id of ids) {
        // Checked again as the row is locked: a save in between may have moved the target.
        const [row] = await queryRows<{ sla_metric: string; sla_due_ts: number; title: string | null }>(
          tx,
          sql`UPDATE ticket t SET sla_breach_ts = ${now}
            WHERE t.ticket_id = ${id} AND t.deleted_ts IS NULL AND t.sla_breach_ts IS NULL
              AND t.sla_due_ts IS NOT NULL AND t.sla_due_ts <= ${now}
            RETURNING t.sla_metric, t.sla_due_ts::float8 AS sla_due_ts,
              (SELECT title FROM sla_policy p WHERE p.policy_id = t.sla_policy_id) AS title`,
        );
        if (!row) {
          continue;
        }
        const breach = { metric: row.sla_metric, due_ts: Number(row.sla_due_ts), policy: row.title };
        await tx.execute(sql`
          INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
          VALUES (${id}, NULL, 'sla_breached', NULL, ${JSON.stringify(breach)}::jsonb, ${now})`);
        emit(tx, { type: 'ticket.changed', ticketId: id, actorId: null, fields: ['sla_breached'] });
        marked++;
      }
      return marked;
    });
    if (ids.length < slaBreachBatch) {
      return total;
    }
  }
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
