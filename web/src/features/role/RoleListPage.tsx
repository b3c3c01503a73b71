import { PlusOutlined } from '@ant-design/icons';
import type { TRole, TRoleState } from '@parley/contracts';
import { Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, EditAction } from '../../components/RowActions';
import { SearchBox } from '../../components/SearchBox';
import { Segmented } from '../../components/Segmented';
import { tableEmpty } from '../../components/tableEmpty';
import { useListParams } from '../../components/useListParams';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { rolePaths, useRoleList } from './queries';
import { RoleStateSwitch } from './RoleStateSwitch';

/** Settings › Roles and permissions: active roles by default, inactive ones a click away. */
export function RoleListPage() {
  const { t } = useTranslation();
  const seeded = useSeeded();
  const navigate = useNavigate();
  const list = useListParams(['role_state']);
  const roleState: TRoleState = list.filters.role_state === 'inactive' ? 'inactive' : 'active';
  const query = useRoleList({ kw: list.kw, role_state: roleState, offset: list.offset, limit: list.limit });
  const states = useEnum('role_state');

  return (
    <ListPage
      subtitle={t('role.subtitle')}
      actions={
        <Can btn="auth.role.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={rolePaths.add}>
            {t('role.add')}
          </LinkButton>
        </Can>
      }
      filters={
        <>
          <Segmented
            aria-label={t('common.state')}
            value={roleState}
            options={states.options}
            onChange={(value) => list.setFilter('role_state', value === 'active' ? undefined : value)}
          />
          <SearchBox value={list.kw} onSearch={list.setKw} />
        </>
      }
    >
      <Table<TRole>
        rowKey="role_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '', t('role.empty'))}
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('role.name'),
            dataIndex: 'role_name',
            render: (name: string, role) => (
              <>
                {seeded.text(name)} {role.is_default && <Tag color="blue">{t('role.default')}</Tag>}
              </>
            ),
          },
          {
            title: t('role.pkgs'),
            dataIndex: 'auth_pkg_ids',
            width: 120,
            render: (ids: number[]) => ids.length,
          },
          {
            title: t('role.members'),
            dataIndex: 'account_ids',
            width: 120,
            render: (ids: number[] | undefined) => ids?.length ?? 0,
          },
          {
            title: t('common.remark'),
            dataIndex: 'remark',
            ellipsis: true,
            render: (remark: string) =>
              (remark && seeded.text(remark)) || <Typography.Text type="secondary">{t('common.none')}</Typography.Text>,
          },
          {
            title: t('common.state'),
            dataIndex: 'role_state',
            width: 140,
            render: (_, role) => <RoleStateSwitch role={role} />,
          },
          actionsColumn<TRole>(t('common.actions'), 120, (role) => (
            <EditAction
              btn="auth.role.edit"
              onClick={() => void navigate(rolePaths.edit, { state: editState(role.role_id) })}
            />
          )),
        ]}
      />
    </ListPage>
  );
}
