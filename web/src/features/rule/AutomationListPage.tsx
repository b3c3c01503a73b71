import { PlusOutlined } from '@ant-design/icons';
import type { TAutomation } from '@parley/contracts';
import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/rulesStrings';
import { automationApi } from '../../api/rule';
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
import { automationPaths, ruleKeys, useAutomations } from './queries';

/** Settings › Automations: the order they run in each hour (drag), on or off, uses, latest failure. */
export function AutomationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useAutomations();
  const mayEdit = usePermission().can('btn', 'automation.edit');
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (x: TAutomation, opts) => automationApi.delete([x.automation_id], opts),
    invalidate: [ruleKeys.automations],
    successKey: 'deleted',
  });
  const reorder = useSave({
    call: (ids: number[], opts) => automationApi.order(ids, opts),
    invalidate: [ruleKeys.automations],
  });
  return (
    <ListPage
      subtitle={t('rule.automation_subtitle')}
      actions={
        <Can btn="automation.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={automationPaths.add}>
            {t('rule.add_automation')}
          </LinkButton>
        </Can>
      }
    >
      <OrderedTable<TAutomation>
        rows={query.data?.list ?? []}
        idOf={(x) => x.automation_id}
        loading={query.isFetching}
        empty={t('rule.empty_automations')}
        canMove={mayEdit}
        onMove={reorder.save}
        columns={[
          {
            title: t('rule.title'),
            dataIndex: 'title',
          },
          {
            title: t('common.state'),
            width: 100,
            render: (_: unknown, x: TAutomation) => (
              <ActiveSwitch
                rule={x}
                mayEdit={mayEdit}
                call={(input, opts) =>
                  automationApi.edit({ ...input, automation_id: x.automation_id, schedule_id: x.schedule_id }, opts)
                }
              />
            ),
          },
          { title: t('rule.usage'), dataIndex: 'usage_30d', width: 130 },
          {
            title: t('rule.last_error'),
            width: 260,
            render: (_: unknown, x: TAutomation) =>
              x.last_error ? (
                <Typography.Text type="danger" ellipsis={{ tooltip: x.last_error }}>
                  {x.last_error}
                </Typography.Text>
              ) : null,
          },
          actionsColumn<TAutomation>(t('common.actions'), 190, (x) => (
            <>
              <EditAction
                btn="automation.edit"
                onClick={() => void navigate(automationPaths.edit, { state: editState(x.automation_id) })}
              />
              <DeleteAction btn="automation.delete" onClick={() => confirmDelete(() => remove.saveAsync(x), x.title)} />
            </>
          )),
        ]}
      />
    </ListPage>
  );
}
