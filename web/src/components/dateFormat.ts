import type { TDateFormat } from '@parley/contracts';

interface TStampOptions {
  language: string;
  timeZone: string | null;
  format: TDateFormat;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date formatter, one per language, options and zone (a zone the browser does not know: its own). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | null) {
  // One per language, options and zone for the page's life: each part of a screen that shows a
  // time made its own as it mounted (a ticket's page: its conversation, requester, SLA, history,
  // on every ticket opened), and making one costs far more than using it (issue 15).
  const key = `${locale}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || undefined });
    } catch {
      // A time zone this browser does not know: the browser's own.
      format = new Intl.DateTimeFormat(locale, options);
    }
    formats.set(key, format);
  }
  return format;
}

const numeric: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** A moment's year, month, day, hour and minute as two-digit numbers (hours 00–23) in a time zone. */
export function stampParts(timeZone: string | null): (ts: number) => Record<string, string> {
  const f = dateTimeFormat('en-GB', numeric, timeZone);
  return (ts) => Object.fromEntries(f.formatToParts(ts).map((p) => [p.type, p.value]));
}

/**
 * A formatter for `*_ts` values (epoch ms) in Settings › Localization's date format:
 * `medium` the language's own words ("25 Nov 2026, 16:05"), `iso` 2026-11-25 16:05,
 * `dmy` 25/11/2026 16:05, `mdy` 11/25/2026 4:05 PM (下午4:05 in Chinese).
 */
export function stampFormatter({ language, timeZone, format }: TStampOptions): (ts: number) => string {
  const locale = language === 'zh-cn' ? 'zh-CN' : 'en-GB';
  if (format === 'medium') {
    const f = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
    return (ts) => f.format(ts);
  }
  if (format === 'mdy') {
    // The American order with a 12-hour clock in the reader's words: 4:05 PM, 下午4:05.
    const date = dateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
    const time = dateTimeFormat(
      language === 'zh-cn' ? 'zh-CN' : 'en-US',
      { hour: 'numeric', minute: '2-digit', hourCycle: 'h12' },
      timeZone,
    );
    return (ts) => `${date.format(ts)} ${time.format(ts)}`;
  }
  const partsOf = stampParts(timeZone);
  return (ts) => {
    const parts = partsOf(ts);
    const date =
      format === 'iso' ? `${parts.year}-${parts.month}-${parts.day}` : `${parts.day}/${parts.month}/${parts.year}`;
    return `${date} ${parts.hour}:${parts.minute}`;
  };
}

/** Dates without the time, as `stampFormatter` writes them, and the shorter forms a chart's axis needs. */
export interface TDateFormatters {
  /** "25 Nov 2026", 2026-11-25, 25/11/2026, 11/25/2026. */
  day: (ts: number) => string;
  /** The day without its year: "25 Nov", 11-25, 25/11, 11/25. */
  dayOfMonth: (ts: number) => string;
  /** The month: "Nov 2026", 2026-11, 11/2026, 11/2026. */
  month: (ts: number) => string;
}

/** Settings › Localization's date format for a date alone, a day of a month, a month. */
export function dateFormatters({ language, timeZone, format }: TStampOptions): TDateFormatters {
  const locale = language === 'zh-cn' ? 'zh-CN' : 'en-GB';
  if (format === 'medium') {
    const day = dateTimeFormat(locale, { dateStyle: 'medium' }, timeZone);
    const dayOfMonth = dateTimeFormat(locale, { day: 'numeric', month: 'short' }, timeZone);
    const month = dateTimeFormat(locale, { month: 'short', year: 'numeric' }, timeZone);
    return { day: (ts) => day.format(ts), dayOfMonth: (ts) => dayOfMonth.format(ts), month: (ts) => month.format(ts) };
  }
  const f = dateTimeFormat('en-GB', { year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone);
  const parts = (ts: number) => Object.fromEntries(f.formatToParts(ts).map((p) => [p.type, p.value]));
  const order = {
    iso: { day: 'y-m-d', dayOfMonth: 'm-d', month: 'y-m' },
    dmy: { day: 'd/m/y', dayOfMonth: 'd/m', month: 'm/y' },
    mdy: { day: 'm/d/y', dayOfMonth: 'm/d', month: 'm/y' },
  }[format];
  const write = (pattern: string) => (ts: number) => {
    const p = parts(ts);
    return pattern.replace(/[ymd]/g, (k) => (k === 'y' ? p.year : k === 'm' ? p.month : p.day) ?? '');
  };
  return { day: write(order.day), dayOfMonth: write(order.dayOfMonth), month: write(order.month) };
}
