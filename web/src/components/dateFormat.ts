import type { TDateFormat } from '@parley/contracts';

interface TStampOptions {
  language: string;
  timeZone: string | null;
  format: TDateFormat;
}

function safeFormat(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | null) {
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone || undefined });
  } catch {
    // A time zone this browser does not know: the browser's own.
    return new Intl.DateTimeFormat(locale, options);
  }
}

const numeric: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/**
 * A formatter for `*_ts` values (epoch ms) in Settings › Localization's date format:
 * `medium` the language's own words ("25 Nov 2026, 16:05"), `iso` 2026-11-25 16:05,
 * `dmy` 25/11/2026 16:05, `mdy` 11/25/2026 4:05 PM.
 */
export function stampFormatter({ language, timeZone, format }: TStampOptions): (ts: number) => string {
  const locale = language === 'zh-cn' ? 'zh-CN' : 'en-GB';
  if (format === 'medium') {
    const f = safeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);
    return (ts) => f.format(ts);
  }
  if (format === 'mdy') {
    const f = safeFormat('en-US', { ...numeric, hour: 'numeric', hourCycle: 'h12' }, timeZone);
    return (ts) => f.format(ts).replace(',', '');
  }
  const f = safeFormat('en-GB', numeric, timeZone);
  return (ts) => {
    const parts = Object.fromEntries(f.formatToParts(ts).map((p) => [p.type, p.value]));
    const date =
      format === 'iso' ? `${parts.year}-${parts.month}-${parts.day}` : `${parts.day}/${parts.month}/${parts.year}`;
    return `${date} ${parts.hour}:${parts.minute}`;
  };
}
