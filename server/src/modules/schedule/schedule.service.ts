import type { TSchedule, TScheduleData } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { refuseTakenName } from '../../db/names.js';
import { intArrayLiteral, queryRows } from '../../db/rows.js';
import { invalid, invalidWith, notFound } from '../../http/app-error.js';
import { lockSlaSchedules, slaMeasuredIn } from '../sla/sla.repo.js';
import { type BusinessSchedule, opensAfter } from './business-time.js';

const present = (r: Record<string, unknown>): TSchedule => ({
  schedule_id: Number(r.schedule_id),
  name: String(r.name),
  timezone: String(r.timezone),
  intervals: r.intervals as TSchedule['intervals'],
  holidays: r.holidays as TSchedule['holidays'],
  update_ts: Number(r.update_ts),
});

/** Intervals by weekday and start; holidays by start date: the order the screen shows (overlaps: the schema). */
function tidy(input: TScheduleData) {
  const intervals = [...input.intervals].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
  const holidays = [...input.holidays].sort((a, b) => a.start_date.localeCompare(b.start_date));
  return { intervals: JSON.stringify(intervals), holidays: JSON.stringify(holidays) };
}

export async function scheduleList(db: DbOrTx): Promise<{ list: TSchedule[] }> {
  const rows = await queryRows(db, sql`SELECT * FROM schedule ORDER BY schedule_id`);
  return { list: rows.map(present) };
}

export async function scheduleGet(db: DbOrTx, scheduleId: number): Promise<TSchedule> {
  const [row] = await queryRows(db, sql`SELECT * FROM schedule WHERE schedule_id = ${scheduleId}`);
  if (!row) {
    throw notFound();
  }
  return present(row);
}

/** The schedules by id, for the rules that measure time by them (a missing one is left out). */
export async function businessSchedules(db: DbOrTx, ids: number[]): Promise<Map<number, BusinessSchedule>> {
  const out = new Map<number, BusinessSchedule>();
  if (ids.length === 0) {
    return out;
  }
  const rows = await queryRows(
    db,
    sql`SELECT * FROM schedule WHERE schedule_id = ANY(${intArrayLiteral([...new Set(ids)])}::int[])`,
  );
  for (const r of rows.map(present)) {
    out.set(r.schedule_id, r);
  }
  return out;
}

export async function scheduleAdd(db: Db, input: TScheduleData) {
  const t = tidy(input);
  const now = Date.now();
  return db.transaction(async (tx) => {
    await refuseTakenName(tx, 'schedule', input.name);
    const [row] = await queryRows<{ schedule_id: number }>(
      tx,
      sql`INSERT INTO schedule (name, timezone, intervals, holidays, create_ts, update_ts)
        VALUES (${input.name}, ${input.timezone}, ${t.intervals}::jsonb, ${t.holidays}::jsonb, ${now}, ${now})
        RETURNING schedule_id`,
    );
    return { schedule_id: Number(row?.schedule_id) };
  });
}

/**
 * An SLA policy measures its targets in this schedule: it keeps some business hours ahead, or
 * every target of the policy would never fall due (its tickets could only say so).
 */
async function refuseClosingSlaSchedule(tx: DbOrTx, input: TScheduleData & { schedule_id: number }) {
  const now = Date.now();
  if (!opensAfter(input, now) && (await slaMeasuredIn(tx, [input.schedule_id]))) {
    // Hours every week, all of those ahead closed by holidays: the holidays are what to change.
    throw invalid('schedule_sla_needs_hours', opensAfter({ ...input, holidays: [] }, now) ? 'holidays' : 'intervals');
  }
}

/** What follows a schedule's edit in its transaction (the SLA targets measured in it move). */
export type ScheduleEdited = (tx: Tx, scheduleId: number) => Promise<void>;

/**
 * The SLA policies' checks and this one take turns (lockSlaSchedules): a policy saved meanwhile
 * is seen here, or waits and then sees the new hours.
 */
export async function scheduleEdit(
  db: DbOrTx,
  input: TScheduleData & { schedule_id: number },
  edited: ScheduleEdited = async () => undefined,
) {
  const t = tidy(input);
  await db.transaction(async (tx) => {
    await lockSlaSchedules(tx);
    await refuseTakenName(tx, 'schedule', input.name, input.schedule_id);
    await refuseClosingSlaSchedule(tx, input);
    const rows = await queryRows(
      tx,
      sql`UPDATE schedule SET name = ${input.name}, timezone = ${input.timezone}, intervals = ${t.intervals}::jsonb,
          holidays = ${t.holidays}::jsonb, update_ts = ${Date.now()}
        WHERE schedule_id = ${input.schedule_id} RETURNING schedule_id`,
    );
    if (rows.length === 0) {
      throw notFound();
    }
    await edited(tx, input.schedule_id);
  });
}

/** A schedule that a rule or policy names is kept (they would lose their hours): refused, nothing deleted. */
export async function scheduleDelete(
  db: DbOrTx,
  ids: number[],
  usedBy: (tx: DbOrTx, ids: number[]) => Promise<string[]>,
) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    // A policy saved meanwhile naming one of them is seen here, or waits and finds it gone.
    await lockSlaSchedules(tx);
    const users = await usedBy(tx, unique);
    if (users.length > 0) {
      const named = users.slice(0, 10).map((title) => `"${title}"`);
      throw invalidWith('schedule_in_use', 'schedule_ids', {
        users: users.length > 10 ? `${named.join(', ')}, …` : named.join(', '),
      });
    }
    const rows = await queryRows(
      tx,
      sql`DELETE FROM schedule WHERE schedule_id = ANY(${intArrayLiteral(unique)}::int[]) RETURNING schedule_id`,
    );
    if (rows.length !== unique.length) {
      throw notFound();
    }
  });
}
