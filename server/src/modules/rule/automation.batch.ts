import type { TRuleEffect } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { emit } from '../../events/transact.js';
import { textArrayLiteral } from '../ticket-search/tokenize.js';
import type { AutomationRow } from './automation.service.js';
import { memoryEffects } from './rule.actions.js';
import { withEffects } from './rule.batch.js';
import { type RuleTicket, readRuleTicket, ruleTicketColumns } from './rule.facts.js';
import { matchConditions } from './rule.match.js';
import type { SqlEnv } from './rule.sql.js';
import { passAfterAutomation, type StoredRule } from './trigger.engine.js';

/**
 * An automation whose actions only set the priority, the type or tags, on a batch of tickets in
 * set-based statements (automation.run.ts sends the others one ticket at a time). Inside the
 * batch's transaction:
 *   1. the batch's tickets are locked and read in one statement (`where`: its conditions), and
 *      checked again in memory as they are now (the same test as one ticket at a time);
 *   2. each ticket's effects are computed in memory, as `applyActions` would make them;
 *   3. one statement writes every changed ticket's values, the tag names, and each ticket's rows
 *      in its event log: a `rule` row naming the automation, then its effects — the same rows,
 *      per ticket and in the same order, as a run one ticket at a time writes;
 *   4. each changed ticket then gets the triggers' pass as before (claimed, so the change fires
 *      each trigger at most once and never loops; evaluated in memory from the values just
 *      written: only a ticket on which a trigger fires costs statements, and one a trigger
 *      changed gets its own `ticket.changed`);
 *   5. one `tickets.changed` for the batch: reports and SLA targets refresh the tickets together.
 * These actions cannot fail on a live, not closed ticket (the lock re-reads both), so no
 * savepoint is needed. Answers the tickets the automation acted on (matched).
 */
export async function actOnBatch(
  ctx: AppContext,
  tx: Tx,
  a: AutomationRow,
  env: SqlEnv,
  where: ReturnType<typeof sql>,
  ids: number[],
  triggers: StoredRule[],
): Promise<number[]> {
  const rows = await queryRows(
    tx,
    sql`SELECT ${ruleTicketColumns} FROM ticket t
      WHERE t.ticket_id = ANY(${intArrayLiteral(ids)}::int[]) AND ${where}
      ORDER BY t.ticket_id FOR UPDATE OF t`,
  );
  const matched = rows.map(readRuleTicket).filter(
    (ticket) =>
      ticket.deleted_ts === null &&
      ticket.ticket_state !== 'closed' &&
      matchConditions(a.conditions, {
        ticket,
        change: null,
        now: env.now,
        schedules: env.schedules,
        hoursIn: env.hoursIn,
      }).matched,
  );
  const rule = { kind: 'automation' as const, id: a.automation_id, title: a.title };
  const changed: Array<{ ticket: RuleTicket; effects: TRuleEffect[] }> = [];
  const values: Array<{ ticket_id: number; priority: string; ticket_type: string; tags: string[] }> = [];
  const events: Array<{ ticket_id: number; field: string; old: unknown; new: unknown }> = [];
  const tags = new Set<string>();
  for (const ticket of matched) {
    const effects = memoryEffects(ticket, a.actions);
    if (effects.length === 0) {
      continue;
    }
    const next = withEffects({ ...ticket, update_ts: env.now }, effects, tags);
    changed.push({ ticket: next, effects });
    values.push({ ticket_id: next.ticket_id, priority: next.priority, ticket_type: next.ticket_type, tags: next.tags });
    events.push({ ticket_id: next.ticket_id, field: 'rule', old: null, new: rule });
    for (const e of effects) {
      events.push({ ticket_id: next.ticket_id, field: e.field, old: e.old ?? null, new: e.new ?? null });
    }
  }
  if (changed.length === 0) {
    return matched.map((t) => t.ticket_id);
  }
  await tx.execute(sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
        AS v(ticket_id int, priority text, ticket_type text, tags text[])
    ), changed AS (
      UPDATE ticket t SET priority = v.priority, ticket_type = v.ticket_type, tags = v.tags, update_ts = ${env.now}
      FROM v WHERE t.ticket_id = v.ticket_id
    ), names AS (
      INSERT INTO ticket_tag (tag_name, create_ts)
      SELECT unnest(${textArrayLiteral([...tags])}::text[]), ${env.now} ON CONFLICT DO NOTHING
    )
    INSERT INTO ticket_event (ticket_id, actor_id, field, old_value, new_value, create_ts)
    SELECT e.ticket_id, NULL, e.field, e.old, e.new, ${env.now}
    FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
      AS (ticket_id int, field text, old jsonb, new jsonb)) WITH ORDINALITY AS e(ticket_id, field, old, new, n)
    ORDER BY e.n`);
  const fields = new Set<string>();
  for (const { ticket, effects } of changed) {
    for (const e of effects) {
      fields.add(e.field);
    }
    const passed = await passAfterAutomation(ctx, tx, ticket.ticket_id, effects, triggers, ticket);
    if (passed?.length) {
      const own = effects.map((e) => e.field);
      emit(tx, {
        type: 'ticket.changed',
        ticketId: ticket.ticket_id,
        actorId: null,
        fields: ['rule', ...own, ...passed.filter((f) => f !== 'rule' && !own.includes(f))],
      });
    }
  }
  emit(tx, {
    type: 'tickets.changed',
    ticketIds: changed.map((c) => c.ticket.ticket_id),
    actorId: null,
    fields: ['rule', ...fields],
  });
  return matched.map((t) => t.ticket_id);
}
