import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <StatusPage status="403" title={t('status_page.forbidden_title')} text={t('status_page.forbidden_text')} />;
}
