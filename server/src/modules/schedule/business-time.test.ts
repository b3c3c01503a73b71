import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  type BusinessSchedule,
  businessMinutesBetween,
  isOpenAt,
  offsetAt,
  subtractBusinessMinutes,
  wallToInstant,
} from './business-time.js';
import { stepwise } from './business-time.stepwise.js';

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

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int, pick: <T>(list: readonly T[]) => list[int(0, list.length - 1)] as T };
}

// Zones with and without daylight saving: northern and southern changes, changes at midnight
// (Santiago, Havana), half and three-quarter hour offsets.
const zones = [
  'UTC',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'America/Santiago',
  'America/Havana',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'Europe/London',
] as const;
const clock = (quarters: number) =>
  `${String(Math.floor(quarters / 4)).padStart(2, '0')}:${String((quarters % 4) * 15).padStart(2, '0')}`;
const isoDate = (t: number) => new Date(t).toISOString().slice(0, 10);

function randomSchedule(r: ReturnType<typeof random>, start: number): BusinessSchedule {
  const intervals: Array<{ day: number; start: string; end: string }> = [];
  for (let d = 0; d < 7; d++) {
    // Cut the day (in quarter hours) at sorted points, keep some of the pieces: intervals that
    // touch midnight, sit across the small hours of a clock change, or fill the whole day.
    const cuts = [...new Set([0, 96, ...Array.from({ length: r.int(0, 4) }, () => r.int(1, 95))])].sort(
      (a, b) => a - b,
    );
    for (let i = 1; i < cuts.length; i++) {
      if (r.next() < 0.45) {
        intervals.push({ day: d, start: clock(cuts[i - 1] as number), end: clock(cuts[i] as number) });
      }
    }
  }
  const holidays = Array.from({ length: r.int(0, 6) }, () => {
    const first = start + r.int(-20, 400) * 86_400_000;
    return { start_date: isoDate(first), end_date: isoDate(first + r.int(0, r.next() < 0.2 ? 60 : 6) * 86_400_000) };
  });
  return { timezone: r.pick(zones), intervals, holidays };
}

describe('business time by arithmetic over the week', () => {
  it('answers what the day-by-day walk answers: random schedules, holidays, time zones with clock changes, targets up to months', () => {
    const r = random(18);
    const start = Date.parse('2026-01-01T00:00:00Z');
    let crossedChange = 0;
    let long = 0;
    for (let c = 0; c < 150; c++) {
      const s = randomSchedule(r, start);
      const from = start + Math.floor(r.next() * 400 * 86_400_000);
      // Minutes from one to about six months of a full-time week (26 weeks of 40 hours), a few whole days.
      const minutes = r.next() < 0.2 ? r.int(1, 600) : r.next() < 0.5 ? r.int(600, 20_000) : r.int(20_000, 62_400);
      const label = JSON.stringify({ c, s, from: new Date(from).toISOString(), minutes });
      const due = addBusinessMinutes(s, from, minutes);
      expect(due, label).toBe(stepwise.add(s, from, minutes));
      expect(subtractBusinessMinutes(s, from, minutes), label).toBe(stepwise.subtract(s, from, minutes));
      const to = from + Math.floor(r.next() * 200 * 86_400_000);
      expect(businessMinutesBetween(s, from, to), label).toBe(stepwise.between(s, from, to));
      if (due !== null) {
        expect(businessMinutesBetween(s, from, due), label).toBe(minutes);
        long += due - from > 60 * 86_400_000 ? 1 : 0;
        crossedChange += offsetAt(s.timezone, from) !== offsetAt(s.timezone, due) ? 1 : 0;
      }
    }
    // The cases did cross clock changes and did reach months ahead.
    expect(crossedChange).toBeGreaterThan(10);
    expect(long).toBeGreaterThan(10);
  });

  it('fractions of a minute, as SLA targets leave them, land where the walk lands (to the microsecond)', () => {
    const r = random(1801);
    for (let c = 0; c < 40; c++) {
      const s = randomSchedule(r, Date.parse('2026-01-01T00:00:00Z'));
      const from = Date.parse('2026-01-01T00:00:00Z') + Math.floor(r.next() * 400 * 86_400_000);
      const minutes = r.next() * 30_000;
      const due = addBusinessMinutes(s, from, minutes);
      const walked = stepwise.add(s, from, minutes);
      expect(
        due === null ? null : Math.abs(due - (walked ?? Number.NaN)) < 0.001,
        JSON.stringify({ s, from, minutes }),
      ).toBe(walked === null ? null : true);
    }
  });

  it('a deadline a quarter away: New York, 9 to 5 on weekdays, holidays, across the November change', () => {
    const s: BusinessSchedule = {
      ...ny,
      holidays: [
        { start_date: '2026-11-26', end_date: '2026-11-27' },
        { start_date: '2026-12-24', end_date: '2027-01-01' },
      ],
    };
    // Monday 2026-09-14 09:00 EDT plus 480 business hours (60 working days of 8 hours).
    const from = wallToInstant('America/New_York', 2026, 9, 14, 9 * 60);
    const due = addBusinessMinutes(s, from, 480 * 60);
    expect(due).toBe(stepwise.add(s, from, 480 * 60));
    // 60 working days from 14 September, less Thanksgiving and its Friday: ends Tuesday 8 December 17:00 EST.
    expect(iso(due)).toBe('2026-12-08T22:00:00.000Z');
    expect(businessMinutesBetween(s, from, due as number)).toBe(480 * 60);
    expect(subtractBusinessMinutes(s, due as number, 480 * 60)).toBe(from);
  });
});
