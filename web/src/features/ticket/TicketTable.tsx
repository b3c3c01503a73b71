import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { enums, type TSubmitAs, type TTicketListItem, type TTicketSort, type TViewColumn } from '@parley/contracts';
import { Button, Dropdown, Flex, Select, Table, type TablePaginationConfig, Typography } from 'antd';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketApi } from '../../api/ticket';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { ticketKeys } from './queries';
import { isSortable, useTicketColumns } from './ticketColumns';
import { useStaffNames } from './useNames';

/**
 * Tickets of a view or a search, in the given columns (a view's own, at most 10) and order;
 * sorting by the columns that have a sort key; with `bulk`, rows can be selected to assign,
 * change state or delete.
 */
export function TicketTable({
  rows,
  columns,
  loading,
  pagination,
  sort,
  onSort,
  filtered,
  bulk = false,
  onBulkDone,
}: {
  rows: TTicketListItem[] | undefined;
  columns: readonly TViewColumn[];
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
  const table = useTicketColumns(columns, sort, rows);
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
    extra: TableCurrentDataSource<TTicketListItem>,
  ) => {
    // Paging is the pagination's own business; this is called for it too.
    if (extra.action !== 'sort') {
      return;
    }
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const key = one?.columnKey;
    if (!one?.order || !isSortable(key)) {
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
        // Columns share the width by their content; narrower than their least, it scrolls sideways.
        tableLayout="auto"
        scroll={{ x: table.scrollX + (bulk ? 48 : 0) }}
        rowSelection={
          bulk ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        columns={table.columns}
      />
    </Flex>
  );
}
