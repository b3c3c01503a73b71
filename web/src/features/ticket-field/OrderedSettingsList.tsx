import { PlusOutlined } from '@ant-design/icons';
import type { TBtnNode } from '@parley/contracts';
import { type QueryKey, type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { RetryAlert } from '../../components/RetryAlert';
import { actionsColumn, EditAction } from '../../components/RowActions';
import { tableEmpty } from '../../components/tableEmpty';
import type { TSaveCallOptions } from '../../components/useSave';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { DragHandle, SortableRow, SortableRows } from '../view/SortableRows';

/**
 * A settings list whose rows an admin orders by dragging (ticket fields, ticket forms): the add
 * button, the table with a drag grip and an edit action per row for those who may edit, the new
 * order shown at once and saved in one call, an error with a retry.
 */
export function OrderedSettingsList<T extends object>({
  query,
  listKey,
  idOf,
  position,
  invalidate,
  btn,
  addTo,
  texts,
  columns,
  onEdit,
  width,
  scrollX,
}: {
  query: UseQueryResult<{ list: T[] }>;
  /** The list's query key: the dragged order is written there before the call answers. */
  listKey: QueryKey;
  idOf: (row: T) => number;
  position: (ids: number[], opts: TSaveCallOptions) => Promise<unknown>;
  invalidate: QueryKey[];
  /** The button nodes of adding and editing one. */
  btn: { add: TBtnNode; edit: TBtnNode };
  addTo: string;
  texts: { subtitle: string; add: string; empty: string; loadFailed: string };
  columns: ColumnsType<T>;
  onEdit: (row: T) => void;
  width: number;
  scrollX: number;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayEdit = usePermission().can('btn', btn.edit);
  const rows = query.data?.list ?? [];
  const reorder = useSave({ call: (ids: number[], opts) => position(ids, opts), invalidate });
  const move = (ids: number[]) => {
    const byId = new Map(rows.map((r) => [idOf(r), r]));
    queryClient.setQueryData(listKey, { list: ids.map((id) => byId.get(id) as T) });
    reorder.save(ids);
  };
  const table = (
    <Table<T>
      rowKey={(row) => idOf(row)}
      size="middle"
      loading={query.isFetching}
      dataSource={rows}
      pagination={false}
      locale={tableEmpty(t, false, texts.empty)}
      components={mayEdit ? { body: { row: SortableRow } } : undefined}
      scroll={{ x: scrollX }}
      columns={[
        ...(mayEdit ? [{ key: 'drag', width: 48, render: () => <DragHandle label={t('field.drag')} /> }] : []),
        ...columns,
        actionsColumn<T>(t('common.actions'), 110, (row) => <EditAction btn={btn.edit} onClick={() => onEdit(row)} />),
      ]}
    />
  );
  return (
    <ListPage
      subtitle={texts.subtitle}
      width={width}
      actions={
        <Can btn={btn.add}>
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={addTo}>
            {texts.add}
          </LinkButton>
        </Can>
      }
    >
      {query.isError ? (
        <RetryAlert title={texts.loadFailed} onRetry={query.refetch} />
      ) : mayEdit ? (
        <SortableRows ids={rows.map(idOf)} onMove={move}>
          {table}
        </SortableRows>
      ) : (
        table
      )}
    </ListPage>
  );
}

/** Active or inactive, as a tag (fields and forms alike). */
export function stateColumn<T>(title: string, dataIndex: keyof T & string, t: (key: string) => string) {
  return {
    title,
    dataIndex,
    width: 100,
    render: (state: string) => <Tag color={state === 'active' ? 'green' : 'default'}>{t(`field.state_${state}`)}</Tag>,
  };
}
