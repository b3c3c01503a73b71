import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import { usePhone } from '../../layout/usePhone';
import './rule.css';

/**
 * On a phone the table scrolls sideways: its Edit and Delete stay at the screen's right edge
 * (they were past it, a sideways scroll away).
 */
function pinActions<T>(column: ColumnsType<T>[number]): ColumnsType<T>[number] {
  // Their icons alone (rule.css keeps the words for screen readers), so the title keeps the room.
  return column.key === 'actions' ? { ...column, fixed: 'right', width: 96 } : column;
}

/**
 * A table whose rows are ordered by dragging (or the up and down buttons, by keyboard); each
 * move answers the whole new order of ids.
 */
export function OrderedTable<T extends object>({
  rows,
  idOf,
  columns,
  loading,
  empty,
  canMove,
  onMove,
}: {
  rows: T[];
  idOf: (row: T) => number;
  columns: ColumnsType<T>;
  loading: boolean;
  empty: string;
  canMove: boolean;
  onMove: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhone();
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = rows.map(idOf);
  const table = useRef<HTMLDivElement>(null);
  /** The row moved by its button: once the new order shows, the focus goes back to that row's button. */
  const moved = useRef<{ id: number; dir: 'up' | 'down' } | null>(null);
  const shownOrder = ids.join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the order shown changes
  useEffect(() => {
    const last = moved.current;
    const root = table.current;
    if (!last || !root) {
      return;
    }
    const button = (dir: string) =>
      root.querySelector<HTMLButtonElement>(`button[data-move="${dir}"][data-row="${last.id}"]:not(:disabled)`);
    // The same direction while it can go on; at the end of the list, the other one.
    const target = button(last.dir) ?? button(last.dir === 'up' ? 'down' : 'up');
    if (target && document.activeElement !== target) {
      target.focus();
    }
    moved.current = null;
  }, [shownOrder]);
  const move = (id: number, to: number) => {
    const next = ids.filter((x) => x !== id);
    next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
    if (next.join() !== ids.join()) {
      onMove(next);
    }
  };
  const order: ColumnsType<T> = canMove
    ? [
        {
          title: t('rule.order'),
          key: 'order',
          // A phone has no dragging (touch does not drag rows): the arrows alone.
          width: phone ? 84 : 120,
          render: (_: unknown, row: T, index: number) => (
            <Space size={0}>
              {!phone && <HolderOutlined aria-hidden style={{ cursor: 'grab', color: '#999', marginRight: 4 }} />}
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined aria-hidden />}
                disabled={index === 0}
                data-move="up"
                data-row={idOf(row)}
                onClick={() => {
                  moved.current = { id: idOf(row), dir: 'up' };
                  move(idOf(row), index - 1);
                }}
                aria-label={t('rule.move_up')}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined aria-hidden />}
                disabled={index === rows.length - 1}
                data-move="down"
                data-row={idOf(row)}
                onClick={() => {
                  moved.current = { id: idOf(row), dir: 'down' };
                  move(idOf(row), index + 1);
                }}
                aria-label={t('rule.move_down')}
              />
            </Space>
          ),
        },
      ]
    : [];
  return (
    <div ref={table} className={phone ? 'ordered-table ordered-table-phone' : 'ordered-table'}>
      <Table<T>
        rowKey={idOf}
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: empty }}
        scroll={{ x: 900 }}
        columns={[...order, ...(phone ? columns.map(pinActions) : columns)]}
        onRow={(row, index) =>
          canMove
            ? {
                draggable: true,
                onDragStart: () => setDragged(idOf(row)),
                onDragOver: (e) => e.preventDefault(),
                onDrop: () => {
                  if (dragged !== null && index !== undefined) {
                    move(dragged, index);
                  }
                  setDragged(null);
                },
              }
            : {}
        }
      />
    </div>
  );
}
