import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/SessionContext';
import { currentLanguage } from '../i18n';

function formatter(language: string, timeZone: string | null): Intl.DateTimeFormat {
  const locale = language === 'zh-cn' ? 'zh-CN' : 'en-GB';
  try {
    return new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timeZone || undefined,
    });
  } catch {
    // A time zone this browser does not know: the browser's own.
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  }
}

/** Formats `*_ts` values (epoch ms) in the user's time zone and language. */
export function useFormatTime(): (ts: number) => string {
  useTranslation();
  const { timezone } = useSession();
  const language = currentLanguage();
  return useCallback((ts: number) => formatter(language, timezone).format(ts), [language, timezone]);
}
