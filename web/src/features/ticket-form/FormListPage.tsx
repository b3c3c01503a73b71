import { PlusOutlined } from '@ant-design/icons';
import type { TTicketForm } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formApi } from '../../api/ticketField';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, EditAction } from '../../components/RowActions';
import { tableEmpty } from '../../components/tableEmpty';
import { useSave } from '../../components/useSave';
import { DragHandle, SortableRow, SortableRows } from '../view/SortableRows';
import { formKeys, formPaths, useFormList } from './queries';

/** Settings › Ticket forms: the default first, then in their order (dragged to reorder). */
export function FormListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useFormList();
  const mayEdit = usePermission().can('btn', 'form.edit');
  const rows = query.data?.list ?? [];
  const reorder = useSave({ call: (ids: number[], opts) => formApi.position(ids, opts), invalidate: [formKeys.all] });
  const move = (ids: number[]) => {
    const byId = new Map(rows.map((r) => [r.form_id, r]));
    queryClient.setQueryData(formKeys.list, { list: ids.map((id) => byId.get(id) as TTicketForm) });
    reorder.save(ids);
  };
  const table = (
    <Table<TTicketForm>
      rowKey="form_id"
      size="middle"
      loading={query.isFetching}
      dataSource={rows}
      pagination={false}
      locale={tableEmpty(t, false, t('form.empty'))}
      components={mayEdit ? { body: { row: SortableRow } } : undefined}
      scroll={{ x: 640 }}
      columns={[
        ...(mayEdit ? [{ key: 'drag', width: 48, render: () => <DragHandle label={t('field.drag')} /> }] : []),
        {
          title: t('form.name'),
          dataIndex: 'form_name',
          render: (name: string, f) => (
            <>
              {f.form_state === 'active' ? name : <Typography.Text type="secondary">{name}</Typography.Text>}
              {f.is_default && (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t('form.is_default')}
                </Tag>
              )}
            </>
          ),
        },
        { title: t('form.field_count'), key: 'fields', width: 100, render: (_, f) => f.field_ids.length },
        { title: t('form.conditions'), key: 'conditions', width: 100, render: (_, f) => f.conditions.length },
        {
          title: t('form.state'),
          dataIndex: 'form_state',
          width: 100,
          render: (state: string) => (
            <Tag color={state === 'active' ? 'green' : 'default'}>{t(`field.state_${state}`)}</Tag>
          ),
        },
        actionsColumn<TTicketForm>(t('common.actions'), 110, (f) => (
          <EditAction btn="form.edit" onClick={() => void navigate(formPaths.edit, { state: editState(f.form_id) })} />
        )),
      ]}
    />
  );
  return (
    <ListPage
      subtitle={t('form.subtitle')}
      width={1000}
      actions={
        <Can btn="form.add">
          <LinkButton type="primary" icon={<PlusOutlined />} to={formPaths.add}>
            {t('form.add')}
          </LinkButton>
        </Can>
      }
    >
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('form.load_failed')}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : mayEdit ? (
        <SortableRows ids={rows.map((r) => r.form_id)} onMove={move}>
          {table}
        </SortableRows>
      ) : (
        table
      )}
    </ListPage>
  );
}
