import { PlusOutlined } from '@ant-design/icons';
import type { TTicketField } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldApi } from '../../api/ticketField';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, EditAction } from '../../components/RowActions';
import { tableEmpty } from '../../components/tableEmpty';
import { useSave } from '../../components/useSave';
import { DragHandle, SortableRow, SortableRows } from '../view/SortableRows';
import { fieldKeys, fieldPaths, useFieldList } from './queries';

/** Settings › Ticket fields: every field in its order (dragged to reorder), its type and who sees it. */
export function FieldListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useFieldList();
  const mayEdit = usePermission().can('btn', 'field.edit');
  const rows = query.data?.list ?? [];
  const reorder = useSave({
    call: (ids: number[], opts) => fieldApi.position(ids, opts),
    invalidate: [fieldKeys.all],
  });
  const move = (ids: number[]) => {
    const byId = new Map(rows.map((r) => [r.field_id, r]));
    queryClient.setQueryData(fieldKeys.list, { list: ids.map((id) => byId.get(id) as TTicketField) });
    reorder.save(ids);
  };
  const yes = (on: boolean) => (on ? t('field.yes') : t('field.no'));

  const table = (
    <Table<TTicketField>
      rowKey="field_id"
      size="middle"
      loading={query.isFetching}
      dataSource={rows}
      pagination={false}
      locale={tableEmpty(t, false, t('field.empty'))}
      components={mayEdit ? { body: { row: SortableRow } } : undefined}
      scroll={{ x: 820 }}
      columns={[
        ...(mayEdit ? [{ key: 'drag', width: 48, render: () => <DragHandle label={t('field.drag')} /> }] : []),
        {
          title: t('field.title'),
          dataIndex: 'title',
          render: (title: string, f) =>
            f.field_state === 'active' ? title : <Typography.Text type="secondary">{title}</Typography.Text>,
        },
        {
          title: t('field.type'),
          dataIndex: 'field_type',
          width: 150,
          render: (type: string) => t(`field.type_${type}`),
        },
        {
          title: t('field.key'),
          dataIndex: 'field_key',
          width: 110,
          render: (k: string) => <Typography.Text code>{k}</Typography.Text>,
        },
        {
          title: t('field.customers'),
          key: 'customers',
          width: 160,
          render: (_, f) =>
            f.customer_editable
              ? t('field.customer_editable')
              : f.customer_visible
                ? t('field.customer_visible')
                : t('field.no'),
        },
        { title: t('field.required_to_solve'), key: 'solve', width: 120, render: (_, f) => yes(f.required_to_solve) },
        {
          title: t('field.state'),
          dataIndex: 'field_state',
          width: 100,
          render: (state: string) => (
            <Tag color={state === 'active' ? 'green' : 'default'}>{t(`field.state_${state}`)}</Tag>
          ),
        },
        actionsColumn<TTicketField>(t('common.actions'), 110, (f) => (
          <EditAction
            btn="field.edit"
            onClick={() => void navigate(fieldPaths.edit, { state: editState(f.field_id) })}
          />
        )),
      ]}
    />
  );

  return (
    <ListPage
      subtitle={t('field.subtitle')}
      width={1100}
      actions={
        <Can btn="field.add">
          <LinkButton type="primary" icon={<PlusOutlined />} to={fieldPaths.add}>
            {t('field.add')}
          </LinkButton>
        </Can>
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('field.load_failed')}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : mayEdit ? (
        <SortableRows ids={rows.map((r) => r.field_id)} onMove={move}>
          {table}
        </SortableRows>
      ) : (
        table
      )}
    </ListPage>
  );
}
