import type { TTimeRange } from '@parley/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionContext';
import { dateFormatters, stampParts } from '../../components/dateFormat';
import { useDateSettings } from '../../components/useFormatTime';
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
    /** The label of a range's bucket starting at `ts`. */
    const bucket = (ts: number, range: TTimeRange) => {
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
    /** A range's bucket in a CSV file. */
    const bucketPeriod = (ts: number, range: TTimeRange) =>
      period(ts, range === '24h' ? 'hour' : range === '1y' ? 'month' : 'day');
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
