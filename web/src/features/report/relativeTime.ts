import { dateTimeFormat } from '../../components/dateFormat';

/**
 * The spec's relative times (docs/product.md §9): just now within the first minute, minutes ago within the last hour, Today, Yesterday, the
 * weekday within a week, a date beyond; days are the viewer's (in their time zone).
 */
export type TRelative =
  | { kind: 'now' }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'today' | 'yesterday' }
  | { kind: 'weekday' | 'date'; ts: number };

const dayKey = (ts: number, timeZone: string) =>
  dateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).format(ts);

/** Whole local days from `ts`'s day to `now`'s day. */
function daysBetween(ts: number, now: number, timeZone: string): number {
  const a = Date.parse(`${dayKey(ts, timeZone)}T00:00:00Z`);
  const b = Date.parse(`${dayKey(now, timeZone)}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** `withMinutes` false for day starts (a chart's buckets): never "just now" or "minutes ago". */
export function relativeOf(ts: number, now: number, timeZone: string, withMinutes = true): TRelative {
  const ago = now - ts;
  // Figures read this second are "just now", not "1 minute ago" (nor a moment ahead "Today").
  if (withMinutes && ago < 60_000 && ago > -60_000) {
    return { kind: 'now' };
  }
  if (withMinutes && ago >= 0 && ago < 3_600_000) {
    return { kind: 'minutes', minutes: Math.floor(ago / 60_000) };
  }
  const days = daysBetween(ts, now, timeZone);
  if (days === 0) {
    return { kind: 'today' };
  }
  if (days === 1) {
    return { kind: 'yesterday' };
  }
  if (days > 1 && days < 7) {
    return { kind: 'weekday', ts };
  }
  return { kind: 'date', ts };
}
