import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const [dragged, setDragged] = useState<number | null>(null);
  const ids = rows.map(idOf);
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
          width: 120,
          render: (_: unknown, row: T, index: number) => (
            <Space size={0}>
              <HolderOutlined style={{ cursor: 'grab', color: '#999', marginRight: 4 }} />
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(idOf(row), index - 1)}
                aria-label={t('rule.move_up')}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={index === rows.length - 1}
                onClick={() => move(idOf(row), index + 1)}
                aria-label={t('rule.move_down')}
              />
            </Space>
          ),
        },
      ]
    : [];
  return (
    <Table<T>
      rowKey={idOf}
      size="middle"
      loading={loading}
      dataSource={rows}
      pagination={false}
      locale={{ emptyText: empty }}
      scroll={{ x: 900 }}
      columns={[...order, ...columns]}
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
  );
}
