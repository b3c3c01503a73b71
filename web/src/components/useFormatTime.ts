import type { TDateFormat, TLanguage } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useSession } from '../auth/SessionContext';
import { currentLanguage } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';
import { dateFormatters, stampFormatter, type TDateFormatters } from './dateFormat';
import { useBranding } from './useBranding';

/**
 * Formats `*_ts` values (epoch ms) in the user's language and time zone (the help desk's default
 * time zone while the user has none), in the date format of Settings › Localization.
 */
export function useFormatTime(): (ts: number) => string {
  const { language, timeZone, format } = useDateSettings();
  const formatter = useMemo(() => stampFormatter({ language, timeZone, format }), [language, timeZone, format]);
  return useCallback((ts: number) => formatter(ts), [formatter]);
}

/** Dates alone (no time) in the same language, time zone and date format as `useFormatTime`. */
export function useFormatDate(): TDateFormatters {
  const { language, timeZone, format } = useDateSettings();
  return useMemo(() => dateFormatters({ language, timeZone, format }), [language, timeZone, format]);
}

/** The user's language and time zone and Settings › Localization's date format. */
export function useDateSettings(): { language: TLanguage; timeZone: string | null; format: TDateFormat } {
  useTranslation();
  const { timezone } = useSession();
  const { localization } = useBranding();
  // The contracts' list is not imported: its module would ride along into every screen.
  const format: TDateFormat = ['medium', 'iso', 'dmy', 'mdy'].includes(localization.date_format)
    ? (localization.date_format as TDateFormat)
    : 'medium';
  return { language: currentLanguage(), timeZone: timezone || localization.default_timezone || null, format };
}

/** Minutes as the two largest units: "3 d 4 h", "2 h 5 min", "40 min" (units from the caller's `sla.*` strings). */
export function formatMinutes(t: TFunction, minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const rest = m % 60;
  const parts: string[] = [];
  if (d) {
    parts.push(t('sla.d', { n: d }), ...(h ? [t('sla.h', { n: h })] : []));
  } else if (h) {
    parts.push(t('sla.h', { n: h }), ...(rest ? [t('sla.m', { n: rest })] : []));
  } else {
    parts.push(t('sla.m', { n: rest }));
  }
  return parts.join(' ');
}
