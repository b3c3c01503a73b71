import { PlusOutlined } from '@ant-design/icons';
import type { TTrigger } from '@parley/contracts';
import { Button, Flex, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/rulesStrings';
import { triggerApi } from '../../api/rule';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { editState } from '../../components/RequireStateId';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { useConfirm } from '../../components/useConfirm';
import { useSave } from '../../components/useSave';
import { ActiveSwitch } from './ActiveSwitch';
import { OrderedTable } from './OrderedTable';
import { ruleKeys, triggerPaths, useTriggers } from './queries';
import { TriggerCategories } from './TriggerCategories';

/** Settings › Triggers: the order they run in (drag), on or off, category, uses, latest failure. */
export function TriggerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useTriggers();
  const mayEdit = usePermission().can('btn', 'trigger.edit');
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (x: TTrigger, opts) => triggerApi.delete([x.trigger_id], opts),
    invalidate: [ruleKeys.triggers],
    successKey: 'deleted',
  });
  const reorder = useSave({
    call: (ids: number[], opts) => triggerApi.order(ids, opts),
    invalidate: [ruleKeys.triggers],
  });
  const categories = query.data?.categories ?? [];
  const categoryName = (id: number | null) => categories.find((c) => c.category_id === id)?.name;
  const [managing, setManaging] = useState(false);
  /** One category's triggers (null: every trigger). They keep the order they run in. */
  const [shown, setShown] = useState<number | 'none' | null>(null);
  const rows = (query.data?.list ?? []).filter(
    (x) => shown === null || (shown === 'none' ? x.category_id === null : x.category_id === shown),
  );
  return (
    <ListPage
      subtitle={t('rule.trigger_subtitle')}
      actions={
        <Space>
          <Can btn="trigger.edit">
            <Button onClick={() => setManaging(true)}>{t('rule.categories')}</Button>
          </Can>
          <Can btn="trigger.add">
            <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={triggerPaths.add}>
              {t('rule.add_trigger')}
            </LinkButton>
          </Can>
        </Space>
      }
      filters={
        categories.length > 0 && (
          <Select<number | 'none' | null>
            value={shown}
            onChange={setShown}
            style={{ minWidth: 220 }}
            aria-label={t('rule.category')}
            options={[
              { value: null, label: t('rule.all_categories') },
              ...categories.map((c) => ({ value: c.category_id, label: c.name })),
              { value: 'none', label: t('rule.no_category') },
            ]}
          />
        )
      }
    >
      <TriggerCategories open={managing} onClose={() => setManaging(false)} categories={categories} />
      <OrderedTable<TTrigger>
        rows={rows}
        idOf={(x) => x.trigger_id}
        loading={query.isFetching}
        empty={t('rule.empty_triggers')}
        // The order is the whole list's: it is changed with every trigger in sight.
        canMove={mayEdit && shown === null}
        onMove={reorder.save}
        columns={[
          {
            title: t('rule.title'),
            render: (_: unknown, x: TTrigger) => (
              <Flex vertical>
                <span>{x.title}</span>
                {x.category_id !== null && (
                  <Typography.Text type="secondary">{categoryName(x.category_id)}</Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('common.state'),
            width: 100,
            render: (_: unknown, x: TTrigger) => (
              <ActiveSwitch
                rule={x}
                mayEdit={mayEdit}
                call={(input, opts) =>
                  triggerApi.edit({ ...input, trigger_id: x.trigger_id, category_id: x.category_id }, opts)
                }
              />
            ),
          },
          { title: t('rule.usage'), dataIndex: 'usage_30d', width: 130 },
          {
            title: t('rule.last_error'),
            width: 260,
            render: (_: unknown, x: TTrigger) =>
              x.last_error ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: x.last_error }}>
                  {x.last_error}
                </Typography.Text>
              ) : null,
          },
          actionsColumn<TTrigger>(t('common.actions'), 190, (x) => (
            <>
              <EditAction
                btn="trigger.edit"
                onClick={() => void navigate(triggerPaths.edit, { state: editState(x.trigger_id) })}
              />
              <DeleteAction btn="trigger.delete" onClick={() => confirmDelete(() => remove.saveAsync(x), x.title)} />
            </>
          )),
        ]}
      />
    </ListPage>
  );
}
