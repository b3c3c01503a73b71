import { useSession } from '../../auth/SessionContext';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';
import { InShellWhenSignedIn } from './InShellWhenSignedIn';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const staff = user !== null && user.user_type !== 'end_user';
  // Visitors reach it too (a mistyped link): back to the public help desk, not the staff sign-in.
  return (
    <InShellWhenSignedIn>
      <StatusPage
        status="404"
        title={t('status_page.not_found_title')}
        text={t('status_page.not_found_text')}
        home={staff ? paths.index : '/'}
      />
    </InShellWhenSignedIn>
  );
}
