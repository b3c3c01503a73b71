import type { TRuleAction, TRuleConditions } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

export interface StoredRule {
  id: number;
  title: string;
  conditions: TRuleConditions;
  actions: TRuleAction[];
}

/** The active triggers in order, and what their conditions read beyond the ticket (read only when named). */
export interface TriggerSet {
  version: number;
  list: StoredRule[];
  /** Some condition names who made the change (`actor_type`). */
  readsActor: boolean;
  /** Some condition reads the change's comment (`comment_text`, `comment_type`). */
  readsComment: boolean;
}

const rowsToRules = (rows: Array<{ trigger_id: number; title: string; conditions: unknown; actions: unknown }>) =>
  rows.map((r) => ({
    id: Number(r.trigger_id),
    title: r.title,
    conditions: r.conditions as TRuleConditions,
    actions: r.actions as TRuleAction[],
  }));

/** The active triggers as `tx` sees them (a dry run's draft included), uncached. */
export async function activeTriggers(tx: Tx): Promise<StoredRule[]> {
  return rowsToRules(
    await queryRows(
      tx,
      sql`SELECT trigger_id, title, conditions, actions FROM rule_trigger WHERE active ORDER BY position, trigger_id`,
    ),
  );
}

function setOf(version: number, list: StoredRule[]): TriggerSet {
  const fields = new Set(list.flatMap((t) => [...t.conditions.all, ...t.conditions.any].map((c) => c.field)));
  return {
    version,
    list,
    readsActor: fields.has('actor_type'),
    readsComment: fields.has('comment_text') || fields.has('comment_type'),
  };
}

/** Per database handle (one per app): the set last read and its version. Never mutated once cached. */
const cache = new WeakMap<object, TriggerSet>();

/**
 * The active triggers for one ticket change, read from the database only when they changed: one
 * short statement reads the `trigger` version (rule.version.ts) and, when it is not the cached
 * one, one statement reads the version and the triggers together (one snapshot: the set cached
 * is never older than the version it is filed under). Every save of a trigger sets a new version
 * in its transaction, so each server process sees another's saves at its next change, with no
 * message between them.
 */
export async function currentTriggers(db: Db, tx: Tx): Promise<TriggerSet> {
  const cached = cache.get(db);
  if (cached) {
    const [row] = await queryRows<{ version: string }>(
      tx,
      sql`SELECT version FROM rule_version WHERE kind = 'trigger'`,
    );
    if (Number(row?.version ?? 0) === cached.version) {
      return cached;
    }
  }
  const rows = await queryRows<{
    version: string;
    trigger_id: number | null;
    title: string;
    conditions: unknown;
    actions: unknown;
  }>(
    tx,
    sql`SELECT coalesce((SELECT version FROM rule_version WHERE kind = 'trigger'), 0) AS version,
        t.trigger_id, t.title, t.conditions, t.actions
      FROM (SELECT 1) one
      LEFT JOIN rule_trigger t ON t.active
      ORDER BY t.position, t.trigger_id`,
  );
  const set = setOf(
    Number(rows[0]?.version ?? 0),
    rowsToRules(rows.filter((r): r is typeof r & { trigger_id: number } => r.trigger_id !== null)),
  );
  cache.set(db, set);
  return set;
}
