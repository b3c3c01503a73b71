import type { TSlaPolicy, TSlaPolicyData } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { lockForTransaction } from '../../db/locks.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { conditionsNameSchedule } from '../rule/rule.sql.js';

/**
 * The `sla_policy` table: the SLA feature reads and writes it here, and the schedules and rules
 * ask their questions about it here too (one owner of the table).
 */

type Row = Omit<TSlaPolicy, 'policy_id' | 'position'> & { policy_id: number; position: number };

/**
 * A policy save and a schedule's edit or delete take turns (lockKeys.slaSchedules): each checks
 * the other's committed state (a policy's schedule keeps hours ahead, a schedule in use stays).
 */
export const lockSlaSchedules = (tx: DbOrTx) => lockForTransaction(tx, 'slaSchedules');

/** The policies in the order they are tried; `activeOnly`: those a ticket can get. */
export async function readPolicies(db: DbOrTx, activeOnly: boolean): Promise<TSlaPolicy[]> {
  const rows = await queryRows<Row>(
    db,
    activeOnly
      ? sql`SELECT * FROM sla_policy WHERE active ORDER BY position, policy_id`
      : sql`SELECT * FROM sla_policy ORDER BY position, policy_id`,
  );
  return rows.map((r) => ({
    policy_id: Number(r.policy_id),
    title: r.title,
    position: Number(r.position),
    conditions: r.conditions,
    targets: r.targets,
    schedule_id: r.schedule_id === null ? null : Number(r.schedule_id),
    pause_pending: Boolean(r.pause_pending),
    active: Boolean(r.active),
  }));
}

export async function policyExists(db: DbOrTx, policyId: number): Promise<boolean> {
  return (await queryRows(db, sql`SELECT 1 FROM sla_policy WHERE policy_id = ${policyId}`)).length > 0;
}

/** A new policy, tried last; answers its id. */
export async function insertPolicy(db: DbOrTx, input: TSlaPolicyData, now: number): Promise<number> {
  const [row] = await queryRows<{ policy_id: number }>(
    db,
    sql`INSERT INTO sla_policy (title, position, conditions, targets, schedule_id, pause_pending, active, create_ts, update_ts)
      VALUES (${input.title}, (SELECT coalesce(max(position), 0) + 1 FROM sla_policy),
        ${JSON.stringify(input.conditions)}::jsonb, ${JSON.stringify(input.targets)}::jsonb, ${input.schedule_id},
        ${input.pause_pending}, ${input.active}, ${now}, ${now})
      RETURNING policy_id`,
  );
  return Number(row?.policy_id);
}

/** Writes a policy over; false when there is none of this id. */
export async function updatePolicy(db: DbOrTx, policyId: number, input: TSlaPolicyData, now: number) {
  const rows = await queryRows(
    db,
    sql`UPDATE sla_policy SET title = ${input.title}, conditions = ${JSON.stringify(input.conditions)}::jsonb,
        targets = ${JSON.stringify(input.targets)}::jsonb, schedule_id = ${input.schedule_id},
        pause_pending = ${input.pause_pending}, active = ${input.active}, update_ts = ${now}
      WHERE policy_id = ${policyId} RETURNING policy_id`,
  );
  return rows.length > 0;
}

/** Deletes these policies; answers how many there were. */
export async function deletePolicies(db: DbOrTx, ids: number[]): Promise<number> {
  const rows = await queryRows(
    db,
    sql`DELETE FROM sla_policy WHERE policy_id = ANY(${intArrayLiteral(ids)}::int[]) RETURNING policy_id`,
  );
  return rows.length;
}

/** Does a policy measure its targets in one of these schedules? */
export async function slaMeasuredIn(db: DbOrTx, scheduleIds: number[]): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM sla_policy WHERE schedule_id = ANY(${intArrayLiteral(scheduleIds)}::int[]) LIMIT 1`,
  );
  return rows.length > 0;
}

/** Does a policy use one of these schedules: its targets measured in it, or a condition on its hours? */
/** The titles of the SLA policies measured in one of these schedules or naming one in a condition. */
export async function slaPoliciesUsingSchedules(db: DbOrTx, scheduleIds: number[]): Promise<string[]> {
  const rows = await queryRows<{ title: string }>(
    db,
    sql`SELECT p.title FROM sla_policy p
      WHERE p.schedule_id = ANY(${intArrayLiteral(scheduleIds)}::int[])
        OR ${conditionsNameSchedule(sql`p.conditions`, scheduleIds)}
      ORDER BY p.title`,
  );
  return rows.map((r) => r.title);
}

export async function slaUsesSchedules(db: DbOrTx, scheduleIds: number[]): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM sla_policy p
      WHERE p.schedule_id = ANY(${intArrayLiteral(scheduleIds)}::int[])
        OR ${conditionsNameSchedule(sql`p.conditions`, scheduleIds)}
      LIMIT 1`,
  );
  return rows.length > 0;
}
