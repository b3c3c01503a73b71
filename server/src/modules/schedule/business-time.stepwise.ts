import {
  type BusinessSchedule,
  day,
  localDateOf,
  maxDays,
  minute,
  nextDate,
  openWithin,
  walk,
} from './business-time.js';

/**
 * The day-by-day walk the functions above replace, every date's windows in turn: kept as the
 * reference their arithmetic is compared with (business-time.test.ts), not for use.
 */
export const stepwise = {
  between(s: BusinessSchedule, from: number, to: number): number {
    if (to <= from) {
      return 0;
    }
    let total = 0;
    let date = localDateOf(s, from);
    const last = localDateOf(s, to);
    for (let i = 0; i < maxDays; i++) {
      total += openWithin(s, date, from, to);
      if (date.y === last.y && date.m === last.m && date.d === last.d) {
        break;
      }
      date = nextDate(date, 1);
    }
    return total / minute;
  },
  add(s: BusinessSchedule, from: number, minutes: number): number | null {
    if (minutes <= 0) {
      return from;
    }
    if (s.intervals.length === 0) {
      return null;
    }
    const r = walk(s, from, minutes * minute, localDateOf(s, from - day), maxDays, 1);
    return 'at' in r ? r.at : null;
  },
  subtract(s: BusinessSchedule, to: number, minutes: number): number | null {
    if (minutes <= 0) {
      return to;
    }
    if (s.intervals.length === 0) {
      return null;
    }
    const r = walk(s, to, minutes * minute, localDateOf(s, to + day), maxDays, -1);
    return 'at' in r ? r.at : null;
  },
};
