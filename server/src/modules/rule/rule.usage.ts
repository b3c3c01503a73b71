import { translate } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { AppError } from '../../http/app-error.js';
import type { RuleRef } from './rule.actions.js';

/** Adds to each rule's count of today (UTC): `rule_usage_daily`, which the reports read. */
export async function countUsage(db: DbOrTx, kind: string, ruleIds: number[], times = 1) {
  if (ruleIds.length === 0) {
    return;
  }
  // In id order: two writers touching the same rows lock them in the same order.
  const ids = [...new Set(ruleIds)].sort((a, b) => a - b);
  await db.execute(sql`
    INSERT INTO rule_usage_daily (rule_kind, rule_id, day, count)
    SELECT ${kind}, id, (now() AT TIME ZONE 'UTC')::date, ${times} FROM unnest(${intArrayLiteral(ids)}::int[]) AS id
    ON CONFLICT (rule_kind, rule_id, day) DO UPDATE SET count = rule_usage_daily.count + EXCLUDED.count`);
}

/** Usage after commit, outside the ticket's transaction: a popular trigger's row is not a lock every change waits on. */
export function registerUsage(ctx: AppContext) {
  ctx.events.on('rule.fired', async (e) => {
    await countUsage(ctx.db, e.kind, e.ruleIds);
  });
}

export function errorText(error: unknown): string {
  if (error instanceof AppError) {
    const field = error.fields ? Object.keys(error.fields)[0] : undefined;
    return `${translate(error.messageKey, 'en')}${field ? ` (${field})` : ''}`;
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Why a rule failed on a ticket: on the rule (its list shows the latest) and in the ticket's history. */
export function recordFailure(tx: Tx, rule: RuleRef, ticketId: number, error: unknown, now: number) {
  return recordFailures(tx, rule, [{ ticketId, error }], now);
}

/** The same for several tickets at once (an automation's batch): two statements. */
export async function recordFailures(
  tx: Tx,
  rule: RuleRef,
  failures: Array<{ ticketId: number; error: unknown }>,
  now: number,
) {
  if (failures.length === 0) {
    return;
  }
  const list = failures.map((f) => ({ ticket_id: f.ticketId, error: errorText(f.error) }));
  await tx.execute(sql`
    WITH f AS (
      SELECT * FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(list)}::jsonb) AS (ticket_id int, error text))
        WITH ORDINALITY AS f(ticket_id, error, n)
    ), recorded AS (
      INSERT INTO rule_failure (rule_kind, rule_id, ticket_id, error, create_ts)
      SELECT ${rule.kind}, ${rule.id}, f.ticket_id, f.error, ${now} FROM f ORDER BY f.n
    )
    INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
    SELECT f.ticket_id, NULL, 'rule_failed', NULL,
      jsonb_build_object('kind', ${rule.kind}::text, 'id', ${rule.id}::int, 'title', ${rule.title}::text, 'error', f.error),
      ${now}
    FROM f ORDER BY f.n`);
}

/** Each rule's uses over the last 30 days and its latest failure. */
export async function usageAndFailures(db: DbOrTx, kind: string) {
  const usage = await queryRows<{ rule_id: number; n: number }>(
    db,
    sql`SELECT rule_id, sum(count)::int AS n FROM rule_usage_daily
      WHERE rule_kind = ${kind} AND day > (now() AT TIME ZONE 'UTC')::date - 30 GROUP BY rule_id`,
  );
  const failures = await queryRows<{ rule_id: number; error: string; create_ts: number }>(
    db,
    sql`SELECT DISTINCT ON (rule_id) rule_id, error, create_ts FROM rule_failure
      WHERE rule_kind = ${kind} ORDER BY rule_id, failure_id DESC`,
  );
  return {
    usage: new Map(usage.map((u) => [Number(u.rule_id), Number(u.n)])),
    failures: new Map(failures.map((f) => [Number(f.rule_id), { error: f.error, ts: Number(f.create_ts) }])),
  };
}
