import { PlusOutlined } from '@ant-design/icons';
import type { TNote } from '@parley/contracts';
import { Table } from 'antd';
import { useNavigate } from 'react-router';
import { noteApi } from '../../api/note';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { SearchBox } from '../../components/SearchBox';
import { tableEmpty } from '../../components/tableEmpty';
import { useConfirm } from '../../components/useConfirm';
import { useListParams } from '../../components/useListParams';
import { useSave } from '../../components/useSave';
import { useTranslation } from '../../i18n/useTranslation';
import { useStaffNames } from '../ticket/shared/useNames';
import { noteKeys, notePaths, useNoteList } from './queries';

/** Settings › Macros: the notes agents apply to tickets in one click, with how often each was used. */
export function NoteListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = useNoteList({ kw: list.kw, offset: list.offset, limit: list.limit });
  const staff = useStaffNames();
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (note: TNote, opts) => noteApi.delete([note.note_id], opts),
    invalidate: [noteKeys.all],
    successKey: 'deleted',
    onSaved: () => {
      if (query.data?.list.length === 1) {
        list.backOnePage();
      }
    },
  });
  const shareText = (note: TNote) =>
    note.share_type === 'group'
      ? `${t('view.share_group')}: ${staff.group(note.group_id) ?? ''}`
      : t(`view.share_${note.share_type}`);

  return (
    <ListPage
      subtitle={t('note.subtitle')}
      width={1000}
      actions={
        <Can btn="note.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={notePaths.add}>
            {t('note.add')}
          </LinkButton>
        </Can>
      }
      filters={<SearchBox value={list.kw} onSearch={list.setKw} placeholder={t('note.search')} />}
    >
      <Table<TNote>
        rowKey="note_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '', t('note.empty'))}
        scroll={{ x: 720 }}
        columns={[
          { title: t('note.title'), dataIndex: 'title' },
          { title: t('note.share'), key: 'share', width: 220, render: (_, note) => shareText(note) },
          { title: t('note.usage'), dataIndex: 'usage_count', width: 110, align: 'right' },
          actionsColumn<TNote>(t('common.actions'), 180, (note) => (
            <>
              <EditAction
                btn="note.edit"
                onClick={() => void navigate(notePaths.edit, { state: editState(note.note_id) })}
              />
              <DeleteAction btn="note.delete" onClick={() => confirmDelete(() => remove.saveAsync(note), note.title)} />
            </>
          )),
        ]}
      />
    </ListPage>
  );
}
