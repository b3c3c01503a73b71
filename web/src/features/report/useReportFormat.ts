import type { TTimeRange } from '@parley/contracts';
import { useMemo } from 'react';
import { useSession } from '../../auth/SessionContext';
import { dateFormatters, stampParts } from '../../components/dateFormat';
import { useDateSettings } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';
import { durationParts } from './format';
import { relativeOf } from './relativeTime';

function zoneOf(timezone: string | null): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: timezone || undefined }).resolvedOptions().timeZone;
  } catch {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  }
}

/** Durations, relative times and chart period labels in the viewer's language and time zone. */
export function useReportFormat() {
  const { t } = useTranslation();
  const { timezone } = useSession();
  const { language, format } = useDateSettings();
  return useMemo(() => {
    const timeZone = zoneOf(timezone);
    const locale = language === 'zh-cn' ? 'zh-CN' : 'en-GB';
    // Dates in Settings › Localization's format, as every other screen writes them.
    const dates = dateFormatters({ language, timeZone, format });
    const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const weekday = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long' });
    // For CSV files: the period's start as a spreadsheet reads it, the same tomorrow as today.
    const iso = stampParts(timeZone);
    const weekdayNumber = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' });
    // A part of a period in English words: "4 – 6 Sept", "4 – 31 Dec 2025". (Chinese ranges read
    // "9/4 – 9/6" this way, unlike the labels beside them: those are the two dates, "9月4日至9月6日".)
    const spanOf = (withYear: boolean) =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        day: 'numeric',
        month: 'short',
        ...(withYear ? { year: 'numeric' } : {}),
      });
    const spanShort = spanOf(false);
    const spanLong = spanOf(true);

    /**
     * Whether a week's or a month's bucket starting at `ts` is only part of it. The server starts
     * a range at a whole week or month of the zone it was asked in; when that is not this one (a
     * viewer without a time zone of their own, the browser's another), the first bucket is cut.
     */
    const partial = (ts: number, range: TTimeRange) => {
      if (range !== '3m' && range !== '6m' && range !== '1y') {
        return false;
      }
      const p = iso(ts);
      const midnight = p.hour === '00' && p.minute === '00';
      return !(midnight && (range === '1y' ? p.day === '01' : weekdayNumber.format(ts) === 'Mon'));
    };
    /** The days from `from` to `to` (both included), in Settings › Localization's date format. */
    const span = (from: number, to: number, withYear: boolean) => {
      if (format === 'medium' && language !== 'zh-cn') {
        return (withYear ? spanLong : spanShort).formatRange(from, to);
      }
      const write = withYear ? dates.day : dates.dayOfMonth;
      return t('report.period_span', { from: write(from), to: write(to) });
    };

    /** "Just now", "5 minutes ago", "Today 14:05", "Yesterday 09:12", "Monday", "3 Nov 2026". */
    const relative = (ts: number, now = Date.now()) => {
      const r = relativeOf(ts, now, timeZone);
      switch (r.kind) {
        case 'now':
          return t('report.just_now');
        case 'minutes':
          return r.minutes === 1 ? t('report.minute_ago') : t('report.minutes_ago', { count: r.minutes });
        case 'today':
          return t('report.today_at', { time: time.format(ts) });
        case 'yesterday':
          return t('report.yesterday_at', { time: time.format(ts) });
        case 'weekday':
          return weekday.format(ts);
        default:
          return dates.day(ts);
      }
    };
    /** A day's label: Today, Yesterday, the weekday within a week, the date beyond. */
    const day = (ts: number, now = Date.now()) => {
      const r = relativeOf(ts, now, timeZone, false);
      if (r.kind === 'today') {
        return t('report.today');
      }
      if (r.kind === 'yesterday') {
        return t('report.yesterday');
      }
      return r.kind === 'weekday' ? weekday.format(ts) : dates.day(ts);
    };
    /**
     * The label of a range's bucket starting at `ts` and ending at `end` (the next one's start, or
     * the range's end): the days it covers where it is only part of a week or a month.
     */
    const bucket = (ts: number, range: TTimeRange, end?: number) => {
      if (end !== undefined && end > ts && partial(ts, range)) {
        return span(ts, end - 1, range === '1y');
      }
      if (range === '24h') {
        return time.format(ts);
      }
      if (range === '7d') {
        return day(ts);
      }
      if (range === '30d') {
        // One form along the axis: the last week's days as weekdays beside dates read as two
        // scales ("23 Nov", "Friday", "Tuesday"), and the full dates did not fit under the bars.
        return dates.dayOfMonth(ts);
      }
      if (range === '1y') {
        return dates.month(ts);
      }
      return t('report.backlog.week_of', { date: dates.day(ts) });
    };
    const duration = (ms: number | null) => {
      if (ms === null) {
        return t('report.none');
      }
      const d = durationParts(ms);
      return t(`report.duration_${d.unit}`, { value: d.value });
    };
    /** A period's start in a CSV file: 2026-11-26 14:00 for an hour, 2026-11-26 for a day or week, 2026-11 for a month. */
    const period = (ts: number, size: 'hour' | 'day' | 'month') => {
      const p = iso(ts);
      const day = `${p.year}-${p.month}-${p.day}`;
      return size === 'hour' ? `${day} ${p.hour}:${p.minute}` : size === 'day' ? day : `${p.year}-${p.month}`;
    };
    /**
     * A range's bucket in a CSV file; part of a week or a month as its first and last day
     * (ISO 8601's 2025-12-04/2025-12-31), not as the whole month 2025-12.
     */
    const bucketPeriod = (ts: number, range: TTimeRange, end?: number) =>
      end !== undefined && end > ts && partial(ts, range)
        ? `${period(ts, 'day')}/${period(end - 1, 'day')}`
        : period(ts, range === '24h' ? 'hour' : range === '1y' ? 'month' : 'day');
    /** A duration in a CSV file: hours as a number a spreadsheet can sum and sort (the title says "hours"). */
    const hours = (ms: number | null) => (ms === null ? null : Math.round(ms / 36_000) / 100);
    return {
      timeZone,
      relative,
      day,
      bucket,
      duration,
      date: dates.day,
      period,
      bucketPeriod,
      hours,
    };
  }, [t, timezone, language, format]);
}
