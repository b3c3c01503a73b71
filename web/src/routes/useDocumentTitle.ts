import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../components/useBranding';
import { matchRoute } from './table';

/**
 * "Organizations · Parley": the screen's title, then the brand. Staff screens' titles arrive with
 * the shell's texts (`staffStrings.ts`), so the title is written again when texts are added.
 */
export function useDocumentTitle(pathname: string): void {
  const { t, i18n } = useTranslation();
  const { brandName } = useBranding();
  // Rendering again when texts are added (the reducer's only job) recomputes the title below.
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    i18n.store.on('added', bump);
    return () => i18n.store.off('added', bump);
  }, [i18n]);
  const key = matchRoute(pathname)?.entry.key;
  const brand = brandName ?? t('app.name');
  const title = key ? `${t(`route.${key}`)} · ${brand}` : brand;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
