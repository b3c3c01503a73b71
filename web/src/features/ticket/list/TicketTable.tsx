import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { enums, type TSubmitAs, type TTicketListItem, type TTicketSort, type TViewColumn } from '@parley/contracts';
import { Button, Dropdown, Flex, Select, Table, type TablePaginationConfig, Typography } from 'antd';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ticketApi } from '../../../api/ticket';
import { Can } from '../../../components/Can';
import { useEnum } from '../../../components/enumOptions';
import { tableEmpty } from '../../../components/tableEmpty';
import { useConfirm } from '../../../components/useConfirm';
import { useSave } from '../../../components/useSave';
import { ticketKeys, ticketPaths } from '../shared/queries';
import { useStaffNames } from '../shared/useNames';
import { isSortable, useTicketColumns } from './ticketColumns';

const KeysHelp = lazy(() => import('./KeysHelp').then((m) => ({ default: m.KeysHelp })));

/** Keys typed into a box or clicks on a control are theirs, not the list's. */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(
    el?.closest?.('input, textarea, select, [contenteditable="true"], [role="textbox"], .ant-select, .ant-modal'),
  );
}

function isInteractive(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(
    el?.closest?.('a, button, input, label, .ant-checkbox-wrapper, .ant-table-selection-column, .ant-dropdown'),
  );
}

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
  keyboard = false,
  emptyText,
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
  /** j/k move, Enter opens, x selects, ? lists the keys (the ticket list; not inside a text box). */
  keyboard?: boolean;
  /** What an empty list says (a view's "no tickets in this view" by default). */
  emptyText?: string;
}) {
  const navigate = useNavigate();
  const [active, setActive] = useState(-1);
  const [keysHelp, setKeysHelp] = useState(false);
  const open = (ticketId: number, newTab: boolean) => {
    const path = ticketPaths.edit(ticketId);
    if (newTab) {
      window.open(path, '_blank', 'noopener');
    } else {
      void navigate(path);
    }
  };
  const keyState = useRef({ rows, active, bulk });
  keyState.current = { rows, active, bulk };
  useEffect(() => {
    if (!keyboard) {
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) {
        return;
      }
      const { rows: list = [], active: at, bulk: selectable } = keyState.current;
      const move = (to: number) => {
        const next = Math.max(0, Math.min(list.length - 1, to));
        setActive(next);
        document.querySelector(`[data-row-key="${list[next]?.ticket_id}"]`)?.scrollIntoView?.({ block: 'nearest' });
      };
      if (event.key === 'j' || event.key === 'ArrowDown') {
        move(at + 1);
      } else if (event.key === 'k' || event.key === 'ArrowUp') {
        move(at < 0 ? 0 : at - 1);
      } else if (event.key === 'Enter' && list[at]) {
        open(list[at].ticket_id, false);
      } else if (event.key === 'x' && selectable && list[at]) {
        const id = list[at].ticket_id;
        setSelected((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id]));
      } else if (event.key === '?') {
        setKeysHelp(true);
      } else {
        return;
      }
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });
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
        locale={tableEmpty(t, filtered, emptyText ?? t('ticket.empty'))}
        // Columns share the width by their content; narrower than their least, it scrolls sideways.
        tableLayout="auto"
        scroll={{ x: table.scrollX + (bulk ? 48 : 0) }}
        rowSelection={
          bulk ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        columns={table.columns}
        rowClassName={(_, index) => (index === active ? 'ticket-row ticket-row-active' : 'ticket-row')}
        onRow={(row, index) => ({
          // The whole row opens the ticket; Ctrl/Cmd-click (or a middle click) in a new tab.
          onClick: (event) => {
            if (isInteractive(event.target)) {
              return;
            }
            setActive(index ?? -1);
            open(row.ticket_id, event.ctrlKey || event.metaKey);
          },
          onAuxClick: (event) => {
            if (event.button === 1 && !isInteractive(event.target)) {
              open(row.ticket_id, true);
            }
          },
        })}
      />
      {keyboard && keysHelp && (
        <Suspense fallback={null}>
          <KeysHelp onClose={() => setKeysHelp(false)} />
        </Suspense>
      )}
    </Flex>
  );
}
