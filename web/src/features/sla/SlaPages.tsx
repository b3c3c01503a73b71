import { PlusOutlined } from '@ant-design/icons';
import { slaMetrics, type TSlaMetric, type TSlaPolicy } from '@parley/contracts';
import { Flex, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/rulesStrings';
import { slaApi } from '../../api/rule';
import { usePermission } from '../../auth/usePermission';
import { Can } from '../../components/Can';
import { useEnum } from '../../components/enumOptions';
import { FormPage } from '../../components/FormPage';
import { LinkButton } from '../../components/LinkButton';
import { ListPage } from '../../components/ListPage';
import { ListRecord } from '../../components/ListRecord';
import { editState, RequireStateId } from '../../components/RequireStateId';
import { actionsColumn, DeleteAction, EditAction } from '../../components/RowActions';
import { useConfirm } from '../../components/useConfirm';
import { formatMinutes } from '../../components/useFormatTime';
import { useSave } from '../../components/useSave';
import { OrderedTable } from '../rule/OrderedTable';
import { useSchedules } from '../schedule/queries';
import { slaKeys, slaPaths, useSlaPolicies } from './queries';
import { SlaForm } from './SlaForm';

const priorities = ['urgent', 'high', 'normal', 'low'] as const;

/**
 * Settings › SLA policies, with its add and edit screens in this one module (one chunk for the
 * three: each chunk costs every page an entry in the preload map). The list: tried from the top
 * (drag), what they measure in, their targets per priority.
 */
export function SlaListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useSlaPolicies();
  const schedules = useSchedules(true);
  const priority = useEnum('ticket_priority');
  const mayEdit = usePermission().can('btn', 'sla.policy.edit');
  const { confirmDelete } = useConfirm();
  const remove = useSave({
    call: (x: TSlaPolicy, opts) => slaApi.delete([x.policy_id], opts),
    invalidate: [slaKeys.policies],
    successKey: 'deleted',
  });
  const reorder = useSave({
    call: (ids: number[], opts) => slaApi.order(ids, opts),
    invalidate: [slaKeys.policies],
  });
  const scheduleName = (id: number | null) =>
    id === null ? t('rule.calendar_hours') : (schedules.data?.list.find((s) => s.schedule_id === id)?.name ?? '');
  const targetsOf = (x: TSlaPolicy) =>
    priorities.flatMap((p) => {
      const row = x.targets[p] as Record<TSlaMetric, number | null>;
      const set = slaMetrics.filter((m) => row[m] !== null);
      return set.length
        ? [
            <div key={p}>
              <Typography.Text strong>{priority.label(p)}</Typography.Text>{' '}
              <Typography.Text type="secondary">
                {set.map((m) => `${t(`sla.metric.${m}`)} ${formatMinutes(t, row[m] as number)}`).join(' · ')}
              </Typography.Text>
            </div>,
          ]
        : [];
    });
  return (
    <ListPage
      subtitle={t('sla.subtitle')}
      actions={
        <Can btn="sla.policy.add">
          <LinkButton type="primary" icon={<PlusOutlined aria-hidden />} to={slaPaths.add}>
            {t('sla.add')}
          </LinkButton>
        </Can>
      }
    >
      <OrderedTable<TSlaPolicy>
        rows={query.data?.list ?? []}
        idOf={(x) => x.policy_id}
        loading={query.isFetching}
        empty={t('sla.empty')}
        canMove={mayEdit}
        onMove={reorder.save}
        columns={[
          {
            title: t('rule.title'),
            width: 240,
            render: (_: unknown, x: TSlaPolicy) => {
              const n = x.conditions.all.length + x.conditions.any.length;
              return (
                <Flex vertical align="start">
                  <span>{x.title}</span>
                  {x.active ? null : <Tag>{t('rule.inactive')}</Tag>}
                  <Typography.Text type="secondary">
                    {n ? t('sla.conditions_count', { count: n }) : t('sla.conditions_none')}
                  </Typography.Text>
                </Flex>
              );
            },
          },
          { title: t('sla.targets'), render: (_: unknown, x: TSlaPolicy) => <div>{targetsOf(x)}</div> },
          {
            title: t('sla.hours_in'),
            width: 220,
            render: (_: unknown, x: TSlaPolicy) => (
              <Flex vertical gap={4} align="start">
                <span>{scheduleName(x.schedule_id)}</span>
                <Tag color={x.pause_pending ? 'blue' : 'default'}>
                  {x.pause_pending ? t('sla.pause_yes') : t('sla.pause_no')}
                </Tag>
              </Flex>
            ),
          },
          actionsColumn<TSlaPolicy>(t('common.actions'), 190, (x) => (
            <>
              <EditAction
                btn="sla.policy.edit"
                onClick={() => void navigate(slaPaths.edit, { state: editState(x.policy_id) })}
              />
              <DeleteAction btn="sla.policy.delete" onClick={() => confirmDelete(() => remove.saveAsync(x), x.title)} />
            </>
          )),
        ]}
      />
    </ListPage>
  );
}

export function SlaAddPage() {
  return (
    <FormPage backTo={slaPaths.list} width={1100}>
      <SlaForm call={(values, opts) => slaApi.add(values, opts)} />
    </FormPage>
  );
}

/** Edit SLA policy: the policy comes from the list (router state). */
export function SlaEditPage() {
  return <RequireStateId listPath={slaPaths.list}>{(id) => <SlaEdit policyId={id} />}</RequireStateId>;
}

function SlaEdit({ policyId }: { policyId: number }) {
  const query = useSlaPolicies();
  const policy = query.data?.list.find((x) => x.policy_id === policyId);
  return (
    <FormPage backTo={slaPaths.list} subtitle={policy?.title} width={1100}>
      <ListRecord query={query} record={policy} backTo={slaPaths.list}>
        {(policy) => (
          <SlaForm policy={policy} call={(values, opts) => slaApi.edit({ ...values, policy_id: policyId }, opts)} />
        )}
      </ListRecord>
    </FormPage>
  );
}
