import { enums } from '@parley/contracts';
import { Avatar, Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../auth/SessionContext';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { useBranding } from '../../components/useBranding';
import { currentLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { NotifyForm } from './NotifyForm';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { passwordSectionId } from './passwordSection';

/** The caller's own profile, account, notification mails and password. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { brandName } = useBranding();
  const location = useLocation();
  const loaded = Boolean(user);
  // Led here to the password form (the one-time password's alert): it comes into view with the
  // keyboard in its first field, each time the link is followed (each visit has its own key,
  // also when the link is followed from this page).
  const passwordVisit = location.hash === `#${passwordSectionId}` ? location.key : null;
  useEffect(() => {
    if (!loaded || passwordVisit === null) {
      return;
    }
    const section = document.getElementById(passwordSectionId);
    section?.scrollIntoView?.({ block: 'start' });
    section?.querySelector('input')?.focus({ preventScroll: true });
  }, [loaded, passwordVisit]);
  if (!user) {
    return <PageLoading />;
  }
  const language = currentLanguage();

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1080, margin: '0 auto' }}>
      <PageHeader />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={13}>
          <Card title={t('profile.profile')} style={{ height: '100%' }}>
            <ProfileForm user={user} />
          </Card>
        </Col>
        <Col xs={24} lg={11}>
          <Flex vertical gap={16}>
            <Card title={t('profile.account')}>
              <Flex align="center" gap={16} style={{ marginBottom: 16 }}>
                <Avatar size={48} src={user.avatar || undefined} style={{ background: '#1668dc', fontSize: 20 }}>
                  {Array.from(user.real_name.trim())[0]?.toUpperCase()}
                </Avatar>
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong>{user.real_name}</Typography.Text>
                  <Typography.Text type="secondary">{user.email}</Typography.Text>
                </Flex>
              </Flex>
              <Descriptions column={1} size="small" styles={{ label: { width: 120 } }}>
                <Descriptions.Item label={t('profile.email')}>{user.email}</Descriptions.Item>
                <Descriptions.Item label={t('profile.user_type')}>
                  {enums.user_type.labels[user.user_type][language]}
                </Descriptions.Item>
              </Descriptions>
            </Card>
            {user.user_type !== 'end_user' && (
              <Card title={t('profile.notify')}>
                <Typography.Paragraph type="secondary">
                  {t('profile.notify_note', { brand: brandName ?? t('app.name') })}
                </Typography.Paragraph>
                <NotifyForm user={user} />
              </Card>
            )}
            <Card id={passwordSectionId} title={t('profile.change_password')}>
              <Typography.Paragraph type="secondary">{t('profile.change_password_note')}</Typography.Paragraph>
              <PasswordForm email={user.email} />
            </Card>
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
