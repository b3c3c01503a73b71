import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { reportChannels } from '@parley/contracts';
import { Button, Flex, Input, Result, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import '../../i18n/reportStrings';
import { useEnum } from '../../components/enumOptions';
import { PageHeader } from '../../components/PageHeader';
import { useAgentsWithSuspended } from '../../pickers/accountQueries';
import { useStaffNames } from '../ticket/shared/useNames';
import { type TReportFilters, useReportFilters } from './queries';
import { useReportFormat } from './useReportFormat';

/** The filters every report takes; `range` false where the report is "as of now" or fixed. */
function ReportFilters({ range = true }: { range?: boolean }) {
  const { t } = useTranslation();
  const { filters, set, ranges } = useReportFilters();
  const rangeLabels = useEnum('time_range');
  const sources = useEnum('ticket_source');
  const names = useStaffNames();
  // Past work of agents suspended since is in the figures: they can be picked too, marked so.
  const agents = useAgentsWithSuspended();
  const agentOptions = (agents.data ?? []).map((a) => {
    const name = a.alias_name || a.real_name || a.email;
    return {
      value: a.account_id,
      label: a.access_state === 'suspended' ? t('report.agent_suspended', { name }) : name,
    };
  });
  const [tag, setTag] = useState(filters.tag ?? '');
  useEffect(() => setTag(filters.tag ?? ''), [filters.tag]);
  return (
    <Flex gap={8} wrap data-report-filters>
      {range && (
        <Select
          aria-label={t('report.range')}
          style={{ width: 170 }}
          value={filters.time_range}
          options={ranges.map((r) => ({ value: r, label: rangeLabels.label(r) }))}
          onChange={(value) => set({ range: value })}
        />
      )}
      <Select
        aria-label={t('report.group')}
        style={{ width: 180 }}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('report.all_groups')}
        value={filters.group_id}
        options={names.groupOptions}
        onChange={(value?: number) => set({ group_id: value })}
      />
      <Select
        aria-label={t('report.agent')}
        style={{ width: 180 }}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('report.all_agents')}
        value={filters.assignee_id}
        options={agentOptions}
        onChange={(value?: number) => set({ assignee_id: value })}
      />
      <Select
        aria-label={t('report.channel')}
        style={{ width: 150 }}
        allowClear
        placeholder={t('report.all_channels')}
        value={filters.source}
        options={reportChannels.map((c) => ({ value: c, label: sources.label(c) }))}
        onChange={(value?: string) => set({ source: value })}
      />
      <Input.Search
        aria-label={t('report.tag')}
        style={{ width: 180 }}
        allowClear
        placeholder={t('report.tag_placeholder')}
        // Its button named for a screen reader ("Filter by this tag"), not only a magnifier.
        enterButton={<Button aria-label={t('report.tag_apply')} icon={<SearchOutlined aria-hidden />} />}
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        onSearch={(value) => set({ tag: value.trim().toLowerCase() || undefined })}
      />
    </Flex>
  );
}

interface TLoaded<D> {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
  refetch: () => unknown;
}

/**
 * A report screen: its title, when the figures were read, the filters, then the report itself
 * once loaded (a skeleton while loading, an error with a retry when the call failed).
 */
export function ReportFrame<D>({
  query,
  range = true,
  filters = true,
  children,
}: {
  query: TLoaded<D>;
  range?: boolean;
  /** False for reports that are not about tickets (rule usage). */
  filters?: boolean;
  children: (data: D) => ReactNode;
}) {
  const { t } = useTranslation();
  const format = useReportFormat();
  const updated = query.dataUpdatedAt ? format.relative(query.dataUpdatedAt) : null;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200, margin: '0 auto' }} data-report-busy={query.isFetching}>
      <PageHeader
        subtitle={updated ? t('report.updated', { time: updated }) : undefined}
        actions={
          <Button icon={<ReloadOutlined aria-hidden />} loading={query.isFetching} onClick={() => query.refetch()}>
            {t('report.refresh')}
          </Button>
        }
      />
      {filters && <ReportFilters range={range} />}
      {query.data !== undefined ? (
        children(query.data)
      ) : query.isError ? (
        <Result
          status="error"
          title={t('report.load_failed')}
          extra={<Button onClick={() => query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
      {query.data !== undefined && query.isError && (
        <Typography.Text type="danger">{t('report.load_failed')}</Typography.Text>
      )}
    </Flex>
  );
}

export type { TReportFilters };
