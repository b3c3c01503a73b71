import { PlusOutlined } from '@ant-design/icons';
import type { TAuthPkg } from '@parley/contracts';
import { Button, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { authNodeApi } from '../../api/authNode';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { ListPage } from '../../components/ListPage';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { SearchBox } from '../../components/SearchBox';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useListParams } from '../../components/useListParams';
import { useSave } from '../../components/useSave';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { PkgFormModal } from './PkgFormModal';
import { authPkgKeys, useAllAuthNodes, useAuthPkgList } from './queries';

/** Settings › Auth packages: bundles of nodes that roles grant. */
export function PkgListPage() {
  const { t } = useTranslation();
  const seeded = useSeeded();
  const list = useListParams();
  const query = useAuthPkgList({ kw: list.kw, offset: list.offset, limit: list.limit });
  const nodes = useAllAuthNodes();
  const typeLabel = useEnum('node_type').label;
  const [editing, setEditing] = useState<{ pkg: TAuthPkg | null } | null>(null);
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (pkg: TAuthPkg, opts) => authNodeApi.pkgDelete({ pkg_id: pkg.pkg_id }, opts),
    invalidate: [authPkgKeys.all, ['auth', 'has-node-list']],
    successKey: 'deleted',
    onSaved: () => {
      if (query.data?.list.length === 1) {
        list.backOnePage();
      }
    },
  });

  const typeOf = useMemo(() => new Map((nodes.data ?? []).map((n) => [n.node_id, n.node_type])), [nodes.data]);

  return (
    <ListPage
      subtitle={t('auth_pkg.subtitle')}
      actions={
        <Can btn="auth.pkg.add">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({ pkg: null })}>
            {t('auth_pkg.add')}
          </Button>
        </Can>
      }
      filters={<SearchBox value={list.kw} onSearch={list.setKw} />}
    >
      <Table<TAuthPkg>
        rowKey="pkg_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '')}
        columns={[
          { title: t('auth_pkg.title'), dataIndex: 'pkg_title', render: (title: string) => seeded.text(title) },
          {
            title: t('auth_pkg.nodes'),
            key: 'nodes',
            render: (_, pkg) => {
              const menus = pkg.node_ids.filter((id) => typeOf.get(id) === 'menu').length;
              const buttons = pkg.node_ids.filter((id) => typeOf.get(id) === 'btn').length;
              return (
                <Space size={4} wrap>
                  <Tag color="blue">
                    {typeLabel('menu')} {menus}
                  </Tag>
                  <Tag color="purple">
                    {typeLabel('btn')} {buttons}
                  </Tag>
                </Space>
              );
            },
          },
          actionsColumn<TAuthPkg>(t('common.actions'), 200, (pkg) => (
            <>
              <EditAction btn="auth.pkg.edit" onClick={() => setEditing({ pkg })} />
              <DeleteAction
                btn="auth.pkg.delete"
                onClick={() => confirmDelete(() => remove.saveAsync(pkg), pkg.pkg_title)}
              />
            </>
          )),
        ]}
      />
      <PkgFormModal
        key={editing?.pkg?.pkg_id ?? 'new'}
        open={editing !== null}
        pkg={editing?.pkg ?? null}
        onClose={() => setEditing(null)}
      />
    </ListPage>
  );
}
