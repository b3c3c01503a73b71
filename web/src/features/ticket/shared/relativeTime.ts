import type { TLanguage } from '@parley/contracts';
import { dateTimeFormat } from '../../../components/dateFormat';

const minuteMs = 60_000;
const hourMs = 60 * minuteMs;

function localeOf(language: TLanguage): string {
  return language === 'zh-cn' ? 'zh-CN' : 'en-GB';
}

// Making an Intl formatter costs far more than formatting with it (a list of 50 rows made some
// 300 of them on every render): each is made once per locale (and zone and options) and kept; the
// date formatters in components/dateFormat.ts.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

const zones = new Map<string, string | undefined>();

/** The time zone if this browser knows it, else undefined (the browser's own). */
export function knownZone(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) {
    return undefined;
  }
  if (!zones.has(timeZone)) {
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      zones.set(timeZone, timeZone);
    } catch {
      zones.set(timeZone, undefined);
    }
  }
  return zones.get(timeZone);
}

/**
 * What the wall clock of `timeZone` reads at `ts`, as the epoch ms of that same reading in UTC
 * (whole seconds). The day and the zone's offset both follow from it.
 */
export function wallClock(ts: number, timeZone: string | undefined): number {
  const parts = dateTimeFormat(
    'en-US',
    {
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    },
    timeZone ?? null,
  ).formatToParts(ts);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

const days = new Map<string, number>();

/**
 * Days since 1970-01-01 of the calendar day `ts` falls on in `timeZone`. Kept by the minute: every
 * zone's offset is whole minutes, so a day begins on a minute, and a list asks the day of "now"
 * once a row (reading the zone's clock is most of what a row's time costs).
 */
function dayNumber(ts: number, timeZone: string | undefined): number {
  const key = `${timeZone ?? ''}|${Math.floor(ts / minuteMs)}`;
  let day = days.get(key);
  if (day === undefined) {
    if (days.size >= 5_000) {
      days.clear();
    }
    day = Math.floor(wallClock(ts, timeZone) / 86_400_000);
    days.set(key, day);
  }
  return day;
}

/** Under a minute: "1 minute ago" the second a ticket is made read as if it were older. */
const justNow: Record<TLanguage, string> = { en: 'Just now', 'zh-cn': '刚刚' };

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/**
 * docs/product.md §9: Just now within the first minute, minutes ago within the last hour, then Today, Yesterday, the weekday within a
 * week, and a date beyond, on the calendar of the user's time zone.
 */
export function relativeTime(
  ts: number,
  now: number,
  language: TLanguage,
  timeZone?: string | null,
  /** A date beyond a week, in Settings › Localization's date format (else the language's own). */
  day?: (ts: number) => string,
): string {
  const zone = knownZone(timeZone);
  const locale = localeOf(language);
  const ago = now - ts;
  const relative = relativeFormat(locale);
  // A moment ahead (another machine's clock) is just now too, not "in 1 minute".
  if (ago < minuteMs) {
    return justNow[language] ?? justNow.en;
  }
  if (ago < hourMs) {
    return relative.format(-Math.floor(ago / minuteMs), 'minute');
  }
  const time = dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }, zone ?? null).format(ts);
  const days = dayNumber(now, zone) - dayNumber(ts, zone);
  if (days === 0 || days === 1) {
    return `${capitalize(relative.format(-days, 'day'))} ${time}`;
  }
  if (days > 1 && days < 7) {
    const weekday = dateTimeFormat(locale, { weekday: 'long' }, zone ?? null).format(ts);
    return `${weekday} ${time}`;
  }
  return day ? day(ts) : dateTimeFormat(locale, { dateStyle: 'medium' }, zone ?? null).format(ts);
}
