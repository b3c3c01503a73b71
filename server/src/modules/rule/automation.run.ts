import type { TAutomationDryRunResponse, TRuleEffect } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { emit, transact } from '../../events/transact.js';
import { businessSchedules } from '../schedule/schedule.service.js';
import { getTicketSettings } from '../setting/setting.service.js';
import { actOnBatch, type BatchEnv } from './automation.batch.js';
import { type AutomationInput, type AutomationRow, automationRows } from './automation.service.js';
import { applyActions, type RuleRef } from './rule.actions.js';
import { readRuleTicket, ruleTicketColumns } from './rule.facts.js';
import { conditionsHold, scheduleIdsOf } from './rule.match.js';
import { conditionsSql, type SqlEnv } from './rule.sql.js';
import { countUsage, errorText, recordFailure } from './rule.usage.js';
import { currentTriggers } from './trigger.cache.js';
import { claimPass, passAfterSystem } from './trigger.engine.js';

const batchEnv = async (ctx: AppContext, tx: Tx): Promise<BatchEnv> => ({
  settings: await getTicketSettings(tx),
  triggers: (await currentTriggers(ctx.db, tx)).list,
});

/** Tickets per transaction: short transactions, so agents' own saves never wait long on a run. */
export const automationBatch = 200;
/** The same acting set-based (a few statements per batch, whatever its size). */
export const automationSetBatch = 500;
/** Matching ticket ids read at once (integers only), then acted on in batches. */
export const automationIdChunk = 10_000;

async function envOf(
  tx: Tx | AppContext['db'],
  a: Pick<AutomationRow, 'schedule_id' | 'conditions'>,
  now: number,
): Promise<SqlEnv> {
  const schedules = await businessSchedules(tx, [
    ...scheduleIdsOf([a.conditions]),
    ...(a.schedule_id ? [a.schedule_id] : []),
  ]);
  return { now, schedules, hoursIn: a.schedule_id ? (schedules.get(a.schedule_id) ?? null) : null };
}

/**
 * One automation on one ticket inside the batch's transaction: checked again on the locked row,
 * acted on in a savepoint (a failure is recorded and the batch goes on), then the triggers' pass
 * over what it changed. Answers whether it fired.
 */
async function actOn(
  ctx: AppContext,
  tx: Tx,
  a: AutomationRow,
  env: SqlEnv,
  ticketId: number,
  batch: BatchEnv,
  onFailure?: (error: string) => void,
): Promise<TRuleEffect[] | null> {
  const [row] = await queryRows(
    tx,
    sql`SELECT ${ruleTicketColumns} FROM ticket t WHERE t.ticket_id = ${ticketId} FOR UPDATE`,
  );
  const ticket = row ? readRuleTicket(row) : null;
  const facts = { ticket, change: null, now: env.now, schedules: env.schedules, hoursIn: env.hoursIn };
  if (!ticket || !conditionsHold(a.conditions, { ...facts, ticket })) {
    return null;
  }
  const rule: RuleRef = { kind: 'automation', id: a.automation_id, title: a.title };
  const { settings, triggers } = batch;
  await tx.execute(sql`SAVEPOINT parley_automation`);
  let effects: TRuleEffect[];
  try {
    effects = await applyActions({ ctx, tx, settings, now: env.now, rule }, ticketId, a.actions);
    await tx.execute(sql`RELEASE SAVEPOINT parley_automation`);
  } catch (error) {
    await tx.execute(sql`ROLLBACK TO SAVEPOINT parley_automation`);
    await recordFailure(tx, rule, ticketId, error, env.now);
    onFailure?.(errorText(error));
    return null;
  }
  const fields = effects.map((e) => e.field).filter((f) => f !== 'notify' && f !== 'webhook');
  const passed = fields.length ? await passAfterSystem(ctx, tx, ticketId, effects, triggers) : null;
  if (passed) {
    const more = passed.filter((f) => f !== 'rule' && !fields.includes(f));
    emit(tx, { type: 'ticket.changed', ticketId, actorId: null, fields: ['rule', ...fields, ...more] });
  }
  return effects;
}

/**
 * The hourly run: every active automation in order over the tickets its conditions select (one
 * indexed query per batch, keyset on the id), each ticket acted on at most once per automation.
 * Each batch is acted on in set-based statements (automation.batch.ts: properties, notes, mails
 * and webhook calls; the same event-log rows per ticket, the same failures, the same mails, the
 * same triggers' pass as one ticket at a time). `perTicket` acts one ticket at a time instead,
 * each in a savepoint (`actOn`, as the dry run does): tests compare the two.
 */
export async function runAutomations(ctx: AppContext, now = Date.now(), options: { perTicket?: boolean } = {}) {
  const report: Array<{ automation_id: number; fired: number }> = [];
  for (const a of await automationRows(ctx.db, true)) {
    const env = await envOf(ctx.db, a, now);
    const where = conditionsSql(a.conditions, env);
    const setBased = !options.perTicket;
    const size = setBased ? automationSetBatch : automationBatch;
    let last = 0;
    let fired = 0;
    for (;;) {
      // The ids of up to `automationIdChunk` matching tickets in one read (a narrow condition's
      // index is walked once per chunk, not once per batch), then acted on batch by batch.
      const ids = (
        await queryRows<{ ticket_id: number }>(
          ctx.db,
          sql`SELECT t.ticket_id FROM ticket t WHERE ${where} AND t.ticket_id > ${last}
            ORDER BY t.ticket_id LIMIT ${automationIdChunk}`,
        )
      ).map((r) => Number(r.ticket_id));
      if (ids.length === 0) {
        break;
      }
      last = ids[ids.length - 1] as number;
      for (let from = 0; from < ids.length; from += size) {
        const part = ids.slice(from, from + size);
        fired += await transact(ctx, async (tx) => {
          const touched: number[] = [];
          const batch = await batchEnv(ctx, tx);
          if (setBased) {
            touched.push(...(await actOnBatch(ctx, tx, a, env, where, part, batch)));
          } else {
            for (const id of part) {
              if (await actOn(ctx, tx, a, env, id, batch)) {
                touched.push(id);
              }
            }
          }
          await countUsage(tx, 'automation', [a.automation_id], touched.length || 0);
          return touched.length;
        });
      }
      if (ids.length < automationIdChunk) {
        break;
      }
    }
    report.push({ automation_id: a.automation_id, fired });
  }
  return report;
}

class DryRunDone extends Error {
  constructor(readonly result: TAutomationDryRunResponse) {
    super('dry run');
  }
}

/** How many tickets an automation (saved or a draft) would act on now, and what it would do to the first 20. */
export async function automationDryRun(
  ctx: AppContext,
  a: Pick<AutomationRow, 'automation_id' | 'title' | 'schedule_id' | 'conditions' | 'actions'>,
): Promise<TAutomationDryRunResponse> {
  const now = Date.now();
  const env = await envOf(ctx.db, a, now);
  const where = conditionsSql(a.conditions, env);
  const [count] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ticket t WHERE ${where} LIMIT 100000) x`,
  );
  const rows = await queryRows(
    ctx.db,
    sql`SELECT ${ruleTicketColumns} FROM ticket t WHERE ${where} ORDER BY t.ticket_id LIMIT 20`,
  );
  try {
    await transact(ctx, async (tx) => {
      const list: TAutomationDryRunResponse['list'] = [];
      const batch = await batchEnv(ctx, tx);
      const rule = { ...a, position: 0, active: true, update_ts: now };
      for (const r of rows.map(readRuleTicket)) {
        claimPass(tx, r.ticket_id);
        let error: string | null = null;
        const effects = (await actOn(ctx, tx, rule, env, r.ticket_id, batch, (e) => (error = e))) ?? [];
        list.push({ ticket_id: r.ticket_id, subject: r.subject, effects, error });
      }
      throw new DryRunDone({ total: Number(count?.n ?? 0), list });
    });
  } catch (error) {
    if (error instanceof DryRunDone) {
      return error.result;
    }
    throw error;
  }
  return { total: 0, list: [] };
}

export type { AutomationInput };
