import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TBanned, TBannedType } from '@parley/contracts';
import { Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { bannedApi } from '../../api/banned';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { actionsColumn, DeleteAction } from '../../components/RowActions';
import { SearchBox } from '../../components/SearchBox';
import { Segmented } from '../../components/Segmented';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useFormatTime } from '../../components/useFormatTime';
import { useListParams } from '../../components/useListParams';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { bannedKeys, bannedPaths, useBannedList } from './queries';

const bannedTypes: readonly string[] = ['ip', 'email'];

/** Settings › Banned: IP addresses, emails and domains whose tickets and chats are refused. */
export function BannedListPage() {
  const { t } = useTranslation();
  const { can } = usePermission();
  const formatTime = useFormatTime();
  const list = useListParams(['black_type']);
  const blackType = bannedTypes.includes(list.filters.black_type ?? '')
    ? (list.filters.black_type as TBannedType)
    : undefined;
  const query = useBannedList({ kw: list.kw, black_type: blackType, offset: list.offset, limit: list.limit });
  const types = useEnum('black_type');
  const [selected, setSelected] = useState<number[]>([]);
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (ids: number[], opts) => bannedApi.delete(ids, opts),
    invalidate: [bannedKeys.all],
    successKey: 'deleted',
    onSaved: (_result, ids) => {
      setSelected((now) => now.filter((id) => !ids.includes(id)));
      if (query.data && ids.length >= query.data.list.length) {
        list.backOnePage();
      }
    },
  });
  const mayDelete = can('btn', 'black.delete');

  return (
    <ListPage
      subtitle={t('banned.subtitle')}
      actions={
        <>
          {mayDelete && selected.length > 0 && (
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => confirmDelete(() => remove.saveAsync(selected))}
            >
              {t('banned.delete_selected', { count: selected.length })}
            </Button>
          )}
          <Can btn="black.add">
            <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={bannedPaths.add}>
              {t('banned.add')}
            </LinkButton>
          </Can>
        </>
      }
      filters={
        <>
          <Segmented
            aria-label={t('banned.type')}
            value={blackType ?? ''}
            options={[{ value: '', label: t('common.all') }, ...types.options]}
            onChange={(value) => list.setFilter('black_type', value || undefined)}
          />
          <SearchBox value={list.kw} onSearch={list.setKw} placeholder={t('banned.search')} />
        </>
      }
    >
      <Table<TBanned>
        rowKey="black_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '' || blackType !== undefined, t('banned.empty'))}
        rowSelection={
          mayDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined
        }
        scroll={{ x: 720 }}
        columns={[
          {
            title: t('banned.value'),
            dataIndex: 'black_value',
            render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
          },
          {
            title: t('banned.type'),
            dataIndex: 'black_type',
            width: 170,
            render: (type: TBannedType) => <Tag color={type === 'ip' ? 'orange' : 'magenta'}>{types.label(type)}</Tag>,
          },
          {
            title: t('banned.reason'),
            dataIndex: 'reason',
            ellipsis: true,
            render: (reason: string) =>
              reason || <Typography.Text type="secondary">{t('common.none')}</Typography.Text>,
          },
          { title: t('common.created'), dataIndex: 'create_ts', width: 190, render: (ts: number) => formatTime(ts) },
          actionsColumn<TBanned>(t('common.actions'), 110, (entry) => (
            <DeleteAction
              btn="black.delete"
              onClick={() => confirmDelete(() => remove.saveAsync([entry.black_id]), entry.black_value)}
            />
          )),
        ]}
      />
    </ListPage>
  );
}
