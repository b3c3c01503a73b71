import { PlusOutlined } from '@ant-design/icons';
import type { TAuthNode, TNodeType } from '@parley/contracts';
import { Badge, Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { ListPage } from '../../components/ListPage';
import { SearchBox } from '../../components/SearchBox';
import { Segmented } from '../../components/Segmented';
import { tableEmpty } from '../../components/tableEmpty';
import { useListParams } from '../../components/useListParams';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { NodeAddModal } from './NodeAddModal';
import { NodeTypeTag } from './NodeTypeTag';
import { useAuthNodeList } from './queries';

const nodeTypes: readonly string[] = ['menu', 'btn'];

/** Settings › Auth nodes: the permission catalogue, by type, with a way to add a node. */
export function NodeListPage() {
  const { t } = useTranslation();
  const seeded = useSeeded();
  const list = useListParams(['node_type'], 50);
  const nodeType = nodeTypes.includes(list.filters.node_type ?? '') ? (list.filters.node_type as TNodeType) : undefined;
  const query = useAuthNodeList({ node_type: nodeType, kw: list.kw, offset: list.offset, limit: list.limit });
  const stateLabel = useEnum('role_state').label;
  const typeOptions = useEnum('node_type').options;
  const [adding, setAdding] = useState(false);

  return (
    <ListPage
      subtitle={t('auth_node.subtitle')}
      actions={
        <Can btn="auth.node.add">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            {t('auth_node.add')}
          </Button>
        </Can>
      }
      filters={
        <>
          <Segmented
            value={nodeType ?? ''}
            options={[{ value: '', label: t('common.all') }, ...typeOptions]}
            onChange={(value) => list.setFilter('node_type', value || undefined)}
          />
          <SearchBox value={list.kw} onSearch={list.setKw} placeholder={t('auth_node.search')} />
        </>
      }
    >
      <Table<TAuthNode>
        rowKey="node_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '' || nodeType !== undefined)}
        scroll={{ x: 720 }}
        columns={[
          { title: t('auth_node.title'), dataIndex: 'node_title', render: (_: string, node) => seeded.nodeTitle(node) },
          {
            title: t('auth_node.type'),
            dataIndex: 'node_type',
            width: 110,
            render: (type: TNodeType) => <NodeTypeTag type={type} />,
          },
          {
            title: t('auth_node.value'),
            dataIndex: 'node_value',
            render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
          },
          {
            title: t('common.state'),
            dataIndex: 'node_state',
            width: 110,
            render: (state: TAuthNode['node_state']) => (
              <Badge status={state === 'active' ? 'success' : 'default'} text={stateLabel(state)} />
            ),
          },
        ]}
      />
      <NodeAddModal open={adding} onClose={() => setAdding(false)} />
    </ListPage>
  );
}
