import { UserOutlined } from '@ant-design/icons';
import { shownEmail, type TManagedAccount } from '@parley/contracts';
import { Card, Descriptions, Flex, Typography } from 'antd';
import { Navigate, useParams } from 'react-router';
import { usePermission } from '../../../auth/usePermission';
import { LinkButton } from '../../../components/LinkButton';
import { PageLoading } from '../../../components/PageLoading';
import { useFormatTime } from '../../../components/useFormatTime';
import { useTranslation } from '../../../i18n/useTranslation';
import { useAccount } from '../../../pickers/accountQueries';
import { paths } from '../../../routes/table';
import { AccountHeader } from '../../account/AccountHeader';
import { peoplePaths } from '../../account/paths';
import { TicketHistory } from '../../account/TicketHistory';
import { useAccountActions } from '../../account/useAccountActions';
import { CompanyLink } from '../../company/CompanyLink';
import { ticketPaths } from '../shared/queries';

function AccountFromTicket({ account, ticketId }: { account: TManagedAccount; ticketId: number }) {
  const { t } = useTranslation();
  const { can } = usePermission();
  const formatTime = useFormatTime();
  const actions = useAccountActions();

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto' }}>
      <AccountHeader
        account={account}
        backTo={ticketPaths.edit(ticketId)}
        actions={actions}
        extra={
          can('menu', '/wswt/account/:account_id') && (
            <LinkButton icon={<UserOutlined aria-hidden />} to={peoplePaths.account(account.account_id)}>
              {t('ticket.open_account')}
            </LinkButton>
          )
        }
      />
      <Card variant="borderless" title={t('people.tab_details')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('people.name')}>{account.real_name || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('people.email')}>{shownEmail(account.email) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('people.company')}>
            <CompanyLink companyId={account.company_id} fallback="—" />
          </Descriptions.Item>
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
