import {
  scheduleOps,
  slaOps,
  type TScheduleData,
  type TSlaPolicyData,
  type TSlaPolicyInput,
  ZSlaPolicyInput,
} from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, db, setUpApp, t } from '../../../test/kit.js';
import { submit, word } from '../../../test/rule-kit.js';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { scheduleEdit } from '../schedule/schedule.service.js';
import { slaRecomputeQueue } from './sla.recompute.js';
import { slaPolicySave } from './sla.service.js';

setUpApp({ ticketDefaults: true });

const minute = 60_000;
const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '00:00', end: '24:00' }));
/** A policy as the save takes it (parsed as the call parses it). */
const policyData = (w: string, extra: Partial<TSlaPolicyInput> = {}): TSlaPolicyData =>
  ZSlaPolicyInput.parse({
    title: `Policy ${w}`,
    conditions: { all: [{ field: 'subject', operator: 'contains', value: w }] },
    targets: { normal: { first_reply: 60 } },
    ...extra,
  });

async function addSchedule(name: string): Promise<number> {
  const res = await api(scheduleOps.add, { name, timezone: 'UTC', intervals: allWeek });
  expect(res.code).toBe('0000');
  return res.data.schedule_id;
}

/** Sessions of this database waiting for a lock (the one SLA policy saves and schedule edits share, or a row's). */
async function lockWaiters(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return Number(row?.n);
}

/**
 * One admin's save held open after its writes (as a slow request would be), while another admin's
 * call runs; then the first commits, and the call's answer is returned.
 */
async function whileHeld<T>(first: (tx: Tx) => Promise<unknown>, second: () => Promise<T>): Promise<T> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let written: () => void = () => undefined;
  const writes = new Promise<void>((resolve) => {
    written = resolve;
  });
  const holding = db().transaction(async (tx) => {
    await first(tx);
    written();
    await released;
  });
  let answered = false;
  let call: Promise<T> | null = null;
  try {
    await Promise.race([writes, holding]);
    call = second().finally(() => {
      answered = true;
    });
    // The second either waits for the first (as it must), or answers at once (as it did).
    await expect.poll(async () => answered || (await lockWaiters()) > 0, { timeout: 10_000 }).toBe(true);
  } finally {
    release();
    await holding;
  }
  return call as Promise<T>;
}

// Two sessions at once: PGlite has one.
const onPostgres = it.runIf(Boolean(process.env.TEST_DATABASE_URL));

describe('an SLA policy and a schedule saved at the same time', () => {
  onPostgres('a policy saved while its schedule loses every business hour is refused, not left never due', async () => {
    const w = word();
    const scheduleId = await addSchedule(`Closing ${w}`);
    const closed: TScheduleData & { schedule_id: number } = {
      schedule_id: scheduleId,
      name: `Closing ${w}`,
      timezone: 'UTC',
      intervals: [],
      holidays: [],
    };
    const saved = await whileHeld(
      (tx) => scheduleEdit(tx, closed),
      () => api(slaOps.policyAdd, policyData(w, { schedule_id: scheduleId })),
    );
    expect([saved.code, saved.msg]).toEqual([
      'FFFF',
      'This schedule has no business hours ahead: targets measured in it would never fall due',
    ]);
    expect((await api(slaOps.policyList, {})).data.list.filter((p) => p.schedule_id === scheduleId)).toEqual([]);
  });

  onPostgres(
    'a schedule closed while a policy measuring in it is saved is refused: the policy keeps hours',
    async () => {
      const w = word();
      const scheduleId = await addSchedule(`Measured ${w}`);
      const edited = await whileHeld(
        (tx) => slaPolicySave(tx, policyData(w, { schedule_id: scheduleId }), null),
        () =>
          api(scheduleOps.edit, {
            schedule_id: scheduleId,
            name: `Measured ${w}`,
            timezone: 'UTC',
            intervals: [],
            holidays: [],
          }),
      );
      expect([edited.code, edited.msg]).toEqual([
        'FFFF',
        'An SLA policy measures its targets in this schedule: keep some business hours in it',
      ]);
      expect((await api(scheduleOps.get, { schedule_id: scheduleId })).data.intervals).toHaveLength(7);
    },
  );

  onPostgres('a schedule deleted while a policy measuring in it is saved is kept, and says why', async () => {
    const w = word();
    const scheduleId = await addSchedule(`Named ${w}`);
    const deleted = await whileHeld(
      (tx) => slaPolicySave(tx, policyData(w, { schedule_id: scheduleId }), null),
      () => api(scheduleOps.delete, { schedule_ids: [scheduleId] }),
    );
    expect(deleted.code).toBe('FFFF');
    expect(deleted.msg).toBe(`Rules or SLA policies still use this schedule: "Policy ${w}". Change them first`);
    expect((await api(scheduleOps.get, { schedule_id: scheduleId })).code).toBe('0000');
  });
});

describe('a schedule edit and the SLA targets measured in it', () => {
  it('new hours move the open tickets’ due times (they stayed at the old hours until the next change)', async () => {
    const w = word();
    const scheduleId = await addSchedule(`Hours ${w}`);
    expect((await api(slaOps.policyAdd, policyData(w, { schedule_id: scheduleId }))).code).toBe('0000');
    await runRecompute();
    const ticketId = (await submit(`Open ${w}`)).data.ticket_id;
    const [row] = await queryRows<{ create_ts: string }>(
      db(),
      sql`SELECT create_ts FROM ticket WHERE ticket_id = ${ticketId}`,
    );
    const created = Number(row?.create_ts);
    const slaOf = async () => (await api(slaOps.ticketGet, { ticket_id: ticketId })).data;
    expect(await slaOf()).toMatchObject({ metric: 'first_reply', due_ts: created + 60 * minute });

    // One hour a week, three days from today: the first reply is due days later.
    const day = (new Date().getUTCDay() + 3) % 7;
    const edited = await api(scheduleOps.edit, {
      schedule_id: scheduleId,
      name: `Hours ${w}`,
      timezone: 'UTC',
      intervals: [{ day, start: '09:00', end: '10:00' }],
      holidays: [],
    });
    expect(edited.code).toBe('0000');
    await runRecompute();
    expect((await slaOf()).due_ts).toBeGreaterThan(created + 24 * 60 * minute);
  });
});

/** What the job queue's worker does: every queued recompute, until none is left. */
async function runRecompute() {
  while ((await t.app.parley.jobs.runOnce(slaRecomputeQueue)) > 0) {
    // next batch
  }
}
