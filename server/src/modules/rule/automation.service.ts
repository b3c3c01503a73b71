import type { TAutomation, TRuleAction, TRuleConditions, ZAutomationInput } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { invalid, notFound } from '../../http/app-error.js';
import { checkAutomation } from './automation.check.js';
import { checkRule } from './rule.check.js';
import { usageAndFailures } from './rule.usage.js';

export type AutomationInput = z.output<typeof ZAutomationInput>;

export interface AutomationRow {
  automation_id: number;
  title: string;
  position: number;
  active: boolean;
  schedule_id: number | null;
  conditions: TRuleConditions;
  actions: TRuleAction[];
  update_ts: number;
}

export async function automationRows(db: DbOrTx, activeOnly = false): Promise<AutomationRow[]> {
  const rows = await queryRows<AutomationRow>(
    db,
    activeOnly
      ? sql`SELECT * FROM rule_automation WHERE active ORDER BY position, automation_id`
      : sql`SELECT * FROM rule_automation ORDER BY position, automation_id`,
  );
  return rows.map((r) => ({
    ...r,
    automation_id: Number(r.automation_id),
    position: Number(r.position),
    schedule_id: r.schedule_id === null ? null : Number(r.schedule_id),
    update_ts: Number(r.update_ts),
  }));
}

export async function automationList(db: DbOrTx): Promise<{ list: TAutomation[] }> {
  const rows = await automationRows(db);
  const { usage, failures } = await usageAndFailures(db, 'automation');
  return {
    list: rows.map((r) => ({
      automation_id: r.automation_id,
      title: r.title,
      position: r.position,
      active: Boolean(r.active),
      schedule_id: r.schedule_id,
      conditions: r.conditions,
      actions: r.actions,
      usage_30d: usage.get(r.automation_id) ?? 0,
      last_error: failures.get(r.automation_id)?.error ?? null,
      last_error_ts: failures.get(r.automation_id)?.ts ?? null,
      update_ts: r.update_ts,
    })),
  };
}

export async function automationGet(db: DbOrTx, id: number): Promise<TAutomation> {
  const found = (await automationList(db)).list.find((a) => a.automation_id === id);
  if (!found) {
    throw notFound();
  }
  return found;
}

async function checked(db: DbOrTx, input: AutomationInput, previous: TRuleAction[] = []) {
  if (input.schedule_id !== null) {
    const rows = await queryRows(db, sql`SELECT 1 FROM schedule WHERE schedule_id = ${input.schedule_id}`);
    if (rows.length === 0) {
      throw invalid('id_not_found', 'schedule_id');
    }
  }
  const actions = await checkRule(db, 'automation', input.conditions, input.actions, previous);
  checkAutomation(input.conditions, actions);
  return actions;
}

export async function automationSave(db: DbOrTx, input: AutomationInput, id: number | null): Promise<number> {
  const now = Date.now();
  if (id === null) {
    const actions = await checked(db, input);
    const [row] = await queryRows<{ automation_id: number }>(
      db,
      sql`INSERT INTO rule_automation (title, position, active, schedule_id, conditions, actions, create_ts, update_ts)
        VALUES (${input.title}, (SELECT coalesce(max(position), 0) + 1 FROM rule_automation), ${input.active},
          ${input.schedule_id}, ${JSON.stringify(input.conditions)}::jsonb, ${JSON.stringify(actions)}::jsonb, ${now}, ${now})
        RETURNING automation_id`,
    );
    return Number(row?.automation_id);
  }
  const [old] = await queryRows<{ actions: TRuleAction[] }>(
    db,
    sql`SELECT actions FROM rule_automation WHERE automation_id = ${id}`,
  );
  if (!old) {
    throw notFound();
  }
  const actions = await checked(db, input, old.actions);
  await db.execute(
    sql`UPDATE rule_automation SET title = ${input.title}, active = ${input.active}, schedule_id = ${input.schedule_id},
        conditions = ${JSON.stringify(input.conditions)}::jsonb, actions = ${JSON.stringify(actions)}::jsonb, update_ts = ${now}
      WHERE automation_id = ${id}`,
  );
  return id;
}

export async function automationDelete(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`DELETE FROM rule_automation WHERE automation_id = ANY(${intArrayLiteral(unique)}::int[]) RETURNING automation_id`,
    );
    if (rows.length !== unique.length) {
      throw notFound();
    }
  });
}
