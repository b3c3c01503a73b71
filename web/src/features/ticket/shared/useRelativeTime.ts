import { useCallback, useEffect, useState } from 'react';
import { useDateSettings, useFormatDate } from '../../../components/useFormatTime';
import { relativeTime } from './relativeTime';

/**
 * `relativeTime` in the user's language, time zone (the help desk's default while the user has
 * none, as every other date on screen) and date format, refreshed every minute.
 */
export function useRelativeTime(): (ts: number) => string {
  const { language, timeZone } = useDateSettings();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const { day } = useFormatDate();
  return useCallback((ts: number) => relativeTime(ts, now, language, timeZone, day), [now, language, timeZone, day]);
}
