import { MergeCellsOutlined, PlusOutlined } from '@ant-design/icons';
import type { TTagItem } from '@parley/contracts';
import { Alert, Button, Flex, Table } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { tagApi } from '../../api/tag';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { SearchBox } from '../../components/SearchBox';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useListParams } from '../../components/useListParams';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { ticketKeys, ticketPaths } from '../ticket/shared/queries';
import { tagKeys, tagPaths, tagState, useTagList } from './queries';
import { TagMergeModal } from './TagMergeModal';

const countText = (tag: TTagItem) => (tag.count_estimated ? `${tag.ticket_count.toLocaleString()}+` : tag.ticket_count);

/** Settings › Tags: every tag with its number of tickets; rename, merge and delete follow on every ticket. */
export function TagListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = useTagList({ kw: list.kw, offset: list.offset, limit: list.limit });
  const [selected, setSelected] = useState<string[]>([]);
  const [merging, setMerging] = useState<string[] | null>(null);
  const { confirmDelete } = useConfirm();
  const enabled = query.data?.enable_tag !== false;
  const remove = useSave({
    call: (names: string[], opts) => tagApi.delete(names, opts),
    invalidate: [tagKeys.all, ticketKeys.all],
    successKey: 'deleted',
    onSaved: () => setSelected([]),
  });

  return (
    <ListPage
      subtitle={t('tag.subtitle')}
      width={900}
      actions={
        <Can btn="tag.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={tagPaths.add} disabled={!enabled}>
            {t('tag.add')}
          </LinkButton>
        </Can>
      }
      filters={
        <Flex gap={8} wrap>
          <SearchBox value={list.kw} onSearch={list.setKw} placeholder={t('tag.search')} />
          <Can btn="tag.edit">
            <Button
              icon={<MergeCellsOutlined aria-hidden />}
              disabled={!enabled || selected.length < 2}
              onClick={() => setMerging(selected)}
            >
              {t('tag.merge')}
            </Button>
          </Can>
          <Can btn="tag.delete">
            <Button
              danger
              disabled={!enabled || selected.length === 0}
              onClick={() => confirmDelete(() => remove.saveAsync(selected), selected.join(', '))}
            >
              {t('tag.delete_selected')}
            </Button>
          </Can>
        </Flex>
      }
    >
      {!enabled && (
        <Alert
          type="warning"
          showIcon
          title={t('tag.disabled')}
          description={<Link to="/wswt/setting/ticket">{t('tag.open_settings')}</Link>}
        />
      )}
      <Table<TTagItem>
        rowKey="tag_name"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '', t('tag.empty'))}
        rowSelection={
          enabled ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) } : undefined
        }
        columns={[
          {
            title: t('tag.name'),
            dataIndex: 'tag_name',
            render: (name: string) => (
              <Link to={`${ticketPaths.search}?kw=${encodeURIComponent(`tag:${name}`)}`}>{name}</Link>
            ),
          },
          { title: t('tag.tickets'), key: 'count', width: 140, align: 'right', render: (_, tag) => countText(tag) },
          actionsColumn<TTagItem>(t('common.actions'), 180, (tag) =>
            enabled ? (
              <>
                <EditAction
                  btn="tag.edit"
                  onClick={() => void navigate(tagPaths.edit, { state: tagState(tag.tag_name) })}
                />
                <DeleteAction
                  btn="tag.delete"
                  onClick={() => confirmDelete(() => remove.saveAsync([tag.tag_name]), tag.tag_name)}
                />
              </>
            ) : null,
          ),
        ]}
      />
      <TagMergeModal
        tagNames={merging}
        options={merging ?? []}
        onClose={(merged) => {
          setMerging(null);
          if (merged) {
            setSelected([]);
          }
        }}
      />
    </ListPage>
  );
}
