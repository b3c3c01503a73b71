import { slaMetrics, type TSlaMetric, type TSlaPolicyInput } from '@parley/contracts';
import { InputNumber, Table, Tooltip, Typography } from 'antd';
import { useEnum } from '../../components/enumOptions';
import { useTranslation } from '../../i18n/useTranslation';

export type TTargets = NonNullable<TSlaPolicyInput['targets']>;
type TPriority = keyof TTargets;
const priorities: TPriority[] = ['urgent', 'high', 'normal', 'low'];

/** Minutes per priority and metric, a grid of number boxes (empty: no target). */
export function TargetsEditor({ value = {}, onChange }: { value?: TTargets; onChange?: (value: TTargets) => void }) {
  const { t } = useTranslation();
  const priority = useEnum('ticket_priority');
  const set = (p: TPriority, m: TSlaMetric, minutes: number | null) =>
    onChange?.({ ...value, [p]: { ...value[p], [m]: minutes } });
  return (
    <Table<{ p: TPriority }>
      data-testid="sla-targets"
      size="small"
      pagination={false}
      rowKey="p"
      dataSource={priorities.map((p) => ({ p }))}
      scroll={{ x: 760 }}
      columns={[
        { title: t('sla.priority'), width: 110, render: (_: unknown, { p }) => priority.label(p) },
        ...slaMetrics.map((m) => ({
          key: m,
          title: (
            <Tooltip title={t(`sla.metric_hint.${m}`)}>
              <span>{t(`sla.metric.${m}`)}</span>
            </Tooltip>
          ),
          render: (_: unknown, { p }: { p: TPriority }) => (
            <InputNumber
              // Not clamped nor rounded on leaving the box (0 became a 1-minute target, 1.5 two
              // minutes, without a word): a number out of range is outlined and refused on saving.
              style={{ width: '100%' }}
              status={isMinutes(cell(value, p, m)) ? undefined : 'error'}
              value={cell(value, p, m)}
              onChange={(v) => set(p, m, typeof v === 'number' ? v : null)}
              suffix={<Typography.Text type="secondary">{t('sla.minutes')}</Typography.Text>}
              aria-label={`${priority.label(p)} ${t(`sla.metric.${m}`)}`}
            />
          ),
        })),
      ]}
    />
  );
}

const cell = (value: TTargets, p: TPriority, m: TSlaMetric): number | null =>
  (value[p] as Partial<Record<TSlaMetric, number | null>> | undefined)?.[m] ?? null;

/** Empty, or whole minutes from 1 to a year (the contract's `ZMinutes`). */
const isMinutes = (v: number | null) => v === null || (Number.isInteger(v) && v >= 1 && v <= 525_600);

/** Whether every target is whole minutes from 1 to a year (or empty). */
export function targetsValid(targets: TTargets): boolean {
  return priorities.every((p) => slaMetrics.every((m) => isMinutes(cell(targets, p, m))));
}

/** How many targets a policy sets. */
export function targetCount(targets: TTargets): number {
  return Object.values(targets).reduce(
    (n, row) => n + Object.values(row ?? {}).filter((m) => typeof m === 'number').length,
    0,
  );
}

/** A cell of the grid by the rest of a failure's name (`urgent.first_reply`): "Urgent first reply". */
export function useTargetNames(): (rest: string) => string | undefined {
  const { t } = useTranslation();
  const priority = useEnum('ticket_priority');
  return (rest) => {
    const [p, m] = rest.split('.');
    if (!priorities.includes(p as TPriority)) {
      return undefined;
    }
    return slaMetrics.includes(m as TSlaMetric)
      ? `${priority.label(p as TPriority)} ${t(`sla.metric.${m}`)}`
      : priority.label(p as TPriority);
  };
}
