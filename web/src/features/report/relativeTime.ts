/**
 * The spec's relative times (docs/product.md §9): minutes ago within the last hour, Today, Yesterday, the
 * weekday within a week, a date beyond; days are the viewer's (in their time zone).
 */
export type TRelative =
  | { kind: 'minutes'; minutes: number }
  | { kind: 'today' | 'yesterday' }
  | { kind: 'weekday' | 'date'; ts: number };

const dayKey = (ts: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);

/** Whole local days from `ts`'s day to `now`'s day. */
function daysBetween(ts: number, now: number, timeZone: string): number {
  const a = Date.parse(`${dayKey(ts, timeZone)}T00:00:00Z`);
  const b = Date.parse(`${dayKey(now, timeZone)}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** `withMinutes` false for day starts (a chart's buckets): never "minutes ago". */
export function relativeOf(ts: number, now: number, timeZone: string, withMinutes = true): TRelative {
  const ago = now - ts;
  if (withMinutes && ago >= 0 && ago < 3_600_000) {
    return { kind: 'minutes', minutes: Math.max(1, Math.floor(ago / 60_000)) };
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
