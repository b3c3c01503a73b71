import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../routes/table';

/** A quiet way into the back office for agents who land on a public page. */
export function StaffSignInLink() {
  const { t } = useTranslation();
  return (
    <Typography.Text type="secondary" style={{ display: 'block', textAlign: 'center', fontSize: 13 }}>
      {t('home.staff_question')} <Link to={paths.login}>{t('home.staff_sign_in')}</Link>
    </Typography.Text>
  );
}
