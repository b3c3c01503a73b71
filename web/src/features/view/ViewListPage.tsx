import { PlusOutlined } from '@ant-design/icons';
import type { TViewSetting } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { viewApi } from '../../api/view';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { ticketKeys } from '../ticket/shared/queries';
import { useStaffNames } from '../ticket/shared/useNames';
import { useViewList, viewKeys, viewPaths } from './queries';
import { DragHandle, SortableRow, SortableRows } from './SortableRows';

/** Settings › Views: every shared view and the caller's own, in the sidebar's order, dragged to reorder. */
export function ViewListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useViewList();
  const staff = useStaffNames();
  const mayEdit = usePermission().can('btn', 'view.edit');
  const { confirmDelete } = useConfirm();
  const rows = query.data?.list ?? [];
  const remove = useSave({
    call: (view: TViewSetting, opts) => viewApi.delete([view.view_id], opts),
    invalidate: [viewKeys.all, ticketKeys.views],
    successKey: 'deleted',
  });
  const reorder = useSave({
    call: (ids: number[], opts) => viewApi.sort(ids, opts),
    invalidate: [viewKeys.all, ticketKeys.views],
  });
  const move = (ids: number[]) => {
    // Shown in the new order at once; the server's order comes back with the refresh.
    const byId = new Map(rows.map((r) => [r.view_id, r]));
    queryClient.setQueryData(viewKeys.list, { list: ids.map((id) => byId.get(id) as TViewSetting) });
    reorder.save(ids);
  };
  const shareText = (view: TViewSetting) =>
    view.share_type === 'group'
      ? `${t('view.share_group')}: ${staff.group(view.group_id) ?? ''}`
      : t(`view.share_${view.share_type}`);

  const table = (
    <Table<TViewSetting>
      rowKey="view_id"
      size="middle"
      loading={query.isFetching}
      dataSource={rows}
      pagination={false}
      locale={tableEmpty(t, false, t('view.empty'))}
      components={mayEdit ? { body: { row: SortableRow } } : undefined}
      scroll={{ x: 720 }}
      columns={[
        ...(mayEdit ? [{ key: 'drag', width: 48, render: () => <DragHandle label={t('view.drag')} /> }] : []),
        {
          title: t('view.title'),
          dataIndex: 'title',
          // A long title without spaces breaks where it must, rather than push the actions out of sight.
          onCell: () => ({ style: { overflowWrap: 'anywhere' } }),
          render: (title: string, view) =>
            view.view_state === 'active' ? title : <Typography.Text type="secondary">{title}</Typography.Text>,
        },
        {
          title: t('view.active'),
          dataIndex: 'view_state',
          width: 110,
          render: (state: string) => (
            <Tag color={state === 'active' ? 'green' : 'default'}>{t(`view.state_${state}`)}</Tag>
          ),
        },
        { title: t('view.share'), key: 'share', width: 200, render: (_, view) => shareText(view) },
        { title: t('view.columns'), key: 'columns', width: 100, render: (_, view) => view.columns.length },
        actionsColumn<TViewSetting>(t('common.actions'), 180, (view) => (
          <>
            <EditAction
              btn="view.edit"
              onClick={() => void navigate(viewPaths.edit, { state: editState(view.view_id) })}
            />
            <DeleteAction btn="view.delete" onClick={() => confirmDelete(() => remove.saveAsync(view), view.title)} />
          </>
        )),
      ]}
    />
  );

  return (
    <ListPage
      subtitle={t('view.subtitle')}
      width={1000}
      actions={
        <Can btn="view.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={viewPaths.add}>
            {t('view.add')}
          </LinkButton>
        </Can>
      }
    >
      {mayEdit ? (
        <SortableRows ids={rows.map((r) => r.view_id)} onMove={move}>
          {table}
        </SortableRows>
      ) : (
        table
      )}
    </ListPage>
  );
}
