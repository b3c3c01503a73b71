import { scheduleOps, slaOps } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, apiUntyped, setUpApp, t } from '../../../test/kit.js';
import { addTrigger, deleteTriggers } from '../../../test/rule-kit.js';

setUpApp({ ticketDefaults: true });

const week = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));

describe('Settings › Schedules', () => {
  it('refuses a name another schedule has, whatever its case and surrounding spaces, on add and edit', async () => {
    const taken = 'A schedule of this name already exists';
    const first = await api(scheduleOps.add, { name: 'Never open', timezone: 'UTC', intervals: week });
    expect(first.code).toBe('0000');
    for (const name of ['Never open', ' never open ', 'NEVER OPEN']) {
      const res = await api(scheduleOps.add, { name, timezone: 'UTC', intervals: week });
      expect([res.code, res.msg, res.fields], name).toEqual(['FFFF', taken, { name: taken }]);
    }
    const zh = await api(scheduleOps.add, { name: 'never open', timezone: 'UTC', intervals: week }, undefined, {
      lang: 'zh-cn',
    });
    expect(zh.msg).toBe('已有同名工作时间');
    const other = await api(scheduleOps.add, { name: 'Weekends', timezone: 'UTC', intervals: week });
    const id = other.data.schedule_id;
    const renamed = await api(scheduleOps.edit, {
      schedule_id: id,
      name: 'never open',
      timezone: 'UTC',
      intervals: week,
    });
    expect([renamed.code, renamed.fields]).toEqual(['FFFF', { name: taken }]);
    expect((await api(scheduleOps.list, {})).data.list.filter((s) => /never open/i.test(s.name))).toHaveLength(1);
    // Its own name in another case is no clash; two sharing one from before stay editable.
    expect(
      (await api(scheduleOps.edit, { schedule_id: id, name: 'WEEKENDS', timezone: 'UTC', intervals: week })).code,
    ).toBe('0000');
    await t.database.db.execute(sql`UPDATE schedule SET name = 'never open' WHERE schedule_id = ${id}`);
    const kept = await api(scheduleOps.edit, { schedule_id: id, name: 'Never open', timezone: 'UTC', intervals: [] });
    expect(kept.code).toBe('0000');
  });

  it('saves business hours with several intervals a day and holidays, and answers the spec messages', async () => {
    const bad = await apiUntyped(scheduleOps.add, {
      name: 'Support',
      timezone: 'Europe/Paris',
      intervals: week,
      holidays: [
        { name: '', start_date: '2026-12-25', end_date: '2026-12-25' },
        { name: 'New year', start_date: '2027-01-02', end_date: '2027-01-01' },
        { name: 'Someday' },
      ],
    });
    expect(bad.code).toBe('FFFF');
    expect(bad.fields).toMatchObject({
      'holidays.0.name': 'Holiday name is required',
      'holidays.1.end_date': 'End date must be later than start date',
      'holidays.2.start_date': 'Start date is required',
      'holidays.2.end_date': 'End date is required',
    });
    const zh = await api(scheduleOps.add, {
      name: 'x',
      timezone: 'UTC',
      intervals: [],
      holidays: [{ name: '', start_date: '2026-12-25', end_date: '2026-12-24' }],
    });
    expect(zh.code).toBe('FFFF');
    const overlap = await api(scheduleOps.add, {
      name: 'x',
      timezone: 'UTC',
      intervals: [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:00', end: '15:00' },
      ],
    });
    expect(overlap.fields['intervals.1.start']).toBe('Intervals of a day must not overlap');
    // Every problem in one answer: an end before its start and an overlap on another day together.
    const both = await api(scheduleOps.add, {
      name: 'x',
      timezone: 'UTC',
      intervals: [
        { day: 2, start: '13:00', end: '18:00' },
        { day: 1, start: '17:00', end: '09:00' },
        { day: 2, start: '09:00', end: '14:00' },
      ],
    });
    expect(both.fields).toEqual({
      'intervals.1.end': 'The end time must be later than the start time',
      'intervals.0.start': 'Intervals of a day must not overlap',
    });
    // A start that is not a time is refused on its own: its valid end is not marked too.
    const notTime = await api(scheduleOps.add, {
      name: 'x',
      timezone: 'UTC',
      intervals: [{ day: 1, start: '25:00', end: '17:00' }],
    });
    expect(notTime.fields).toEqual({ 'intervals.0.start': 'Enter a time such as 09:00' });
    const lateEnd = await api(scheduleOps.add, {
      name: 'x',
      timezone: 'UTC',
      intervals: [{ day: 1, start: '09:00', end: '25:00' }],
    });
    expect(lateEnd.fields).toEqual({ 'intervals.0.end': 'Enter a time such as 09:00' });
    const backwards = await api(scheduleOps.add, {
      name: 'x',
      timezone: 'UTC',
      intervals: [{ day: 1, start: '17:00', end: '09:00' }],
    });
    expect(backwards.fields).toEqual({ 'intervals.0.end': 'The end time must be later than the start time' });
    const zone = await api(scheduleOps.add, {
      name: 'x',
      timezone: 'Mars/Base',
      intervals: [],
    });
    expect(Object.keys(zone.fields)).toEqual(['timezone']);
    // Left out or empty: said to be required, not "Invalid value".
    for (const timezone of [undefined, '']) {
      const missing = await apiUntyped(scheduleOps.add, { name: 'x', timezone, intervals: [] });
      expect(missing.fields).toEqual({ timezone: 'This field is required' });
    }

    const ok = await api(scheduleOps.add, {
      name: 'Support',
      timezone: 'Europe/Paris',
      intervals: [{ day: 1, start: '13:00', end: '18:00' }, { day: 1, start: '08:00', end: '12:00' }, ...week.slice(1)],
      holidays: [{ name: 'Christmas', start_date: '2026-12-25', end_date: '2026-12-26' }],
    });
    expect(ok.code).toBe('0000');
    const id = ok.data.schedule_id;
    const one = await api(scheduleOps.get, {
      schedule_id: id,
    });
    expect(one.data.intervals.slice(0, 2)).toEqual([
      { day: 1, start: '08:00', end: '12:00' },
      { day: 1, start: '13:00', end: '18:00' },
    ]);
    expect(one.data.holidays).toEqual([{ name: 'Christmas', start_date: '2026-12-25', end_date: '2026-12-26' }]);
    const edited = await api(scheduleOps.edit, {
      schedule_id: id,
      name: 'Support EU',
      timezone: 'Europe/Berlin',
      intervals: [{ day: 0, start: '00:00', end: '24:00' }],
      holidays: [],
    });
    expect(edited.code).toBe('0000');
    const list = await api(scheduleOps.list, {});
    expect(list.data.list.find((s) => s.schedule_id === id)?.name).toBe('Support EU');

    // Used by a trigger: kept.
    const triggerId = await addTrigger(
      'Out of hours',
      {
        all: [
          { field: 'within_schedule', operator: 'is_not', value: id },
          { field: 'subject', operator: 'contains', value: 'zzz-never' },
        ],
      },
      [{ action: 'add_tags', value: ['after-hours'] }],
    );
    const used = await api(scheduleOps.delete, { schedule_ids: [id] });
    // The message names what uses it: what the admin must change first.
    expect(used.msg).toBe('Rules or SLA policies still use this schedule: "Out of hours". Change them first');
    await deleteTriggers([triggerId]);
    // Counted in an SLA policy's business hours: kept too, said as such (not a server error).
    const policy = await api(slaOps.policyAdd, {
      title: `Business hours ${id}`,
      conditions: { all: [{ field: 'subject', operator: 'contains', value: 'zzz-never' }] },
      targets: { normal: { first_reply: 60 } },
      schedule_id: id,
    });
    expect(policy.code, policy.msg).toBe('0000');
    const byPolicy = await api(scheduleOps.delete, { schedule_ids: [id] });
    expect([byPolicy.code, byPolicy.msg]).toEqual([
      'FFFF',
      `Rules or SLA policies still use this schedule: "Business hours ${id}". Change them first`,
    ]);
    await api(slaOps.policyDelete, { policy_ids: [policy.data.policy_id] });
    expect((await api(scheduleOps.delete, { schedule_ids: [id] })).code).toBe('0000');
    expect((await api(scheduleOps.get, { schedule_id: id })).code).toBe('0404');
  });
});
