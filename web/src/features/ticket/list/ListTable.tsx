import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import type { TablePaginationConfig } from 'antd';
import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { LiveStatus } from '../../../components/LiveStatus';
import { useAntdLocale } from './antdLocale';
import { Paging } from './Paging';
import './list.css';

// The sorters' icons made once: the same elements from render to render are not drawn again.
const sorterIcons = {
  up: <CaretUpOutlined aria-hidden className="ant-table-column-sorter-up" />,
  upActive: <CaretUpOutlined aria-hidden className="ant-table-column-sorter-up active" />,
  down: <CaretDownOutlined aria-hidden className="ant-table-column-sorter-down" />,
  downActive: <CaretDownOutlined aria-hidden className="ant-table-column-sorter-down active" />,
};

export type TSortOrder = 'ascend' | 'descend';

/** A column of a ListTable: its header, what a row shows in it, and how it sorts, if it does. */
export interface TListColumn<T> {
  key: string;
  title: ReactNode;
  render: (row: T) => ReactNode;
  /** Style of the column's cells (not of its header). */
  cellStyle?: CSSProperties;
  /** A cell's tooltip: the whole text of a cell that may end in "…". */
  cellTitle?: (row: T) => string | undefined;
  /** A sortable column: its order now, and the orders a click steps through before it is unsorted again. */
  sort?: { order: TSortOrder | null; directions?: readonly TSortOrder[] };
}

/** The order a click on a sortable column's header asks for (then none: the list's own order). */
export function nextOrder(sort: NonNullable<TListColumn<unknown>['sort']>): TSortOrder | null {
  const directions = sort.directions ?? ['ascend', 'descend'];
  if (sort.order === null) {
    return directions[0] ?? null;
  }
  return directions[directions.indexOf(sort.order) + 1] ?? null;
}

function Checkbox({
  checked,
  indeterminate = false,
  disabled = false,
  label,
  onChange,
}: {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  const box = [
    'ant-checkbox ant-wave-target',
    checked && 'ant-checkbox-checked',
    indeterminate && !checked && 'ant-checkbox-indeterminate',
    disabled && 'ant-checkbox-disabled',
  ];
  return (
    <label
      className={`ant-checkbox-wrapper parley ant-checkbox-css-var${checked ? ' ant-checkbox-wrapper-checked' : ''}${disabled ? ' ant-checkbox-wrapper-disabled' : ''}`}
    >
      <span className={box.filter(Boolean).join(' ')}>
        <input
          type="checkbox"
          className="ant-checkbox-input"
          aria-label={label}
          ref={(input) => {
            if (input) {
              input.indeterminate = indeterminate && !checked;
            }
          }}
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
        />
      </span>
    </label>
  );
}

/** Ant Design's "no data" picture (Empty.PRESENTED_IMAGE_SIMPLE). */
function EmptyPicture() {
  return (
    <svg width="64" height="41" viewBox="0 0 64 41" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
      <g transform="translate(0 1)" fill="none" fillRule="evenodd">
        <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
        <g fillRule="nonzero" stroke="#d9d9d9">
          <path d="M55 12.8 44.9 1.3Q44 0 42.9 0H21.1q-1.2 0-2 1.3L9 12.8V22h46z" />
          <path
            d="M41.6 16c0-1.7 1-3 2.2-3H55v18.1c0 2.2-1.3 3.9-3 3.9H12c-1.7 0-3-1.7-3-3.9V13h11.2c1.2 0 2.2 1.3 2.2 3s1 2.9 2.2 2.9h14.8c1.2 0 2.2-1.4 2.2-3"
            fill="#fafafa"
          />
        </g>
      </g>
    </svg>
  );
}

/** What an empty list shows: Ant Design's Empty's markup with its picture. */
export function ListEmpty({ text }: { text: ReactNode }) {
  return (
    <div className="parley ant-empty ant-empty-normal">
      <div className="ant-empty-image">
        <EmptyPicture />
      </div>
      <div className="ant-empty-description">{text}</div>
    </div>
  );
}

/**
 * What a list's rows sit in, as a table or as a phone's cards: Ant Design's table wrapper (its
 * style sheet's tokens), a spinner over the rows while loading, and the pagination under them.
 * The rows are not a live region (a screen reader would read the whole page of them at each
 * refresh): `status` (how many there are, say) is, and is read when it changes.
 */
export function ListFrame({
  loading,
  pagination,
  status = '',
  children,
}: {
  loading: boolean;
  pagination: TablePaginationConfig;
  status?: string;
  children: ReactNode;
}) {
  return (
    <div className="parley ant-table-css-var ant-table-wrapper">
      <LiveStatus text={loading ? '' : status} />
      <div className={`ant-spin parley${loading ? ' ant-spin-spinning' : ''}`} aria-busy={loading}>
        {loading && (
          <div className="ant-spin-section">
            <span className="ant-spin-dot-holder">
              <span className="ant-spin-dot ant-spin-dot-spin">
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
                <i className="ant-spin-dot-item" />
              </span>
            </span>
          </div>
        )}
        <div className="ant-spin-container">
          {children}
          <Paging config={pagination} />
        </div>
      </div>
    </div>
  );
}

/**
 * A table of rows drawn with Ant Design's table classes (its style sheet is built at build time),
 * without Ant Design's Table: the ticket list's first load does not carry its code (the filter
 * drop-down's tree, input, radio and menu, the virtual list, the pagination's select: ~70 KB
 * gzipped, issue 15). What the lists use of it: sortable headers (a click or Enter steps through
 * the column's orders, `aria-sort` says the order), a checkbox per row and one for the page,
 * a spinner over the rows while loading, an empty state, the pagination, rows that react to clicks.
 */
export function ListTable<T>({
  rows,
  rowKey,
  columns,
  loading,
  pagination,
  status,
  emptyText,
  minWidth,
  onSort,
  selection,
  rowClassName,
  onRowClick,
  onRowAuxClick,
  focusableRows = false,
}: {
  rows: readonly T[] | undefined;
  rowKey: (row: T) => number;
  columns: readonly TListColumn<T>[];
  loading: boolean;
  pagination: TablePaginationConfig;
  /** Read by a screen reader when it changes (how many rows there are): see ListFrame. */
  status?: string;
  emptyText: ReactNode;
  /** Narrower than this (px), the table scrolls sideways. */
  minWidth: number;
  onSort: (key: string, order: TSortOrder | null) => void;
  /** Rows that can be selected: the selected keys, a change, each row's checkbox label. */
  selection?: { selected: readonly number[]; onChange: (keys: number[]) => void; label: (row: T) => string };
  rowClassName?: (row: T, index: number) => string;
  onRowClick?: (row: T, index: number, event: MouseEvent<HTMLTableRowElement>) => void;
  onRowAuxClick?: (row: T, event: MouseEvent<HTMLTableRowElement>) => void;
  /**
   * Rows the keyboard moves through (j/k): each can take the focus (not a Tab stop), so that a
   * screen reader reads the row the keyboard is on.
   */
  focusableRows?: boolean;
}) {
  const locale = useAntdLocale();
  const list = rows ?? [];
  const keys = list.map(rowKey);
  const picked = selection ? keys.filter((key) => selection.selected.includes(key)) : [];
  const sortBy = (column: TListColumn<T>) => {
    if (column.sort) {
      onSort(column.key, nextOrder(column.sort));
    }
  };
  const hint = (column: TListColumn<T>) => {
    if (!column.sort) {
      return undefined;
    }
    const next = nextOrder(column.sort);
    const table = locale.Table;
    const text = next === 'ascend' ? table?.triggerAsc : next === 'descend' ? table?.triggerDesc : table?.cancelSort;
    return typeof text === 'string' ? text : undefined;
  };

  return (
    <ListFrame loading={loading} pagination={pagination} status={status}>
      <div
        className={`ant-table ant-table-medium parley ant-table-css-var ant-table-scroll-horizontal${list.length === 0 ? ' ant-table-empty' : ''}`}
      >
        <div className="ant-table-container">
          <div className="ant-table-content" style={{ overflow: 'auto hidden' }}>
            <table style={{ width: minWidth, minWidth: '100%', tableLayout: 'auto' }}>
              {selection && (
                <colgroup>
                  <col className="ant-table-selection-col" />
                </colgroup>
              )}
              <thead className="ant-table-thead">
                <tr>
                  {selection && (
                    <th className="ant-table-cell ant-table-selection-column" scope="col">
                      <div className="ant-table-selection">
                        <Checkbox
                          label={
                            typeof locale.Table?.selectionAll === 'string' ? locale.Table.selectionAll : 'Select all'
                          }
                          checked={keys.length > 0 && picked.length === keys.length}
                          indeterminate={picked.length > 0}
                          disabled={keys.length === 0}
                          onChange={(on) =>
                            selection.onChange(
                              on
                                ? [...new Set([...selection.selected, ...keys])]
                                : selection.selected.filter((key) => !keys.includes(key)),
                            )
                          }
                        />
                      </div>
                    </th>
                  )}
                  {columns.map((column) =>
                    column.sort ? (
                      <th
                        key={column.key}
                        scope="col"
                        title={hint(column)}
                        aria-sort={
                          column.sort.order === 'ascend'
                            ? 'ascending'
                            : column.sort.order === 'descend'
                              ? 'descending'
                              : undefined
                        }
                        className={`ant-table-cell ant-table-column-has-sorters${column.sort.order ? ' ant-table-column-sort' : ''}`}
                        onClick={() => sortBy(column)}
                      >
                        {/* The control in the header cell (the cell keeps aria-sort): Enter and Space sort. */}
                        {/* biome-ignore lint/a11y/useSemanticElements: Ant Design's sorter markup, drawn by its style sheet; the cell takes the click */}
                        <div
                          className="ant-table-column-sorters"
                          role="button"
                          tabIndex={0}
                          onKeyDown={(event: KeyboardEvent) => {
                            if (event.key === 'Enter' || event.key === ' ') {
                              event.preventDefault();
                              event.stopPropagation();
                              sortBy(column);
                            }
                          }}
                        >
                          <span className="ant-table-column-title">{column.title}</span>
                          <span className="ant-table-column-sorter ant-table-column-sorter-full">
                            <span className="ant-table-column-sorter-inner" aria-hidden="true">
                              {column.sort.order === 'ascend' ? sorterIcons.upActive : sorterIcons.up}
                              {column.sort.order === 'descend' ? sorterIcons.downActive : sorterIcons.down}
                            </span>
                          </span>
                        </div>
                      </th>
                    ) : (
                      <th key={column.key} scope="col" className="ant-table-cell">
                        {column.title}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody className="ant-table-tbody">
                {list.length === 0 ? (
                  <tr className="ant-table-placeholder">
                    <td className="ant-table-cell" colSpan={columns.length + (selection ? 1 : 0)}>
                      {/* Still loading the first rows: the spinner alone, not "no tickets". */}
                      {!(loading && rows === undefined) && <ListEmpty text={emptyText} />}
                    </td>
                  </tr>
                ) : (
                  list.map((row, index) => {
                    const key = keys[index] as number;
                    const selected = picked.includes(key);
                    return (
                      <tr
                        key={key}
                        data-row-key={key}
                        tabIndex={focusableRows ? -1 : undefined}
                        className={`ant-table-row ant-table-row-level-0${selected ? ' ant-table-row-selected' : ''}${rowClassName ? ` ${rowClassName(row, index)}` : ''}`}
                        onClick={onRowClick && ((event) => onRowClick(row, index, event))}
                        onAuxClick={onRowAuxClick && ((event) => onRowAuxClick(row, event))}
                      >
                        {selection && (
                          <td className="ant-table-cell ant-table-selection-column">
                            <Checkbox
                              label={selection.label(row)}
                              checked={selected}
                              onChange={(on) =>
                                selection.onChange(
                                  on
                                    ? [...selection.selected, key]
                                    : selection.selected.filter((other) => other !== key),
                                )
                              }
                            />
                          </td>
                        )}
                        {columns.map((column) => (
                          <td
                            key={column.key}
                            className={`ant-table-cell${column.sort?.order ? ' ant-table-column-sort' : ''}`}
                            style={column.cellStyle}
                            title={column.cellTitle?.(row)}
                          >
                            {column.render(row)}
                          </td>
                        ))}
                      </tr>
                    );
                  })
                )}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </ListFrame>
  );
}
