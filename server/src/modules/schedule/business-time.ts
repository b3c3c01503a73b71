/**
 * Business time, pure: when a schedule is open, how many business minutes lie between two
 * instants, and the instant N business minutes after another. Wall-clock intervals are turned
 * into instants day by day in the schedule's time zone with the platform's Intl (no library), so
 * a day of 23 or 25 hours (a daylight-saving change) counts what the clock on the wall shows.
 */

export interface BusinessSchedule {
  timezone: string;
  /** Openings per weekday (0 Sunday … 6 Saturday), `HH:MM` to `HH:MM` (`24:00` = midnight). */
  intervals: ReadonlyArray<{ day: number; start: string; end: string }>;
  /** Closed days, `YYYY-MM-DD` both included, in the schedule's time zone. */
  holidays: ReadonlyArray<{ start_date: string; end_date: string }>;
}

/** How far ahead or back a walk looks before it gives up (ten years of days). */
const maxDays = 3660;
const minute = 60_000;
const day = 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

interface Wall {
  y: number;
  m: number;
  d: number;
  h: number;
  min: number;
  s: number;
}

function wallOf(timeZone: string, at: number): Wall {
  const out: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(at)) {
    if (p.type !== 'literal') {
      out[p.type] = Number(p.value);
    }
  }
  return {
    y: out.year ?? 0,
    m: out.month ?? 0,
    d: out.day ?? 0,
    h: out.hour ?? 0,
    min: out.minute ?? 0,
    s: out.second ?? 0,
  };
}

/** Local time minus UTC at an instant, in milliseconds. */
function offsetAt(timeZone: string, at: number): number {
  const w = wallOf(timeZone, at);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - (at - (((at % 1000) + 1000) % 1000));
}

/**
 * The instant a wall clock in `timeZone` shows `minutes` after midnight of the date. A time the
 * clock skips (spring forward) lands after the gap; a time it shows twice, on the first.
 */
export function wallToInstant(timeZone: string, y: number, m: number, d: number, minutes: number): number {
  const guess = Date.UTC(y, m - 1, d) + minutes * minute;
  const before = offsetAt(timeZone, guess);
  const at = guess - before;
  const after = offsetAt(timeZone, at);
  if (after !== before && offsetAt(timeZone, guess - after) === after) {
    return guess - after;
  }
  return at;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateText = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

interface LocalDate {
  y: number;
  m: number;
  d: number;
}

function nextDate(date: LocalDate, step: number): LocalDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + step));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

function isHoliday(s: BusinessSchedule, text: string): boolean {
  return s.holidays.some((h) => h.start_date <= text && text <= h.end_date);
}

/** The open windows of one local date, as instants, in order. */
function windowsOf(s: BusinessSchedule, date: LocalDate): Array<[number, number]> {
  if (isHoliday(s, dateText(date.y, date.m, date.d))) {
    return [];
  }
  const weekday = new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay();
  return s.intervals
    .filter((i) => i.day === weekday)
    .map((i): [number, number] => [
      wallToInstant(s.timezone, date.y, date.m, date.d, clockMinutes(i.start)),
      wallToInstant(s.timezone, date.y, date.m, date.d, clockMinutes(i.end)),
    ])
    .sort((a, b) => a[0] - b[0]);
}

function localDateOf(s: BusinessSchedule, at: number): LocalDate {
  const w = wallOf(s.timezone, at);
  return { y: w.y, m: w.m, d: w.d };
}

/** Is the schedule open at this instant (inside an interval, not on a holiday)? */
export function isOpenAt(s: BusinessSchedule, at: number): boolean {
  return windowsOf(s, localDateOf(s, at)).some(([a, b]) => a <= at && at < b);
}

/** Business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(s: BusinessSchedule, from: number, to: number): number {
  if (to <= from) {
    return 0;
  }
  let total = 0;
  let date = localDateOf(s, from);
  const last = localDateOf(s, to);
  for (let i = 0; i < maxDays; i++) {
    for (const [a, b] of windowsOf(s, date)) {
      total += Math.max(0, Math.min(b, to) - Math.max(a, from));
    }
    if (date.y === last.y && date.m === last.m && date.d === last.d) {
      break;
    }
    date = nextDate(date, 1);
  }
  return total / minute;
}

/**
 * The instant `minutes` business minutes after `from`; null when the schedule has no opening in
 * the next ten years (no intervals at all, or all holidays).
 */
export function addBusinessMinutes(s: BusinessSchedule, from: number, minutes: number): number | null {
  let left = minutes * minute;
  if (left <= 0) {
    return from;
  }
  if (s.intervals.length === 0) {
    return null;
  }
  let date = localDateOf(s, from - day);
  for (let i = 0; i < maxDays; i++) {
    for (const [a, b] of windowsOf(s, date)) {
      const start = Math.max(a, from);
      if (b <= start) {
        continue;
      }
      if (b - start >= left) {
        return start + left;
      }
      left -= b - start;
    }
    date = nextDate(date, 1);
  }
  return null;
}

/** Calendar time, for policies that count every hour. */
export const calendar: BusinessSchedule = {
  timezone: 'UTC',
  intervals: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day: d, start: '00:00', end: '24:00' })),
  holidays: [],
};

/** The instant `minutes` business minutes before `to` (automations' "hours since" thresholds); null when never open. */
export function subtractBusinessMinutes(s: BusinessSchedule, to: number, minutes: number): number | null {
  let left = minutes * minute;
  if (left <= 0) {
    return to;
  }
  if (s.intervals.length === 0) {
    return null;
  }
  let date = localDateOf(s, to + day);
  for (let i = 0; i < maxDays; i++) {
    for (const [a, b] of windowsOf(s, date).reverse()) {
      const end = Math.min(b, to);
      if (end <= a) {
        continue;
      }
      if (end - a >= left) {
        return end - left;
      }
      left -= end - a;
    }
    date = nextDate(date, -1);
  }
  return null;
}
