import { useTranslation } from '../../i18n/useTranslation';
import { seriesOption } from './chartOption';
import { useReport, useReportFilters } from './queries';
import { ReportFrame } from './ReportFrame';
import { ReportSection } from './ReportSection';
import { useReportFormat } from './useReportFormat';

/** Ticket updates per agent per day (hour, week or month by range): one line per agent. */
export function AgentUpdatesPage() {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const query = useReport('agent_updates', filters);
  const format = useReportFormat();
  return (
    <ReportFrame query={query}>
      {(d) => {
        // Each bucket ends where the next starts (the last at the range's end): the first is often part of a week or month.
        const ends = d.buckets.map((_, i) => d.buckets[i + 1] ?? d.range.to_ts);
        const labels = d.buckets.map((b, i) => format.bucket(b, filters.time_range, ends[i]));
        return (
          <ReportSection
            title={t('report.updates.title')}
            fileName="agent-updates"
            empty={d.list.length === 0}
            option={seriesOption(
              labels,
              d.list.slice(0, 8).map((r) => ({ name: r.agent_name, data: r.counts, type: 'line' as const })),
            )}
            rows={d.list}
            rowKey={(r) => r.agent_id}
            columns={[
              { key: 'agent', title: t('report.agent'), value: (r) => r.agent_name },
              { key: 'total', title: t('report.updates.total'), value: (r) => r.total, align: 'right' },
              ...labels.map((label, i) => ({
                key: `b${i}`,
                title: label,
                csvTitle: format.bucketPeriod(d.buckets[i] ?? 0, filters.time_range, ends[i]),
                value: (r: (typeof d.list)[number]) => r.counts[i] ?? 0,
                align: 'right' as const,
              })),
            ]}
          />
        );
      }}
    </ReportFrame>
  );
}
