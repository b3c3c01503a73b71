import type {
  TRuleAction,
  TRuleConditions,
  TTrigger,
  TTriggerCategory,
  ZTriggerDryRunRequest,
  ZTriggerInput,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { refuseTakenName } from '../../db/names.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { invalid, notFound } from '../../http/app-error.js';
import { checkRule } from './rule.check.js';
import { usageAndFailures } from './rule.usage.js';
import { bumpRuleVersion } from './rule.version.js';

type Input = z.output<typeof ZTriggerInput>;
export type DryRunInput = z.output<typeof ZTriggerDryRunRequest>;

interface Row {
  trigger_id: number;
  title: string;
  category_id: number | null;
  position: number;
  active: boolean;
  conditions: TRuleConditions;
  actions: TRuleAction[];
  update_ts: number;
}

export async function triggerList(db: DbOrTx): Promise<{ list: TTrigger[]; categories: TTriggerCategory[] }> {
  const rows = await queryRows<Row>(db, sql`SELECT * FROM rule_trigger ORDER BY position, trigger_id`);
  const { usage, failures } = await usageAndFailures(db, 'trigger');
  const categories = await queryRows<TTriggerCategory>(
    db,
    sql`SELECT category_id, name, position FROM rule_trigger_category ORDER BY position, category_id`,
  );
  return {
    list: rows.map((r) => {
      const failure = failures.get(Number(r.trigger_id));
      return {
        trigger_id: Number(r.trigger_id),
        title: r.title,
        category_id: r.category_id === null ? null : Number(r.category_id),
        position: Number(r.position),
        active: Boolean(r.active),
        conditions: r.conditions,
        actions: r.actions,
        usage_30d: usage.get(Number(r.trigger_id)) ?? 0,
        last_error: failure?.error ?? null,
        last_error_ts: failure?.ts ?? null,
        update_ts: Number(r.update_ts),
      };
    }),
    categories: categories.map((c) => ({ ...c, category_id: Number(c.category_id), position: Number(c.position) })),
  };
}

export async function triggerGet(db: DbOrTx, triggerId: number): Promise<TTrigger> {
  const found = (await triggerList(db)).list.find((t) => t.trigger_id === triggerId);
  if (!found) {
    throw notFound();
  }
  return found;
}

async function checkCategory(db: DbOrTx, categoryId: number | null) {
  if (categoryId !== null) {
    const rows = await queryRows(db, sql`SELECT 1 FROM rule_trigger_category WHERE category_id = ${categoryId}`);
    if (rows.length === 0) {
      throw invalid('id_not_found', 'category_id');
    }
  }
}

/** A trigger with no condition would act on every change of every ticket. */
function refuseNoCondition(input: Input) {
  if (input.conditions.all.length + input.conditions.any.length === 0) {
    throw invalid('trigger_needs_condition', 'conditions.all');
  }
}

/** Saves a trigger (new ones run last); answers its id. Used by the dry run too, inside its rolled-back transaction. */
export async function triggerSave(db: DbOrTx, input: Input, triggerId: number | null): Promise<number> {
  await checkCategory(db, input.category_id);
  const now = Date.now();
  if (triggerId === null) {
    const actions = await checkRule(db, 'trigger', input.conditions, input.actions);
    refuseNoCondition(input);
    const [row] = await queryRows<{ trigger_id: number }>(
      db,
      sql`INSERT INTO rule_trigger (title, category_id, position, active, conditions, actions, create_ts, update_ts)
        VALUES (${input.title}, ${input.category_id}, (SELECT coalesce(max(position), 0) + 1 FROM rule_trigger),
          ${input.active}, ${JSON.stringify(input.conditions)}::jsonb, ${JSON.stringify(actions)}::jsonb, ${now}, ${now})
        RETURNING trigger_id`,
    );
    await bumpRuleVersion(db, 'trigger');
    return Number(row?.trigger_id);
  }
  const [old] = await queryRows<{ actions: TRuleAction[] }>(
    db,
    sql`SELECT actions FROM rule_trigger WHERE trigger_id = ${triggerId}`,
  );
  if (!old) {
    throw notFound();
  }
  const actions = await checkRule(db, 'trigger', input.conditions, input.actions, old.actions);
  refuseNoCondition(input);
  await db.execute(
    sql`UPDATE rule_trigger SET title = ${input.title}, category_id = ${input.category_id}, active = ${input.active},
        conditions = ${JSON.stringify(input.conditions)}::jsonb, actions = ${JSON.stringify(actions)}::jsonb,
        update_ts = ${now}
      WHERE trigger_id = ${triggerId}`,
  );
  await bumpRuleVersion(db, 'trigger');
  return triggerId;
}

export async function triggerDelete(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`DELETE FROM rule_trigger WHERE trigger_id = ANY(${intArrayLiteral(unique)}::int[]) RETURNING trigger_id`,
    );
    if (rows.length !== unique.length) {
      throw notFound();
    }
    await bumpRuleVersion(tx, 'trigger');
  });
}

/** The whole order at once (what the dragged list shows): every trigger exactly once. */
const orderKeys = {
  rule_trigger: ['trigger_id', 'trigger_ids'],
  rule_automation: ['automation_id', 'automation_ids'],
  sla_policy: ['policy_id', 'policy_ids'],
} as const;

/** Sets the order rules run (or policies are tried) in: every id of the table exactly once. */
export async function reorder(db: DbOrTx, table: keyof typeof orderKeys, ids: number[]) {
  const [key, field] = orderKeys[table];
  await db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`SELECT ${sql.raw(key)} AS id FROM ${sql.raw(table)} FOR UPDATE`,
    );
    const all = new Set(rows.map((r) => Number(r.id)));
    if (new Set(ids).size !== ids.length || ids.length !== all.size || ids.some((id) => !all.has(id))) {
      throw invalid('field_invalid', field);
    }
    await tx.execute(
      sql`UPDATE ${sql.raw(table)} SET position = o.n
        FROM unnest(${intArrayLiteral(ids)}::int[]) WITH ORDINALITY AS o(id, n)
        WHERE ${sql.raw(key)} = o.id`,
    );
    if (table === 'rule_trigger') {
      await bumpRuleVersion(tx, 'trigger');
    }
  });
}

export async function categoryAdd(db: Db, name: string) {
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, 'triggerCategory', name);
    const [row] = await queryRows<{ category_id: number }>(
      tx,
      sql`INSERT INTO rule_trigger_category (name, position, create_ts)
        VALUES (${name}, (SELECT coalesce(max(position), 0) + 1 FROM rule_trigger_category), ${Date.now()})
        RETURNING category_id`,
    );
    return { category_id: Number(row?.category_id) };
  });
}

export async function categoryEdit(db: Db, categoryId: number, name: string) {
  await db.transaction(async (tx) => {
    await refuseTakenName(tx, 'triggerCategory', name, categoryId);
    const rows = await queryRows(
      tx,
      sql`UPDATE rule_trigger_category SET name = ${name} WHERE category_id = ${categoryId} RETURNING category_id`,
    );
    if (rows.length === 0) {
      throw notFound();
    }
  });
}

/** Its triggers stay, without a category. */
export async function categoryDelete(db: Db, categoryId: number) {
  const rows = await queryRows(
    db,
    sql`DELETE FROM rule_trigger_category WHERE category_id = ${categoryId} RETURNING category_id`,
  );
  if (rows.length === 0) {
    throw notFound();
  }
}
