import { enums, languageNames, parseLanguage } from '@parley/contracts';
import { Avatar, Card, Col, Descriptions, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionContext';
import { PageLoading } from '../../components/PageLoading';
import { currentLanguage } from '../../i18n';
import { PasswordForm } from './PasswordForm';

/** The caller's own account and the password change. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { user, timezone } = useSession();
  if (!user) {
    return <PageLoading />;
  }
  const language = currentLanguage();
  const none = <Typography.Text type="secondary">{t('profile.not_set')}</Typography.Text>;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1080, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('route.my_profile')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('profile.account')} style={{ height: '100%' }}>
            <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
              <Avatar size={64} src={user.avatar || undefined} style={{ background: '#1668dc', fontSize: 26 }}>
                {Array.from(user.real_name.trim())[0]?.toUpperCase()}
              </Avatar>
              <Flex vertical>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {user.real_name}
                </Typography.Title>
                <Typography.Text type="secondary">{user.email}</Typography.Text>
              </Flex>
            </Flex>
            <Descriptions column={1} size="small" styles={{ label: { width: 140 } }}>
              <Descriptions.Item label={t('profile.email')}>{user.email}</Descriptions.Item>
              <Descriptions.Item label={t('profile.user_type')}>
                {enums.user_type.labels[user.user_type][language]}
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.timezone')}>{timezone || user.timezone || none}</Descriptions.Item>
              <Descriptions.Item label={t('profile.language')}>
                {user.default_language ? languageNames[parseLanguage(user.default_language)] : none}
              </Descriptions.Item>
              <Descriptions.Item label={t('profile.alias_name')}>{user.alias_name || none}</Descriptions.Item>
              <Descriptions.Item label={t('profile.signature')}>
                {user.signature ? (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {user.signature}
                  </Typography.Paragraph>
                ) : (
                  none
                )}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('profile.change_password')} style={{ height: '100%' }}>
            <Typography.Paragraph type="secondary">{t('profile.change_password_note')}</Typography.Paragraph>
            <PasswordForm email={user.email} />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
