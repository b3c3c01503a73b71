import {
  fieldIdOfKey,
  fieldValueProblem,
  isEmptyFieldValue,
  isRuleFieldKey,
  misplacedConditions,
  type TRuleAction,
  type TRuleConditions,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { assertIdsExist } from '../../db/exists.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { invalid } from '../../http/app-error.js';
import { existingIds } from '../account/account.repo.js';
import { slaPoliciesUsingSchedules } from '../sla/sla.repo.js';
import { shapeOf } from '../ticket-field/field-values.js';
import { allFields } from '../ticket-field/ticket-field.service.js';
import { conditionsNameSchedule } from './rule.sql.js';
import { isPlainlyLocalHost, newWebhookSecret } from './rule.webhook.js';

/**
 * What a rule names must exist when it is saved: schedules, groups, agents who can be assigned;
 * webhooks go to public addresses. A rule that names something deleted later fails on its
 * ticket and records why (see rule.usage.ts), the change it ran on is kept.
 */
export async function checkRule(
  db: DbOrTx,
  use: 'trigger' | 'automation' | 'sla',
  conditions: TRuleConditions,
  actions: TRuleAction[],
  previous: TRuleAction[] = [],
): Promise<TRuleAction[]> {
  const misplaced = misplacedConditions(conditions, use)[0];
  if (misplaced) {
    throw invalid('field_invalid', misplaced);
  }
  const fields = new Map((await allFields(db)).map((f) => [f.fieldId, f]));
  for (const group of ['all', 'any'] as const) {
    for (const [i, c] of conditions[group].entries()) {
      const path = `conditions.${group}.${i}.value`;
      if (isRuleFieldKey(c.field) && !fields.has(fieldIdOfKey(c.field) as number)) {
        throw invalid('id_not_found', `conditions.${group}.${i}.field`);
      }
      if (typeof c.value === 'number' && c.field === 'within_schedule' && !(await scheduleExists(db, c.value))) {
        throw invalid('id_not_found', path);
      }
      if (typeof c.value === 'number' && c.field === 'group_id' && !(await existingIds(db, 'group', [c.value]))) {
        throw invalid('id_not_found', path);
      }
      if (typeof c.value === 'number' && c.field === 'assignee_id' && !(await existingIds(db, 'staff', [c.value]))) {
        throw invalid('id_not_found', path);
      }
      if (typeof c.value === 'number' && (c.field === 'company_id' || c.field === 'requester_id')) {
        await assertIdsExist(db, { [path]: { kind: c.field === 'company_id' ? 'company' : 'account', id: c.value } });
      }
    }
  }
  const out: TRuleAction[] = [];
  for (const [i, a] of actions.entries()) {
    if (a.action === 'set_field') {
      const f = fields.get(a.field_id);
      if (!f) {
        throw invalid('id_not_found', `actions.${i}.field_id`);
      }
      if (!isEmptyFieldValue(a.value) && fieldValueProblem(shapeOf(f), a.value)) {
        throw invalid('field_invalid', `actions.${i}.value`);
      }
    }
    if (a.action === 'set_group' && a.value !== null && !(await existingIds(db, 'group', [a.value]))) {
      throw invalid('id_not_found', `actions.${i}.value`);
    }
    if (
      a.action === 'notify' &&
      a.target === 'group' &&
      a.group_id !== null &&
      !(await existingIds(db, 'group', [a.group_id]))
    ) {
      throw invalid('id_not_found', `actions.${i}.group_id`);
    }
    if (a.action === 'notify' && a.target === 'address' && !a.address) {
      throw invalid('required_email', `actions.${i}.address`);
    }
    if (a.action === 'set_assignee' && a.value !== null && !(await isAssignable(db, a.value))) {
      throw invalid('assignee_must_be_staff', `actions.${i}.value`);
    }
    if (a.action === 'webhook') {
      if (isPlainlyLocalHost(a.url)) {
        throw invalid('webhook_address_refused', `actions.${i}.url`);
      }
      // An empty secret keeps the one this address had, or gets a new one.
      const kept = previous.find((p) => p.action === 'webhook' && p.url === a.url && p.secret);
      out.push({ ...a, secret: a.secret || (kept?.action === 'webhook' ? kept.secret : newWebhookSecret()) });
      continue;
    }
    out.push(a);
  }
  return out;
}

async function scheduleExists(db: DbOrTx, id: number) {
  return (await queryRows(db, sql`SELECT 1 FROM schedule WHERE schedule_id = ${id}`)).length > 0;
}

async function isAssignable(db: DbOrTx, id: number) {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM account WHERE account_id = ${id} AND user_type IN ('admin', 'agent') AND access_state = 'allowed'`,
  );
  return rows.length > 0;
}

/**
 * The triggers, automations and SLA policies that use one of these schedules (its hours, or a
 * condition), by title: what an admin must change before deleting it.
 */
export async function scheduleUsers(db: DbOrTx, ids: number[]): Promise<string[]> {
  const rows = await queryRows<{ title: string }>(
    db,
    sql`SELECT title FROM (
        SELECT a.title, 1 AS kind FROM rule_automation a
        WHERE a.schedule_id = ANY(${intArrayLiteral(ids)}::int[]) OR ${conditionsNameSchedule(sql`a.conditions`, ids)}
        UNION ALL
        SELECT r.title, 0 FROM rule_trigger r WHERE ${conditionsNameSchedule(sql`r.conditions`, ids)}
      ) u ORDER BY kind, title`,
  );
  return [...rows.map((r) => r.title), ...(await slaPoliciesUsingSchedules(db, ids))];
}
