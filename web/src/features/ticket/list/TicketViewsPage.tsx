import type { TTicketView } from '@parley/contracts';
import { Table } from 'antd';
import { Link } from 'react-router';
import { ListPage } from '../../../components/ListPage';
import { tableEmpty } from '../../../components/tableEmpty';
import { useTranslation } from '../../../i18n/useTranslation';
import { ticketPaths, useTicketViews } from '../shared/queries';
import { ViewCount } from './ViewCount';

/** Ticket views: each of the caller's views with its number of tickets. */
export function TicketViewsPage() {
  const { t } = useTranslation();
  const views = useTicketViews();
  return (
    <ListPage subtitle={t('ticket.views_subtitle')} width={900}>
      <Table<TTicketView>
        rowKey="view_id"
        size="middle"
        loading={views.isFetching}
        dataSource={views.data}
        pagination={false}
        locale={tableEmpty(t, false, t('ticket.views_empty'))}
        columns={[
          {
            title: t('ticket.view_title'),
            dataIndex: 'title',
            render: (title: string, view) => <Link to={ticketPaths.viewList(view.view_id)}>{title}</Link>,
          },
          {
            title: t('ticket.view_count'),
            key: 'count',
            width: 160,
            align: 'right',
            render: (_, view) => <ViewCount view={view} active />,
          },
        ]}
      />
    </ListPage>
  );
}
