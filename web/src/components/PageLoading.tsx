import { useTranslation } from '../i18n/useTranslation';
import { Spinner } from './light/Icon';

/** A screen (or the whole page) being loaded: a spinner and "Loading…", without Ant Design. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="pl-loading" style={{ minHeight: fullScreen ? '100vh' : 320 }} role="status" aria-live="polite">
      <Spinner />
      <span>{t('app.loading')}</span>
    </div>
  );
}
