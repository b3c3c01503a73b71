import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranding } from '../components/useBranding';
import { matchRoute } from './table';

/** "Organizations · Parley": the screen's title, then the brand. */
export function useDocumentTitle(pathname: string): void {
  const { t } = useTranslation();
  const { brandName } = useBranding();
  const key = matchRoute(pathname)?.entry.key;
  useEffect(() => {
    const brand = brandName ?? t('app.name');
    document.title = key ? `${t(`route.${key}`)} · ${brand}` : brand;
  }, [key, brandName, t]);
}
