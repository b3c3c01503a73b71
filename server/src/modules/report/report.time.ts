import type { TTimeRange } from '@parley/contracts';

/**
 * Ranges and buckets in the viewer's time zone, as epoch milliseconds. A range runs from its
 * start to now (both included); its buckets start at the range start and then at each local
 * hour (24 hours), day (7 and 30 days), Monday (3 and 6 months) or first of the month (year).
 * Every range starts at its first whole bucket, so no bar is a sliver that looks like a quiet
 * one and each label (an hour, a day, a week, a month) covers what it says; only the last bucket,
 * the current one, runs to now. "24 hours" is 24 local hours, this one the last; "7 days" and
 * "30 days" are 7 or 30 local days, today the last; "3 months" and "6 months" start on the first
 * Monday after the same day 3 or 6 months ago; "1 year" is 12 months, this one the last.
 */
const hour = 3_600_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formats.set(tz, f);
  }
  return f;
}

interface Local {
  y: number;
  m: number;
  d: number;
  h: number;
  mi: number;
  s: number;
  /** 0 Monday .. 6 Sunday. */
  wd: number;
}
const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

export function localParts(ts: number, tz: string): Local {
  const p: Record<string, string> = {};
  for (const part of formatOf(tz).formatToParts(new Date(ts))) {
    p[part.type] = part.value;
  }
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour) % 24,
    mi: Number(p.minute),
    s: Number(p.second),
    wd: weekdays.indexOf(p.weekday as string),
  };
}

/** Local time minus UTC at `ts`, in milliseconds. */
export function offsetAt(ts: number, tz: string): number {
  const p = localParts(ts, tz);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(ts / 1000) * 1000;
}

/** The instant a local calendar day starts (month and day may overflow: Date.UTC normalizes). */
export function localMidnight(y: number, m: number, d: number, tz: string): number {
  const guess = Date.UTC(y, m - 1, d);
  const first = guess - offsetAt(guess, tz);
  const second = guess - offsetAt(first, tz);
  return second;
}

export const startOfDay = (ts: number, tz: string) => {
  const p = localParts(ts, tz);
  return localMidnight(p.y, p.m, p.d, tz);
};
export const startOfWeek = (ts: number, tz: string) => {
  const p = localParts(ts, tz);
  return localMidnight(p.y, p.m, p.d - p.wd, tz);
};

export function rangeStart(range: TTimeRange, now: number, tz: string): number {
  const p = localParts(now, tz);
  switch (range) {
    case '24h':
      // The start of this local hour, 23 hours back.
      return now - ((p.mi * 60 + p.s) * 1000 + (now % 1000)) - 23 * hour;
    case '7d':
    case '30d':
      return localMidnight(p.y, p.m, p.d - (range === '7d' ? 6 : 29), tz);
    case '3m':
    case '6m': {
      // The Monday after the week holding the same day 3 or 6 months ago (31 May less 3 months
      // is 3 March, as Date.UTC counts on).
      const back = new Date(Date.UTC(p.y, p.m - 1 - (range === '3m' ? 3 : 6), p.d));
      const weekday = (back.getUTCDay() + 6) % 7;
      return localMidnight(back.getUTCFullYear(), back.getUTCMonth() + 1, back.getUTCDate() - weekday + 7, tz);
    }
    default:
      return localMidnight(p.y, p.m - 11, 1, tz);
  }
}

/** The next local boundary strictly after `ts` for the range's bucket size. */
function nextBoundary(range: TTimeRange, ts: number, tz: string): number {
  const p = localParts(ts, tz);
  switch (range) {
    case '24h':
      return ts - ((p.mi * 60 + p.s) * 1000 + (ts % 1000)) + hour;
    case '7d':
    case '30d':
      return localMidnight(p.y, p.m, p.d + 1, tz);
    case '3m':
    case '6m':
      return localMidnight(p.y, p.m, p.d - p.wd + 7, tz);
    default:
      return localMidnight(p.y, p.m + 1, 1, tz);
  }
}

export interface Range {
  from: number;
  to: number;
  /** Bucket starts: the first is `from`. */
  edges: number[];
}

export function rangeOf(range: TTimeRange, now: number, tz: string): Range {
  const from = rangeStart(range, now, tz);
  const edges = [from];
  for (let at = nextBoundary(range, from, tz); at <= now; at = nextBoundary(range, at, tz)) {
    edges.push(at);
  }
  return { from, to: now, edges };
}

export interface Period {
  start: number;
  /** The period's end, or now for the current one. */
  end: number;
}

/** The backlog's points: the last 30 local days and the last 12 local weeks (Monday first), today's last. */
export function backlogPeriods(now: number, tz: string): { daily: Period[]; weekly: Period[] } {
  const p = localParts(now, tz);
  const daily: Period[] = [];
  for (let i = 29; i >= 0; i--) {
    daily.push({
      start: localMidnight(p.y, p.m, p.d - i, tz),
      end: Math.min(localMidnight(p.y, p.m, p.d - i + 1, tz), now),
    });
  }
  const weekly: Period[] = [];
  const monday = p.d - p.wd;
  for (let i = 11; i >= 0; i--) {
    weekly.push({
      start: localMidnight(p.y, p.m, monday - 7 * i, tz),
      end: Math.min(localMidnight(p.y, p.m, monday - 7 * i + 7, tz), now),
    });
  }
  return { daily, weekly };
}
