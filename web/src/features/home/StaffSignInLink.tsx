import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';

/** A quiet way into the back office for agents who land on a public page. */
export function StaffSignInLink() {
  const { t } = useTranslation();
  return (
    <span className="pl-quiet">
      {t('home.staff_question')} <Link to={paths.login}>{t('home.staff_sign_in')}</Link>
    </span>
  );
}
