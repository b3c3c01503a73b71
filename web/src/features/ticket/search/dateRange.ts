import { knownZone, wallClock } from '../shared/relativeTime';

const hour = 3_600_000;

/** The time ranges of docs/product.md §9, back from now. */
const rangeSpans = {
  '24h': 24 * hour,
  '7d': 7 * 24 * hour,
  '30d': 30 * 24 * hour,
  '3m': 91 * 24 * hour,
  '6m': 182 * 24 * hour,
  '1y': 365 * 24 * hour,
} as const;
type TRangePreset = keyof typeof rangeSpans;
export const rangePresets = Object.keys(rangeSpans) as TRangePreset[];

/**
 * A created or updated filter as the address holds it: a preset (`7d`), or calendar days
 * picked by the agent (`2026-11-01..2026-11-15`, both days included).
 */
type TDateRange = { preset: TRangePreset } | { from: string; to: string };

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` as UTC midnight of that calendar day, or undefined when it is no real day. */
function dayUtc(day: string): number | undefined {
  const m = dayPattern.exec(day);
  if (!m) {
    return undefined;
  }
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(y, mo - 1, d);
  const back = new Date(utc);
  return back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d ? utc : undefined;
}

const isoDay = (utc: number) => new Date(utc).toISOString().slice(0, 10);

export function parseDateRange(value: string | undefined): TDateRange | undefined {
  if (!value) {
    return undefined;
  }
  if (value in rangeSpans) {
    return { preset: value as TRangePreset };
  }
  const [from = '', to = '', ...rest] = value.split('..');
  const a = dayUtc(from);
  const b = dayUtc(to);
  if (rest.length > 0 || a === undefined || b === undefined) {
    return undefined;
  }
  return a <= b ? { from, to } : { from: to, to: from };
}

export function formatDateRange(range: TDateRange): string {
  return 'preset' in range ? range.preset : `${range.from}..${range.to}`;
}

/** How far the wall clock of `timeZone` is ahead of UTC at `ts`, in ms. */
function zoneOffset(ts: number, timeZone: string | undefined): number {
  return wallClock(ts, timeZone) - Math.floor(ts / 1000) * 1000;
}

/** The first instant of a calendar day (`YYYY-MM-DD`) in `timeZone`, as epoch ms. */
export function dayStartTs(day: string, timeZone?: string | null): number {
  const wall = dayUtc(day);
  if (wall === undefined) {
    throw new Error(`not a day: ${day}`);
  }
  const zone = knownZone(timeZone);
  // The offset at midnight may differ from the offset at UTC midnight (a DST change near it):
  // try both, keep one whose clock reads 00:00, the earlier if two do (clocks set back).
  const first = wall - zoneOffset(wall, zone);
  const candidates = [first, wall - zoneOffset(first, zone)];
  const exact = candidates.filter((t) => t + zoneOffset(t, zone) === wall);
  // Where the clocks skip midnight (00:00 -> 01:00) no instant reads 00:00: the day starts
  // at the jump, the later candidate.
  return exact.length > 0 ? Math.min(...exact) : Math.max(...candidates);
}

/**
 * `*_ts_from` and `*_ts_to` of a range. A preset counts back from `now`; picked days run from
 * the start of the first day to the start of the day after the last one in the agent's time
 * zone (the server's `*_ts_to` is exclusive), so the whole last day is included.
 */
export function dateRangeTs(
  range: TDateRange | undefined,
  now: number,
  timeZone?: string | null,
): { from?: number; to?: number } {
  if (!range) {
    return {};
  }
  if ('preset' in range) {
    return { from: now - rangeSpans[range.preset] };
  }
  const dayAfter = isoDay((dayUtc(range.to) as number) + 24 * hour);
  return { from: dayStartTs(range.from, timeZone), to: dayStartTs(dayAfter, timeZone) };
}
