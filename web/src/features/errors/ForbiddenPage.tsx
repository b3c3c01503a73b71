import { useTranslation } from '../../i18n/useTranslation';
import { InShellWhenSignedIn } from './InShellWhenSignedIn';
import { StatusPage } from './StatusPage';

export function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <InShellWhenSignedIn>
      <StatusPage status="403" title={t('status_page.forbidden_title')} text={t('status_page.forbidden_text')} />
    </InShellWhenSignedIn>
  );
}
