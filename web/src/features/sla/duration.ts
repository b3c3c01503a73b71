import type { TFunction } from 'i18next';

/** Minutes as the two largest units: "3 d 4 h", "2 h 5 min", "40 min". */
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
