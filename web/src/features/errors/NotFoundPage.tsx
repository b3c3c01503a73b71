import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  // Visitors reach it too (a mistyped link): back to the public help desk, not the staff sign-in.
  return (
    <StatusPage status="404" title={t('status_page.not_found_title')} text={t('status_page.not_found_text')} home="/" />
  );
}
