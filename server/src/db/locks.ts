import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Keys of the advisory locks Parley takes, in one place so that no two share a key by accident
 * (two unrelated writers would then wait for each other).
 */
export const lockKeys = {
  /** Migrations at start: a second process waits, then finds nothing to do. */
  migrate: 727_130_001,
  /** The first admin and seeded data at start. */
  bootstrap: 727_130_002,
  /** Organization email domains: one owner per domain. */
  companyDomains: 727_130_101,
  /** The single default group. */
  defaultGroup: 727_130_102,
  /** Role names: one role of a name (in any case). */
  roleNames: 727_130_103,
  /** Group names: one group of a name (in any case). */
  groupNames: 727_130_104,
  /** Schedule names: one schedule of a name (in any case). */
  scheduleNames: 727_130_105,
  /** Shortcut titles: one of a title among those an agent sees. */
  shortcutNames: 727_130_106,
  /** Ticket field titles: one field of a name as search reads it. */
  fieldNames: 727_130_107,
  /** Trigger category names: one category of a name (in any case). */
  triggerCategoryNames: 727_130_108,
  /** Ticket form names: one form of a name (in any case). */
  formNames: 727_130_110,
  /**
   * SLA policies and the schedules they use: a policy save and a schedule's edit or delete take
   * turns, so that neither checks the other's state from before the other's commit.
   */
  slaSchedules: 727_130_109,
  /** The report sums' merge (report.compact): one process at a time, the others skip. */
  reportCompact: 727_130_201,
} as const;

/** Holds the lock until the transaction ends. */
export async function lockForTransaction(tx: DbOrTx, key: keyof typeof lockKeys): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(lockKeys[key]))})`);
}
