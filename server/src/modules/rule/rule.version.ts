import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

/**
 * A new version of a rule set, in the saving transaction (after its writes): the next value of
 * one sequence, never given twice even when that transaction rolls back (migration 0035), so a
 * version read by another process names one committed set of rules. Answers it.
 */
export async function bumpRuleVersion(db: DbOrTx, kind: 'trigger' | 'sla'): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(
    db,
    sql`INSERT INTO rule_version (kind, version) VALUES (${kind}, nextval('rule_version_seq'))
      ON CONFLICT (kind) DO UPDATE SET version = EXCLUDED.version RETURNING version`,
  );
  return Number(row?.version);
}
