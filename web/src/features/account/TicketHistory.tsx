import type { TAccountTicket } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import { Link } from 'react-router';
import { accountApi } from '../../api/account';
import { isApiError } from '../../api/errors';
import { useEnum } from '../../components/enumOptions';
import { tableEmpty } from '../../components/tableEmpty';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';
import { accountKeys } from '../../pickers/accountQueries';

/** The account's tickets; empty until the help desk has tickets. */
export function TicketHistory({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const stateLabel = useEnum('ticket_state').label;
  const query = useQuery({
    queryKey: accountKeys.tickets(accountId),
    // Until tickets exist the call may not either: an absent call is an empty history, not a lost page.
    queryFn: ({ signal }) =>
      accountApi
        .ticketHistory({ account_id: accountId, limit: 100 }, { signal, silent: ['0404'] })
        .catch((error: unknown) => {
          if (isApiError(error) && error.code === '0404') {
            return { list: [] };
          }
          throw error;
        }),
  });
  return (
    <Table<TAccountTicket>
      rowKey="ticket_id"
      size="middle"
      loading={query.isFetching}
      dataSource={query.data?.list}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={tableEmpty(t, false, t('people.no_tickets'))}
      columns={[
        {
          title: t('people.ticket_subject'),
          dataIndex: 'subject',
          render: (subject: string, ticket) => <Link to={`/wswt/ticket/edit/${ticket.ticket_id}`}>{subject}</Link>,
        },
        {
          title: t('common.state'),
          dataIndex: 'ticket_state',
          width: 120,
          render: (state: string) => <Tag>{stateLabel(state)}</Tag>,
        },
        // Newest activity first (the server's order, as the ticket page's "Other tickets"): the
        // last update says which are still going on, the creation how old the request is.
        { title: t('common.updated'), dataIndex: 'update_ts', width: 180, render: (ts: number) => formatTime(ts) },
        { title: t('common.created'), dataIndex: 'create_ts', width: 180, render: (ts: number) => formatTime(ts) },
      ]}
    />
  );
}
