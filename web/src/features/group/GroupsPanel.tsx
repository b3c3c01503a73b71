import type { TGroup } from '@parley/contracts';
import { Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, EditAction } from '../../components/RowActions';
import { SearchBox } from '../../components/SearchBox';
import { Toolbar } from '../../components/Toolbar';
import { tableEmpty } from '../../components/tableEmpty';
import { useListParams } from '../../components/useListParams';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { groupPaths, useGroupList } from './queries';

/** Agent groups (tickets can be assigned to a group). */
export function GroupsPanel() {
  const { t } = useTranslation();
  const seeded = useSeeded();
  const navigate = useNavigate();
  const list = useListParams();
  const query = useGroupList({ kw: list.kw, offset: list.offset, limit: list.limit });

  return (
    <>
      <Toolbar>
        <SearchBox value={list.kw} onSearch={list.setKw} placeholder={t('group.search')} />
      </Toolbar>
      <Table<TGroup>
        rowKey="group_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '', t('group.empty'))}
        scroll={{ x: 640 }}
        columns={[
          {
            title: t('group.name'),
            dataIndex: 'group_name',
            render: (name: string, group) => (
              <>
                {seeded.text(name)} {group.is_default && <Tag color="blue">{t('group.default')}</Tag>}
              </>
            ),
          },
          {
            title: t('group.members'),
            dataIndex: 'account_ids',
            width: 120,
            render: (ids: number[]) => ids.length,
          },
          {
            title: t('common.remark'),
            dataIndex: 'remark',
            ellipsis: true,
            render: (remark: string) =>
              (remark && seeded.text(remark)) || <Typography.Text type="secondary">{t('common.none')}</Typography.Text>,
          },
          actionsColumn<TGroup>(t('common.actions'), 120, (group) => (
            <EditAction
              btn="auth.group.edit"
              onClick={() => void navigate(groupPaths.edit, { state: editState(group.group_id) })}
            />
          )),
        ]}
      />
    </>
  );
}
