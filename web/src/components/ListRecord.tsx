import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { translateMessage } from '../i18n';
import { useTranslation } from '../i18n/useTranslation';
import { PageLoading } from './PageLoading';

/**
 * An edit screen's record, picked out of its list's answer: the form once it is there, loading
 * while the list is on its way, and — instead of loading for ever — what happened when the list
 * came without it (deleted meanwhile, e.g. in another tab) or did not come at all.
 */
export function ListRecord<T>({
  query,
  record,
  backTo,
  children,
}: {
  query: { data?: unknown; error: Error | null; refetch: () => unknown };
  record: T | undefined;
  backTo: string;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (record !== undefined) {
    return <>{children(record)}</>;
  }
  if (query.data !== undefined) {
    return (
      <Result
        status="warning"
        title={translateMessage('id_not_found')}
        extra={
          <Button type="primary" onClick={() => void navigate(backTo)}>
            {t('common.back')}
          </Button>
        }
      />
    );
  }
  if (query.error) {
    // A server or network failure is not a record gone: say what failed, and offer to try again.
    return (
      <Result
        status="error"
        title={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  return <PageLoading />;
}
