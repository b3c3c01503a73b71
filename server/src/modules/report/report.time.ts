import type { TTimeRange } from '@parley/contracts';

/**
 * Ranges and buckets in the viewer's time zone, as epoch milliseconds. A range runs from its
 * start to now (both included); its buckets start at the range start and then at each local
 * hour (24 hours), day (7 and 30 days), Monday (3 and 6 months) or first of the month (year).
 * "7 days" and "30 days" are whole local days, today the last: 7 or 30 bars, none of them a
 * sliver of a day that looks like a quiet one.
 */
const hour = 3_600_000;
const day = 24 * hour;

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
  const months = { '3m': 3, '6m': 6, '1y': 12 } as const;
  switch (range) {
    case '24h':
      return now - day;
    case '7d':
    case '30d': {
      const p = localParts(now, tz);
      return localMidnight(p.y, p.m, p.d - (range === '7d' ? 6 : 29), tz);
    }
    default: {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - months[range]);
      return d.getTime();
    }
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
