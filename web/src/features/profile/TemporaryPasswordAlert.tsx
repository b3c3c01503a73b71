import { Alert } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import { paths } from '../../routes/table';
import { passwordSectionId } from './passwordSection';

/**
 * Above every staff screen while the caller's password is the one-time password printed when
 * Parley first started (`password_temporary`): it asks for a password of their own and leads to
 * My profile's password form. It cannot be closed; it goes once the password is changed.
 */
export function TemporaryPasswordAlert({ phone }: { phone: boolean }) {
  const { t } = useTranslation();
  const link = <Link to={`${paths.profile}#${passwordSectionId}`}>{t('profile.temporary_password_action')}</Link>;
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      style={{ marginBottom: phone ? 12 : 16 }}
      // At phone width the link follows the words on their line: beside them, both would be squeezed.
      title={
        phone ? (
          <>
            {t('profile.temporary_password')} {link}
          </>
        ) : (
          t('profile.temporary_password')
        )
      }
      action={phone ? undefined : link}
    />
  );
}
