/**
 * Business time, pure: when a schedule is open, how many business minutes lie between two
 * instants, and the instant N business minutes after (or before) another. Wall-clock intervals
 * are turned into instants in the schedule's time zone with the platform's Intl (no library), so
 * a day of 23 or 25 hours (a daylight-saving change) counts what the clock on the wall shows.
 *
 * Only the days at either end of a span are walked window by window (`walk`); the whole days
 * between are counted by arithmetic over the week (`fullDays`): whole weeks at once, then the
 * remaining days, less the holidays, corrected on the few days next to a daylight-saving change
 * (those are measured). A deadline months away costs a few dozen sums, not a walk over every
 * day. The day-by-day walk it replaced is kept as the tests' reference (business-time.stepwise.ts).
 */

export interface BusinessSchedule {
  timezone: string;
  /** Openings per weekday (0 Sunday … 6 Saturday), `HH:MM` to `HH:MM` (`24:00` = midnight). */
  intervals: ReadonlyArray<{ day: number; start: string; end: string }>;
  /** Closed days, `YYYY-MM-DD` both included, in the schedule's time zone. */
  holidays: ReadonlyArray<{ start_date: string; end_date: string }>;
}

/** How far ahead or back a walk looks before it gives up (ten years of days). */
export const maxDays = 3660;
export const minute = 60_000;
export const day = 86_400_000;

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
export function offsetAt(timeZone: string, at: number): number {
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

export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

export function nextDate(date: LocalDate, step: number): LocalDate {
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

export function localDateOf(s: BusinessSchedule, at: number): LocalDate {
  const w = wallOf(s.timezone, at);
  return { y: w.y, m: w.m, d: w.d };
}

/** Is the schedule open at this instant (inside an interval, not on a holiday)? */
export function isOpenAt(s: BusinessSchedule, at: number): boolean {
  return windowsOf(s, localDateOf(s, at)).some(([a, b]) => a <= at && at < b);
}

/**
 * Walks dates from `date`, `count` of them, forward (`dir` 1: open time spent after `at`) or back
 * (-1: before `at`), spending `left` milliseconds: the instant they run out, or what is left.
 */
export function walk(
  s: BusinessSchedule,
  at: number,
  left: number,
  date: LocalDate,
  count: number,
  dir: 1 | -1,
): { at: number } | { left: number } {
  let d = date;
  for (let i = 0; i < count; i++) {
    const windows = windowsOf(s, d);
    for (const [a, b] of dir === 1 ? windows : windows.reverse()) {
      const low = dir === 1 ? Math.max(a, at) : a;
      const high = dir === 1 ? b : Math.min(b, at);
      if (high <= low) {
        continue;
      }
      if (high - low >= left) {
        return { at: dir === 1 ? low + left : high - left };
      }
      left -= high - low;
    }
    d = nextDate(d, dir);
  }
  return { left };
}

/** Open time of the windows of one date that lie inside [from, to]. */
export function openWithin(s: BusinessSchedule, date: LocalDate, from: number, to: number): number {
  let total = 0;
  for (const [a, b] of windowsOf(s, date)) {
    total += Math.max(0, Math.min(b, to) - Math.max(a, from));
  }
  return total;
}

/** Days since 1970-01-01 of a local date, and back. */
const dayNumber = (date: LocalDate) => Date.UTC(date.y, date.m - 1, date.d) / day;
const dateOfNumber = (n: number): LocalDate => {
  const t = new Date(n * day);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
};
/** 1970-01-01 was a Thursday. */
const weekdayOf = (n: number) => (((n + 4) % 7) + 7) % 7;

/** What the arithmetic needs of a schedule, worked out once per schedule object. */
interface Week {
  /** Open milliseconds of each weekday on a day with no clock change. */
  perDay: number[];
  /** Their sum: one week. */
  perWeek: number;
  /** Open milliseconds of the first r days from a weekday: `upTo[w][r]`, r 0 … 7. */
  upTo: number[][];
  /** The holidays as day-number ranges [first, last], merged, in order. */
  closed: Array<[number, number]>;
  /** Measured open time of dates next to a clock change (day number → ms), as met. */
  measured: Map<number, number>;
}

const weeks = new WeakMap<BusinessSchedule, Week>();

function weekOf(s: BusinessSchedule): Week {
  let w = weeks.get(s);
  if (w) {
    return w;
  }
  const perDay = [0, 0, 0, 0, 0, 0, 0];
  for (const i of s.intervals) {
    perDay[i.day] = (perDay[i.day] ?? 0) + Math.max(0, clockMinutes(i.end) - clockMinutes(i.start)) * minute;
  }
  const upTo = perDay.map((_, from) => {
    const sums = [0];
    for (let r = 0; r < 7; r++) {
      sums.push((sums[r] ?? 0) + (perDay[(from + r) % 7] ?? 0));
    }
    return sums;
  });
  const ranges = s.holidays
    .map((h): [number, number] => [
      Date.parse(`${h.start_date}T00:00:00Z`) / day,
      Date.parse(`${h.end_date}T00:00:00Z`) / day,
    ])
    .filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b) && a <= b)
    .sort((x, y) => x[0] - y[0]);
  const closed: Array<[number, number]> = [];
  for (const r of ranges) {
    const last = closed[closed.length - 1];
    if (last && r[0] <= last[1] + 1) {
      last[1] = Math.max(last[1], r[1]);
    } else {
      closed.push([r[0], r[1]]);
    }
  }
  w = { perDay, perWeek: perDay.reduce((a, b) => a + b, 0), upTo, closed, measured: new Map() };
  weeks.set(s, w);
  return w;
}

/** Open time of the days [first, end) on the weekly pattern alone (no holidays, no clock change). */
function patternDays(w: Week, first: number, end: number): number {
  const n = end - first;
  if (n <= 0) {
    return 0;
  }
  const whole = Math.floor(n / 7);
  return whole * w.perWeek + (w.upTo[weekdayOf(first)]?.[n - whole * 7] ?? 0);
}

/** Once a day through a UTC year, the offsets compared: where one changes, the dates near it (per zone and year, kept). */
const shiftDays = new Map<string, number[]>();
const sampleStep = day;

function shiftDaysOfYear(timeZone: string, year: number): number[] {
  const key = `${timeZone}|${year}`;
  let list = shiftDays.get(key);
  if (list) {
    return list;
  }
  list = [];
  const end = Date.UTC(year + 1, 0, 1);
  let at = Date.UTC(year, 0, 1);
  let offset = offsetAt(timeZone, at);
  while (at < end) {
    const next = Math.min(at + sampleStep, end);
    const after = offsetAt(timeZone, next);
    if (after !== offset) {
      // The change lies in (at, next]: a date's windows are computed from instants within a day
      // or so of it, so every date from three days before to two days after is measured.
      for (let n = Math.ceil((at - 3 * day) / day); n <= Math.floor((next + 2 * day) / day); n++) {
        if (list[list.length - 1] !== n) {
          list.push(n);
        }
      }
    }
    at = next;
    offset = after;
  }
  shiftDays.set(key, list);
  return list;
}

/** The dates in [first, end) next to a clock change of the time zone. */
function shiftDaysIn(timeZone: string, first: number, end: number): number[] {
  const out = new Set<number>();
  const y0 = new Date((first - 3) * day).getUTCFullYear();
  const y1 = new Date((end + 3) * day).getUTCFullYear();
  for (let y = y0; y <= y1; y++) {
    for (const n of shiftDaysOfYear(timeZone, y)) {
      if (n >= first && n < end) {
        out.add(n);
      }
    }
  }
  return [...out];
}

const isClosed = (w: Week, n: number) => w.closed.some(([a, b]) => a <= n && n <= b);

/**
 * Open time of the whole dates [first, end) (day numbers): the weekly pattern, less each
 * holiday's days, plus the difference on dates next to a clock change (measured, not holidays).
 */
function fullDays(s: BusinessSchedule, first: number, end: number): number {
  if (end <= first) {
    return 0;
  }
  const w = weekOf(s);
  let total = patternDays(w, first, end);
  for (const [a, b] of w.closed) {
    if (a >= end) {
      break;
    }
    total -= patternDays(w, Math.max(a, first), Math.min(b + 1, end));
  }
  for (const n of shiftDaysIn(s.timezone, first, end)) {
    if (isClosed(w, n)) {
      continue;
    }
    let open = w.measured.get(n);
    if (open === undefined) {
      open = 0;
      for (const [a, b] of windowsOf(s, dateOfNumber(n))) {
        open += Math.max(0, b - a);
      }
      w.measured.set(n, open);
    }
    total += open - (w.perDay[weekdayOf(n)] ?? 0);
  }
  return total;
}

/**
 * The most whole days, at most `most`, whose open time (`span(n)`, growing with n) is less than
 * `left`: from a guess by the week's hours (doubled while short, so a deadline weeks away reads
 * no clock changes years away), then halving the range.
 */
function daysBelow(s: BusinessSchedule, span: (days: number) => number, left: number, most: number): number {
  const perWeek = weekOf(s).perWeek;
  if (perWeek === 0) {
    return most;
  }
  let low = 0;
  let high = Math.min(most, Math.ceil((left / perWeek) * 7) + 7);
  while (high < most && span(high) < left) {
    low = high;
    high = Math.min(most, high * 2);
  }
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (span(mid) < left) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  return low;
}

/** Business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(s: BusinessSchedule, from: number, to: number): number {
  if (to <= from) {
    return 0;
  }
  const first = localDateOf(s, from);
  const last = localDateOf(s, to);
  const a = dayNumber(first);
  const b = Math.min(dayNumber(last), a + maxDays - 1);
  let total = openWithin(s, first, from, to);
  if (b === dayNumber(last)) {
    if (b > a) {
      total += fullDays(s, a + 1, b) + openWithin(s, last, from, to);
    }
  } else {
    // Ten years on and more: counted up to ten years, as the walk does.
    total += fullDays(s, a + 1, b + 1);
  }
  return total / minute;
}

/**
 * The instant `minutes` business minutes after `from`; null when the schedule has no opening in
 * the next ten years (no intervals at all, or all holidays). The dates up to `from`'s are walked;
 * then the whole days that end before the deadline are found by counting (`fullDays`, a binary
 * search over their number: a dozen sums for ten years), and only the deadline's date is walked.
 */
export function addBusinessMinutes(s: BusinessSchedule, from: number, minutes: number): number | null {
  const left = minutes * minute;
  if (left <= 0) {
    return from;
  }
  if (s.intervals.length === 0) {
    return null;
  }
  const start = localDateOf(s, from - day);
  const first = dayNumber(localDateOf(s, from)) + 1;
  const walked = first - dayNumber(start);
  const head = walk(s, from, left, start, walked, 1);
  if ('at' in head) {
    return head.at;
  }
  const days = daysBelow(s, (n) => fullDays(s, first, first + n), head.left, maxDays - walked);
  const rest = head.left - fullDays(s, first, first + days);
  const tail = walk(s, from, rest, dateOfNumber(first + days), maxDays - walked - days, 1);
  return 'at' in tail ? tail.at : null;
}

/**
 * Does the schedule open at all after `from`, within the ten years the walk looks ahead? Not with
 * no intervals, nor with holidays that cover every day: a target measured in it never falls due.
 */
export const opensAfter = (s: BusinessSchedule, from: number): boolean => addBusinessMinutes(s, from, 1) !== null;

/** The instant `minutes` business minutes before `to` (automations' "hours since" thresholds); null when never open. */
export function subtractBusinessMinutes(s: BusinessSchedule, to: number, minutes: number): number | null {
  const left = minutes * minute;
  if (left <= 0) {
    return to;
  }
  if (s.intervals.length === 0) {
    return null;
  }
  const start = localDateOf(s, to + day);
  const end = dayNumber(localDateOf(s, to));
  const walked = dayNumber(start) - end + 1;
  const head = walk(s, to, left, start, walked, -1);
  if ('at' in head) {
    return head.at;
  }
  const days = daysBelow(s, (n) => fullDays(s, end - n, end), head.left, maxDays - walked);
  const rest = head.left - fullDays(s, end - days, end);
  const tail = walk(s, to, rest, dateOfNumber(end - days - 1), maxDays - walked - days, -1);
  return 'at' in tail ? tail.at : null;
}

/** Calendar time, for policies that count every hour. */
export const calendar: BusinessSchedule = {
  timezone: 'UTC',
  intervals: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ day: d, start: '00:00', end: '24:00' })),
  holidays: [],
};
