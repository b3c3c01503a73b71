import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/useTranslation';

/** What could not be loaded, in a panel or a settings list: the failure, and a button to try again. */
export function RetryAlert({ title, onRetry }: { title: ReactNode; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      action={<Button onClick={() => void onRetry()}>{t('common.retry')}</Button>}
    />
  );
}
