import { DeleteOutlined } from '@ant-design/icons';
import type { TManagedAccount } from '@parley/contracts';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Tabs, Typography } from 'antd';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useSession } from '../../auth/SessionContext';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { PageLoading } from '../../components/PageLoading';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';
import { useAccount } from '../../pickers/accountQueries';
import { paths } from '../../routes/table';
import { AccountEditForm } from './AccountEditForm';
import { AccountHeader } from './AccountHeader';
import { PasswordResetForm } from './PasswordResetForm';
import { peoplePaths } from './paths';
import { SendPasswordLink } from './SendPasswordLink';
import { TicketHistory } from './TicketHistory';
import { useAccountActions } from './useAccountActions';
import { VisitHistory } from './VisitHistory';

/** /wswt/account/:account_id: someone's account, their sign-ins and their tickets. */
export function AccountPage() {
  const { account_id: raw } = useParams();
  const accountId = Number(raw);
  if (!Number.isInteger(accountId) || accountId <= 0) {
    return <Navigate to={paths.notFound} replace />;
  }
  return <AccountScreen key={accountId} accountId={accountId} />;
}

function AccountScreen({ accountId }: { accountId: number }) {
  const query = useAccount(accountId);
  if (!query.data) {
    return <PageLoading />;
  }
  return <AccountView account={query.data} />;
}

function AccountView({ account }: { account: TManagedAccount }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const formatTime = useFormatTime();
  const chatLabel = useEnum('chat_state').label;
  const actions = useAccountActions({ onDeleted: () => void navigate(peoplePaths.list, { replace: true }) });
  const self = user?.account_id === account.account_id;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <AccountHeader
        account={account}
        backTo={peoplePaths.list}
        actions={actions}
        extra={
          !self &&
          account.manageable && (
            <Can btn="auth.account.delete">
              <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => actions.remove(account)}>
                {t('common.delete')}
              </Button>
            </Can>
          )
        }
      />
      {!account.manageable && (
        <Alert type="info" showIcon title={t('people.not_manageable')} data-testid="not-manageable" />
      )}
      <Card variant="borderless" styles={{ body: { paddingTop: 8 } }}>
        <Tabs
          destroyOnHidden
          items={[
            {
              key: 'details',
              label: t('people.tab_details'),
              children: (
                <Row gutter={[32, 24]}>
                  <Col xs={24} lg={15}>
                    <AccountEditForm account={account} />
                  </Col>
                  <Col xs={24} lg={9}>
                    <Flex vertical gap={24}>
                      <Descriptions column={1} size="small" styles={{ label: { width: 130 } }}>
                        <Descriptions.Item label={t('people.chat_state')}>
                          {chatLabel(account.chat_state)}
                        </Descriptions.Item>
                        <Descriptions.Item label={t('common.created')}>
                          {formatTime(account.create_ts)}
                        </Descriptions.Item>
                        <Descriptions.Item label={t('common.updated')}>
                          {formatTime(account.update_ts)}
                        </Descriptions.Item>
                      </Descriptions>
                      {account.user_type !== 'end_user' && account.manageable && (
                        <Can btn="auth.account.edit">
                          <SendPasswordLink account={account} />
                          <div>
                            <Typography.Title level={5}>{t('people.reset_password')}</Typography.Title>
                            <Typography.Paragraph type="secondary">
                              {t('people.reset_password_note')}
                            </Typography.Paragraph>
                            <PasswordResetForm account={account} />
                          </div>
                        </Can>
                      )}
                    </Flex>
                  </Col>
                </Row>
              ),
            },
            { key: 'visits', label: t('people.tab_visits'), children: <VisitHistory accountId={account.account_id} /> },
            {
              key: 'tickets',
              label: t('people.tab_tickets'),
              children: <TicketHistory accountId={account.account_id} />,
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
