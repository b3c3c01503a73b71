import { describe, expect, it } from 'vitest';
import { dateRangeTs, dayStartTs, formatDateRange, parseDateRange } from './dateRange';

describe('date ranges of the search filters', () => {
  it('reads presets and picked days from the address, and nothing else', () => {
    expect(parseDateRange('7d')).toEqual({ preset: '7d' });
    expect(parseDateRange('2026-11-01..2026-11-15')).toEqual({ from: '2026-11-01', to: '2026-11-15' });
    // Days picked the wrong way round still make a range.
    expect(parseDateRange('2026-11-15..2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-15' });
    expect(parseDateRange('2026-02-30..2026-03-01')).toBeUndefined();
    expect(parseDateRange('2026-11-01')).toBeUndefined();
    expect(parseDateRange('2026-11-01..2026-11-02..2026-11-03')).toBeUndefined();
    expect(parseDateRange('8d')).toBeUndefined();
    expect(parseDateRange(undefined)).toBeUndefined();
    expect(formatDateRange({ from: '2026-11-01', to: '2026-11-15' })).toBe('2026-11-01..2026-11-15');
  });

  it('starts a day at midnight of the agent’s time zone, through daylight saving changes', () => {
    expect(dayStartTs('2026-11-01', 'Europe/Berlin')).toBe(Date.UTC(2026, 9, 31, 23));
    expect(dayStartTs('2026-07-01', 'Europe/Berlin')).toBe(Date.UTC(2026, 5, 30, 22));
    expect(dayStartTs('2026-03-29', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 28, 23));
    expect(dayStartTs('2026-03-30', 'Europe/Berlin')).toBe(Date.UTC(2026, 2, 29, 22));
    expect(dayStartTs('2026-11-01', 'Asia/Shanghai')).toBe(Date.UTC(2026, 9, 31, 16));
    expect(dayStartTs('2026-11-01', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 4));
    // Beirut skips from 00:00 to 01:00 on the last Sunday of March: that day starts at the jump.
    expect(dayStartTs('2026-03-29', 'Asia/Beirut')).toBe(Date.UTC(2026, 2, 28, 22));
    expect(dayStartTs('2026-11-01', 'UTC')).toBe(Date.UTC(2026, 10, 1));
  });

  it('sends picked days from the first day’s start to the start of the day after the last', () => {
    expect(dateRangeTs({ from: '2026-11-01', to: '2026-11-15' }, 0, 'Europe/Berlin')).toEqual({
      from: Date.UTC(2026, 9, 31, 23),
      to: Date.UTC(2026, 10, 15, 23),
    });
    // One day, across the end of a month and a change of clocks (Berlin leaves summer time on 25 October).
    expect(dateRangeTs({ from: '2026-10-25', to: '2026-10-31' }, 0, 'Europe/Berlin')).toEqual({
      from: Date.UTC(2026, 9, 24, 22),
      to: Date.UTC(2026, 9, 31, 23),
    });
    const now = Date.UTC(2026, 10, 22, 9);
    expect(dateRangeTs({ preset: '24h' }, now, 'Europe/Berlin')).toEqual({ from: now - 24 * 3_600_000 });
    expect(dateRangeTs(undefined, now, 'Europe/Berlin')).toEqual({});
  });
});
