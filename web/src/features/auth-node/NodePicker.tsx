import type { TAuthNode, TNodeType } from '@parley/contracts';
import { Flex, Input, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useEnum } from '../../components/enumOptions';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';

const groups: readonly TNodeType[] = ['menu', 'btn'];

function matches(node: TAuthNode, kw: string): boolean {
  const needle = kw.trim().toLowerCase();
  return needle === '' || `${node.node_title} ${node.node_value}`.toLowerCase().includes(needle);
}

/** Picks node ids from every node, grouped into menus and buttons, with a filter. */
export function NodePicker({
  nodes,
  value = [],
  onChange,
  id,
}: {
  nodes: readonly TAuthNode[];
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { nodeTitle } = useSeeded();
  const { label } = useEnum('node_type');
  const [kw, setKw] = useState('');
  const visible = useMemo(() => nodes.filter((n) => matches(n, kw)), [nodes, kw]);

  const treeData = useMemo<DataNode[]>(
    () =>
      groups
        .map((type) => {
          const children = visible.filter((n) => n.node_type === type);
          const chosen = children.filter((n) => value.includes(n.node_id)).length;
          return {
            key: type,
            title: (
              <Typography.Text strong>
                {label(type)} ({chosen}/{children.length})
              </Typography.Text>
            ),
            children: children.map((n) => ({
              key: n.node_id,
              title: (
                <span>
                  {nodeTitle(n)}{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {n.node_value}
                  </Typography.Text>
                </span>
              ),
            })),
          };
        })
        .filter((g) => g.children.length > 0),
    [visible, value, label, nodeTitle],
  );

  // The tree knows only the nodes the filter shows: keep the chosen ones it hides.
  const visibleIds = new Set(visible.map((n) => n.node_id));
  const onCheck = (checked: React.Key[] | { checked: React.Key[] }) => {
    const keys = Array.isArray(checked) ? checked : checked.checked;
    const picked = keys.filter((k): k is number => typeof k === 'number');
    const hidden = value.filter((v) => !visibleIds.has(v));
    onChange?.([...hidden, ...picked].sort((a, b) => a - b));
  };

  return (
    <Flex vertical gap={8} id={id}>
      <Input.Search
        allowClear
        value={kw}
        onChange={(event) => setKw(event.target.value)}
        placeholder={t('auth_pkg.filter_nodes')}
        aria-label={t('auth_pkg.filter_nodes')}
      />
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 8, maxHeight: 360, overflow: 'auto' }}>
        {treeData.length === 0 ? (
          <Typography.Text type="secondary">{t('common.no_match')}</Typography.Text>
        ) : (
          <Tree
            checkable
            selectable={false}
            defaultExpandAll
            treeData={treeData}
            checkedKeys={value.filter((v) => visibleIds.has(v))}
            onCheck={onCheck}
          />
        )}
      </div>
    </Flex>
  );
}
