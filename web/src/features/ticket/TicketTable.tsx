import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { enums, type TSubmitAs, type TTicketListItem, type TTicketSort } from '@parley/contracts';
import { Button, Dropdown, Flex, Select, Table, type TablePaginationConfig, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ticketApi } from '../../api/ticket';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useFormatTime } from '../../components/useFormatTime';
import { useSave } from '../../components/useSave';
import { ticketKeys, ticketPaths } from './queries';
import { PriorityText, TicketStateTag } from './TicketStateTag';
import { useStaffNames } from './useNames';
import { useRelativeTime } from './useRelativeTime';

/** The sort of a table column: which key, and whether newest first. */
function sortOrderOf(sort: TTicketSort, key: 'ticket_id' | 'update_ts') {
  if (sort === key) {
    return 'ascend' as const;
  }
  return sort === `-${key}` ? ('descend' as const) : null;
}

/**
 * Tickets of a view or a search: id, subject, requester, state, priority, assignee, updated;
 * sorting by id or update; with `bulk`, rows can be selected to assign, change state or delete.
 */
export function TicketTable({
  rows,
  loading,
  pagination,
  sort,
  onSort,
  filtered,
  bulk = false,
  onBulkDone,
}: {
  rows: TTicketListItem[] | undefined;
  loading: boolean;
  pagination: TablePaginationConfig;
  sort: TTicketSort;
  onSort: (sort: TTicketSort | undefined) => void;
  filtered: boolean;
  bulk?: boolean;
  onBulkDone?: (deletedAll: boolean) => void;
}) {
  const { t } = useTranslation();
  const names = useStaffNames();
  const when = useRelativeTime();
  const fullTime = useFormatTime();
  const submitAs = useEnum('submit_as');
  const { confirmDelete } = useConfirm();
  const [selected, setSelected] = useState<number[]>([]);
  const done = (deletedAll: boolean) => {
    setSelected([]);
    onBulkDone?.(deletedAll);
  };
  const bulkEdit = useSave({
    call: (body: { assignee_id?: number | null; submit_as?: TSubmitAs }, opts) =>
      ticketApi.bulkEdit({ ticket_ids: selected, ...body }, opts),
    invalidate: [ticketKeys.all],
    onSaved: () => done(false),
  });
  const remove = useSave({
    call: (ids: number[], opts) => ticketApi.delete(ids, opts),
    invalidate: [ticketKeys.all],
    successKey: 'deleted',
    onSaved: (_, ids) => done(ids.length === rows?.length),
  });

  const onChange = (
    _p: unknown,
    _f: unknown,
    sorter: SorterResult<TTicketListItem> | SorterResult<TTicketListItem>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.columnKey;
    if (!one?.order || (key !== 'ticket_id' && key !== 'update_ts')) {
      onSort(undefined);
      return;
    }
    onSort(one.order === 'descend' ? `-${key}` : key);
  };

  return (
    <Flex vertical gap={12}>
      {bulk && selected.length > 0 && (
        <Flex gap={8} align="center" wrap className="ticket-bulk-bar">
          <Typography.Text strong>{t('ticket.selected', { count: selected.length })}</Typography.Text>
          <Can btn="ticket.edit">
            <Select<number | 'none'>
              aria-label={t('ticket.bulk_assign')}
              placeholder={t('ticket.bulk_assign')}
              style={{ minWidth: 180 }}
              value={null}
              showSearch={{ optionFilterProp: 'label' }}
              options={[{ value: 'none', label: t('ticket.unassigned') }, ...names.agentOptions]}
              onChange={(value) => bulkEdit.save({ assignee_id: value === 'none' ? null : value })}
              disabled={bulkEdit.saving}
            />
            <Dropdown
              menu={{
                items: enums.submit_as.values.map((value) => ({ key: value, label: submitAs.label(value) })),
                onClick: ({ key }) => bulkEdit.save({ submit_as: key as TSubmitAs }),
              }}
              disabled={bulkEdit.saving}
            >
              <Button>
                {t('ticket.bulk_state')} <DownOutlined />
              </Button>
            </Dropdown>
          </Can>
          <Can btn="ticket.delete">
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDelete(() => remove.saveAsync([...selected]), t('ticket.selected', { count: selected.length }))
              }
            >
              {t('common.delete')}
            </Button>
          </Can>
          <Button type="link" onClick={() => setSelected([])}>
            {t('ticket.clear_selection')}
          </Button>
        </Flex>
      )}
      <Table<TTicketListItem>
        rowKey="ticket_id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={pagination}
        onChange={onChange}
        locale={tableEmpty(t, filtered, t('ticket.empty'))}
        scroll={{ x: 820 }}
        rowSelection={
          bulk ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        columns={[
          {
            title: t('ticket.id'),
            dataIndex: 'ticket_id',
            key: 'ticket_id',
            width: 80,
            sorter: true,
            sortOrder: sortOrderOf(sort, 'ticket_id'),
            render: (id: number) => `#${id}`,
          },
          {
            title: t('ticket.subject'),
            dataIndex: 'subject',
            ellipsis: true,
            render: (subject: string, row) => <Link to={ticketPaths.edit(row.ticket_id)}>{subject}</Link>,
          },
          {
            title: t('ticket.requester'),
            dataIndex: 'requester_name',
            ellipsis: true,
            render: (name: string, row) => <span title={row.requester_email}>{name || row.requester_email}</span>,
          },
          {
            title: t('ticket.state'),
            dataIndex: 'ticket_state',
            width: 100,
            render: (state: TTicketListItem['ticket_state']) => <TicketStateTag state={state} />,
          },
          {
            title: t('ticket.priority'),
            dataIndex: 'priority',
            width: 90,
            render: (priority: TTicketListItem['priority']) => <PriorityText priority={priority} />,
          },
          {
            title: t('ticket.assignee'),
            dataIndex: 'assignee_id',
            ellipsis: true,
            render: (id: number | null) =>
              names.agent(id) ?? <Typography.Text type="secondary">{t('ticket.unassigned')}</Typography.Text>,
          },
          {
            title: t('ticket.updated'),
            dataIndex: 'update_ts',
            key: 'update_ts',
            width: 150,
            sorter: true,
            sortOrder: sortOrderOf(sort, 'update_ts'),
            render: (ts: number) => <span title={fullTime(ts)}>{when(ts)}</span>,
          },
        ]}
      />
    </Flex>
  );
}
