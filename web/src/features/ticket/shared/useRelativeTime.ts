import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/SessionContext';
import { useFormatDate } from '../../../components/useFormatTime';
import { currentLanguage } from '../../../i18n';
import { relativeTime } from './relativeTime';

/** `relativeTime` in the user's language, time zone and date format, refreshed every minute. */
export function useRelativeTime(): (ts: number) => string {
  useTranslation();
  const { timezone } = useSession();
  const language = currentLanguage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const { day } = useFormatDate();
  return useCallback((ts: number) => relativeTime(ts, now, language, timezone, day), [now, language, timezone, day]);
}
