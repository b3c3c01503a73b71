import { useEffect } from 'react';
import { Button } from '../../components/light/Button';
import { Result } from '../../components/light/Result';
import { useTranslation } from '../../i18n/useTranslation';
import { dismissPreview } from '../../list-preview/preview';

/**
 * A screen that failed to load or render (e.g. an old tab after a new release). Built without
 * Ant Design: the router shows it on every page, the public ones included.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  // Not the list the server drew over it (decision 0019): this page says what happened.
  useEffect(dismissPreview, []);
  return (
    <div className="pl-frame" style={{ justifyContent: 'center' }}>
      <Result
        status="warning"
        title={t('status_page.crash_title')}
        subTitle={t('status_page.crash_text')}
        extra={
          <Button variant="primary" onClick={() => window.location.reload()}>
            {t('status_page.reload')}
          </Button>
        }
      />
    </div>
  );
}
