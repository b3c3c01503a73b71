import { randomUUID } from 'node:crypto';
import type { TRuleActionInput, TRuleConditionInput, TTriggerInput } from '@parley/contracts';
import { homeOps, triggerOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/rows.js';
import { callOp } from './app.js';
import { api, db, t } from './kit.js';

/**
 * Rules are global: on PostgreSQL every test file shares one database, so each rule a test makes
 * names a word of its own (a subject word or tag) and no other file's tickets match it.
 */
export const word = () => `w${randomUUID().slice(0, 8)}`;

export const newIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

export const submit = (subject: string, description = 'Please help') =>
  callOp(
    t.app,
    homeOps.ticketAdd,
    { email: `visitor-${randomUUID().slice(0, 8)}@example.com`, real_name: 'Visitor', subject, description },
    { headers: { 'x-forwarded-for': newIp() } },
  );

export async function addTrigger(
  title: string,
  conditions: { all?: TRuleConditionInput[]; any?: TRuleConditionInput[] },
  actions: TRuleActionInput[],
  extra: Partial<TTriggerInput> = {},
): Promise<number> {
  const res = await api(triggerOps.add, {
    title,
    conditions: { all: conditions.all ?? [], any: conditions.any ?? [] },
    actions,
    ...extra,
  });
  if (res.code !== '0000') {
    throw new Error(`trigger.add: ${res.msg} ${JSON.stringify(res.data)}`);
  }
  return res.data.trigger_id;
}

export async function deleteTriggers(ids: number[]) {
  if (ids.length) {
    await api(triggerOps.delete, { trigger_ids: ids });
  }
}

export const ticketRow = async (ticketId: number) =>
  (
    await queryRows<{ tags: string[]; priority: string; assignee_id: number | null; ticket_state: string }>(
      db(),
      sql`SELECT tags, priority, assignee_id, ticket_state FROM ticket WHERE ticket_id = ${ticketId}`,
    )
  )[0];

/** The rules that acted on a ticket, in the order its history records them. */
export const rulesOn = async (ticketId: number) =>
  (
    await queryRows<{ new_value: { id: number; title: string } }>(
      db(),
      sql`SELECT new_value FROM ticket_event WHERE ticket_id = ${ticketId} AND field = 'rule' ORDER BY event_id`,
    )
  ).map((r) => r.new_value.title);
