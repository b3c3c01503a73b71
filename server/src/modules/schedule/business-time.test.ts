import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  type BusinessSchedule,
  businessMinutesBetween,
  isOpenAt,
  wallToInstant,
} from './business-time.js';

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, start: '09:00', end: '17:00' }));
// New York: clocks go forward on Sunday 2026-03-08 and back on Sunday 2026-11-01.
const ny: BusinessSchedule = { timezone: 'America/New_York', intervals: weekdays, holidays: [] };
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe('business time', () => {
  it('turns wall-clock times into instants on both sides of a daylight-saving change', () => {
    expect(iso(wallToInstant('America/New_York', 2026, 3, 6, 9 * 60))).toBe('2026-03-06T14:00:00.000Z');
    expect(iso(wallToInstant('America/New_York', 2026, 3, 9, 9 * 60))).toBe('2026-03-09T13:00:00.000Z');
    expect(iso(wallToInstant('Asia/Shanghai', 2026, 1, 1, 24 * 60))).toBe('2026-01-01T16:00:00.000Z');
  });

  it('adds business minutes over a weekend with a daylight-saving change: Friday 16:00 EST + 2 h is Monday 10:00 EDT', () => {
    const friday4pm = Date.parse('2026-03-06T21:00:00Z');
    expect(iso(addBusinessMinutes(ny, friday4pm, 120))).toBe('2026-03-09T14:00:00.000Z');
    expect(businessMinutesBetween(ny, friday4pm, Date.parse('2026-03-09T14:00:00Z'))).toBe(120);
  });

  it('skips a holiday: with Monday off, the same two hours end on Tuesday 10:00', () => {
    const off: BusinessSchedule = { ...ny, holidays: [{ start_date: '2026-03-09', end_date: '2026-03-09' }] };
    const friday4pm = Date.parse('2026-03-06T21:00:00Z');
    expect(iso(addBusinessMinutes(off, friday4pm, 120))).toBe('2026-03-10T14:00:00.000Z');
    expect(businessMinutesBetween(off, friday4pm, Date.parse('2026-03-10T14:00:00Z'))).toBe(120);
    expect(isOpenAt(off, Date.parse('2026-03-09T15:00:00Z'))).toBe(false);
    expect(isOpenAt(off, Date.parse('2026-03-10T15:00:00Z'))).toBe(true);
  });

  it('counts the wall clock: a whole-day schedule has 23 hours on the spring day and 25 in the fall', () => {
    const always: BusinessSchedule = {
      timezone: 'America/New_York',
      intervals: [0].map((day) => ({ day, start: '00:00', end: '24:00' })),
      holidays: [],
    };
    const springStart = wallToInstant('America/New_York', 2026, 3, 8, 0);
    const springEnd = wallToInstant('America/New_York', 2026, 3, 9, 0);
    expect(businessMinutesBetween(always, springStart, springEnd)).toBe(23 * 60);
    const fallStart = wallToInstant('America/New_York', 2026, 11, 1, 0);
    const fallEnd = wallToInstant('America/New_York', 2026, 11, 2, 0);
    expect(businessMinutesBetween(always, fallStart, fallEnd)).toBe(25 * 60);
  });

  it('handles several intervals a day, starts inside one, and answers null when never open', () => {
    const split: BusinessSchedule = {
      timezone: 'UTC',
      intervals: [
        { day: 3, start: '09:00', end: '12:00' },
        { day: 3, start: '13:00', end: '17:00' },
      ],
      holidays: [],
    };
    // Wednesday 2026-11-25 11:00 UTC + 90 min: 60 before lunch, 30 after.
    expect(iso(addBusinessMinutes(split, Date.parse('2026-11-25T11:00:00Z'), 90))).toBe('2026-11-25T13:30:00.000Z');
    // 7 h a Wednesday: 8 h end on next Wednesday 10:00.
    expect(iso(addBusinessMinutes(split, Date.parse('2026-11-25T09:00:00Z'), 8 * 60))).toBe('2026-12-02T10:00:00.000Z');
    expect(addBusinessMinutes({ ...split, intervals: [] }, Date.now(), 10)).toBeNull();
    expect(businessMinutesBetween(split, Date.parse('2026-11-26T00:00:00Z'), Date.parse('2026-11-25T00:00:00Z'))).toBe(
      0,
    );
  });
});
