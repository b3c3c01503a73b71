import { StopOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import type { TAccount } from '@parley/contracts';
import { Alert, Avatar, Button, Card, Descriptions, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSession } from '../../auth/SessionContext';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { useFormatTime } from '../../components/useFormatTime';
import { translateMessage } from '../../i18n';
import { paths } from '../../routes/table';
import { initialOf } from '../people/AccountName';
import { AccessTag, UserTypeTag } from '../people/AccountTags';
import { peoplePaths, useAccount } from '../people/queries';
import { TicketHistory } from '../people/TicketHistory';
import { useAccountActions } from '../people/useAccountActions';
import { ticketPaths } from './queries';
import { useCompanyName } from './usePersonNames';

function AccountFromTicket({ account, ticketId }: { account: TAccount; ticketId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { can } = usePermission();
  const formatTime = useFormatTime();
  const company = useCompanyName(account.company_id);
  const actions = useAccountActions();
  const name = account.real_name || account.email;
  const suspended = account.access_state === 'suspended';
  const self = user?.account_id === account.account_id;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <PageHeader
        backTo={ticketPaths.edit(ticketId)}
        icon={
          <Avatar size={44} src={account.avatar || undefined} style={{ background: '#1668dc', flex: 'none' }}>
            {initialOf(name)}
          </Avatar>
        }
        title={name}
        subtitle={
          <Space size={8} wrap>
            <span>{account.email}</span>
            <UserTypeTag type={account.user_type} />
            <AccessTag state={account.access_state} />
          </Space>
        }
        actions={
          <>
            {!self && (
              <Can btn="auth.account.access_state.edit">
                {suspended ? (
                  <Button icon={<UnlockOutlined />} onClick={() => actions.allow(account)}>
                    {t('people.allow')}
                  </Button>
                ) : (
                  <Button danger icon={<StopOutlined />} onClick={() => actions.suspend(account)}>
                    {t('people.suspend')}
                  </Button>
                )}
              </Can>
            )}
            {can('menu', '/wswt/account/:account_id') && (
              <LinkButton icon={<UserOutlined />} to={peoplePaths.account(account.account_id)}>
                {t('ticket.open_account')}
              </LinkButton>
            )}
          </>
        }
      />
      {suspended && (
        <Alert
          type="warning"
          showIcon
          title={translateMessage('user_suspended')}
          description={t('people.suspended_text')}
        />
      )}
      <Card variant="borderless" title={t('people.tab_details')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('people.name')}>{account.real_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('people.email')}>{account.email}</Descriptions.Item>
          <Descriptions.Item label={t('people.company')}>{company ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('common.created')}>{formatTime(account.create_ts)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title={<Typography.Text strong>{t('people.tab_tickets')}</Typography.Text>}>
        <TicketHistory accountId={account.account_id} />
      </Card>
    </Flex>
  );
}

function AccountScreen({ accountId, ticketId }: { accountId: number; ticketId: number }) {
  const query = useAccount(accountId);
  return query.data ? <AccountFromTicket account={query.data} ticketId={ticketId} /> : <PageLoading />;
}

/** /wswt/ticket/edit/:ticket_id/account/:account_id: the requester seen from a ticket, with the way back to it. */
export function TicketAccountPage() {
  const { ticket_id: rawTicket, account_id: rawAccount } = useParams();
  const ticketId = Number(rawTicket);
  const accountId = Number(rawAccount);
  if (![ticketId, accountId].every((id) => Number.isInteger(id) && id > 0)) {
    return <Navigate to={paths.notFound} replace />;
  }
  return <AccountScreen key={accountId} accountId={accountId} ticketId={ticketId} />;
}
