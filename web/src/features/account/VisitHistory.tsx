import type { TAccountVisit } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { accountApi } from '../../api/account';
import { tableEmpty } from '../../components/tableEmpty';
import { useFormatTime } from '../../components/useFormatTime';
import { useTranslation } from '../../i18n/useTranslation';
import { accountKeys } from '../../pickers/accountQueries';

/** When and from where the account signed in, newest first. */
export function VisitHistory({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const query = useQuery({
    queryKey: accountKeys.visits(accountId),
    queryFn: ({ signal }) => accountApi.visitHistory({ account_id: accountId, limit: 100 }, { signal }),
  });
  return (
    <Table<TAccountVisit>
      rowKey="visit_id"
      size="middle"
      loading={query.isFetching}
      dataSource={query.data?.list}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={tableEmpty(t, false, t('people.no_visits'))}
      scroll={{ x: 640 }}
      columns={[
        { title: t('people.visit_time'), dataIndex: 'create_ts', width: 200, render: (ts: number) => formatTime(ts) },
        { title: t('people.visit_ip'), dataIndex: 'ip', width: 160 },
        { title: t('people.visit_agent'), dataIndex: 'user_agent', ellipsis: true },
      ]}
    />
  );
}
