import type { TTicketListItem, TTicketSort, TViewColumn } from '@parley/contracts';
import type { TablePaginationConfig } from 'antd';
import { Flex } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/useTranslation';
import { usePhone } from '../../../layout/usePhone';
import { useOpenTicket } from '../shared/openTicket';
import { ticketPaths } from '../shared/queries';
import { ListTable } from './ListTable';
import { TicketCards } from './TicketCards';
import { isSortable, useTicketColumns } from './ticketColumns';

const KeysHelp = lazy(() => import('./KeysHelp').then((m) => ({ default: m.KeysHelp })));
const BulkBar = lazy(() => import('./BulkBar').then((m) => ({ default: m.BulkBar })));

/** Keys typed into a box or clicks on a control are theirs, not the list's; so are a dialog's or a drawer's (search's filters). */
function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(
    el?.closest?.(
      'input, textarea, select, [contenteditable="true"], [role="textbox"], .ant-select, .ant-modal, .ant-drawer',
    ),
  );
}

/**
 * Enter and the arrows on a focused control (a button, a link, a menu) are the control's. Not on a
 * phone's ticket card: a link, but the list's row, whose keys are the list's as a table row's.
 */
function isControl(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return Boolean(
    el?.closest?.(
      'a:not(.ticket-card), button, [role="button"], [role="menuitem"], [role="menu"], [role="tab"], [role="option"], [role="checkbox"], [role="switch"], .ant-dropdown, .ant-pagination',
    ),
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
 * change state or delete. On a phone, a card a ticket instead (TicketCards), in the list's order,
 * without sorting or checkboxes; the keyboard's j/k, Enter and x are the same on the cards (a
 * narrow window on a computer is a phone's width too).
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
  scope,
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
  /**
   * What the rows belong to (the view): when it changes, the selection, the keyboard's row and its
   * help start afresh. Not a \`key\`: a new key would draw every row again twice (once over the old
   * view's rows kept under the spinner, once as the new ones come), where the same table only
   * updates the rows that changed.
   */
  scope?: unknown;
}) {
  const phone = usePhone();
  const [active, setActive] = useState(-1);
  const [keysHelp, setKeysHelp] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const toggle = (id: number) =>
    setSelected((prev) => (prev.includes(id) ? prev.filter((x) => x !== id) : [...prev, id]));
  const [shownScope, setShownScope] = useState(scope);
  if (shownScope !== scope) {
    // Reset while rendering (React's way to adjust state to a prop): no frame with the old selection.
    setShownScope(scope);
    setActive(-1);
    setKeysHelp(false);
    setSelected([]);
  }
  const openHere = useOpenTicket();
  const open = (ticketId: number, newTab: boolean) => {
    if (newTab) {
      window.open(ticketPaths.edit(ticketId), '_blank', 'noopener');
    } else {
      openHere(ticketId);
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
      if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key) && isControl(event.target)) {
        return;
      }
      const { rows: list = [], active: at, bulk: selectable } = keyState.current;
      const move = (to: number) => {
        const next = Math.max(0, Math.min(list.length - 1, to));
        setActive(next);
        // The row (a phone's card) takes the focus: a screen reader reads the row the keyboard is on.
        const row = document.querySelector<HTMLElement>(`[data-row-key="${list[next]?.ticket_id}"]`);
        row?.focus({ preventScroll: true });
        row?.scrollIntoView?.({ block: 'nearest' });
      };
      if (event.key === 'j' || event.key === 'ArrowDown') {
        move(at + 1);
      } else if (event.key === 'k' || event.key === 'ArrowUp') {
        move(at < 0 ? 0 : at - 1);
      } else if (event.key === 'Enter' && list[at]) {
        open(list[at].ticket_id, false);
      } else if (event.key === 'x' && selectable && list[at]) {
        toggle(list[at].ticket_id);
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
  const table = useTicketColumns(columns, sort, rows);
  const done = (deletedAll: boolean) => {
    setSelected([]);
    onBulkDone?.(deletedAll);
  };

  return (
    <Flex vertical gap={12}>
      {bulk && selected.length > 0 && (
        // Its place is kept while it loads (first selection): the rows do not move twice.
        <Suspense fallback={<div className="ticket-bulk-bar" style={{ minHeight: 32 }} />}>
          <BulkBar selected={selected} allOnPage={rows?.length ?? 0} onDone={done} onClear={() => setSelected([])} />
        </Suspense>
      )}
      {phone ? (
        <TicketCards
          rows={rows}
          loading={loading}
          pagination={pagination}
          emptyText={filtered ? t('common.no_match') : (emptyText ?? t('ticket.empty'))}
          active={active}
          // A card's checkbox where tickets can be edited in bulk; x selects too (a narrow window's keyboard).
          selected={selected}
          onActivate={setActive}
          onToggle={bulk ? toggle : undefined}
        />
      ) : (
        <ListTable<TTicketListItem>
          rows={rows}
          rowKey={(row) => row.ticket_id}
          columns={table.columns}
          loading={loading}
          pagination={pagination}
          status={rows ? t('ticket.list_status', { count: pagination.total ?? rows.length }) : ''}
          focusableRows={keyboard}
          emptyText={filtered ? t('common.no_match') : (emptyText ?? t('ticket.empty'))}
          // Columns share the width by their content; narrower than their least, it scrolls sideways.
          minWidth={table.scrollX + (bulk ? 48 : 0)}
          onSort={(key, order) => {
            if (!order || !isSortable(key)) {
              onSort(undefined);
              return;
            }
            onSort(order === 'descend' ? `-${key}` : key);
          }}
          selection={
            bulk ? { selected, onChange: setSelected, label: (row) => `#${row.ticket_id} ${row.subject}` } : undefined
          }
          rowClassName={(_, index) => (index === active ? 'ticket-row ticket-row-active' : 'ticket-row')}
          // The whole row opens the ticket; Ctrl/Cmd-click (or a middle click) in a new tab.
          onRowClick={(row, index, event) => {
            if (isInteractive(event.target)) {
              return;
            }
            setActive(index);
            open(row.ticket_id, event.ctrlKey || event.metaKey);
          }}
          onRowAuxClick={(row, event) => {
            if (event.button === 1 && !isInteractive(event.target)) {
              open(row.ticket_id, true);
            }
          }}
        />
      )}
      {keyboard && keysHelp && (
        <Suspense fallback={null}>
          <KeysHelp onClose={() => setKeysHelp(false)} select={bulk} />
        </Suspense>
      )}
    </Flex>
  );
}
