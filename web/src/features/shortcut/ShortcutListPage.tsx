import { PlusOutlined } from '@ant-design/icons';
import type { TAllowType, TShortcut } from '@parley/contracts';
import { Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { shortcutApi } from '../../api/shortcut';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
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
import { shortcutKeys, shortcutPaths, useShortcutList } from './queries';

/** Settings › Shortcuts: canned chat replies, the caller's own and those shared with all agents. */
export function ShortcutListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = useShortcutList({ kw: list.kw, offset: list.offset, limit: list.limit });
  const allowLabel = useEnum('allow_type').label;
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (shortcut: TShortcut, opts) => shortcutApi.delete([shortcut.shortcut_id], opts),
    invalidate: [shortcutKeys.all],
    successKey: 'deleted',
    onSaved: () => {
      if (query.data?.list.length === 1) {
        list.backOnePage();
      }
    },
  });

  return (
    <ListPage
      subtitle={t('shortcut.subtitle')}
      actions={
        <Can btn="shortcut.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={shortcutPaths.add}>
            {t('shortcut.add')}
          </LinkButton>
        </Can>
      }
      filters={<SearchBox value={list.kw} onSearch={list.setKw} placeholder={t('shortcut.search')} />}
    >
      <Table<TShortcut>
        rowKey="shortcut_id"
        size="middle"
        loading={query.isFetching}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        locale={tableEmpty(t, list.kw !== '', t('shortcut.empty'))}
        scroll={{ x: 720 }}
        columns={[
          { title: t('shortcut.title'), dataIndex: 'title', width: 240 },
          {
            title: t('shortcut.message'),
            dataIndex: 'message',
            ellipsis: true,
            render: (message: string) =>
              message || <Typography.Text type="secondary">{t('common.none')}</Typography.Text>,
          },
          {
            title: t('shortcut.allow_type'),
            dataIndex: 'allow_type',
            width: 130,
            render: (type: TAllowType) => <Tag color={type === 'all' ? 'green' : 'default'}>{allowLabel(type)}</Tag>,
          },
          actionsColumn<TShortcut>(t('common.actions'), 200, (shortcut) => (
            <>
              <EditAction
                btn="shortcut.edit"
                onClick={() => void navigate(shortcutPaths.edit, { state: editState(shortcut.shortcut_id) })}
              />
              <DeleteAction
                btn="shortcut.delete"
                onClick={() => confirmDelete(() => remove.saveAsync(shortcut), shortcut.title)}
              />
            </>
          )),
        ]}
      />
    </ListPage>
  );
}
