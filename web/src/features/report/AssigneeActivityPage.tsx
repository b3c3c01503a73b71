import { useTranslation } from '../../i18n/useTranslation';
import { seriesColors, seriesOption } from './chartOption';
import { useReport, useReportFilters } from './queries';
import { ReportFrame } from './ReportFrame';
import { ReportSection } from './ReportSection';
import { useReportFormat } from './useReportFormat';

/** Per agent: tickets assigned, solved, public replies and the median first reply in the range. */
export function AssigneeActivityPage() {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const query = useReport('assignee_activity', filters);
  const format = useReportFormat();
  return (
    <ReportFrame query={query}>
      {(d) => (
        <ReportSection
          title={t('report.assignee.title')}
          fileName="assignee-activity"
          empty={d.list.length === 0}
          height={Math.max(240, d.list.length * 36)}
          option={seriesOption(
            d.list.map((r) => r.agent_name),
            [
              { name: t('report.assignee.assigned'), data: d.list.map((r) => r.assigned), color: seriesColors.neutral },
              { name: t('report.assignee.solved'), data: d.list.map((r) => r.solved), color: seriesColors.good },
              { name: t('report.assignee.replies'), data: d.list.map((r) => r.replies), color: seriesColors.other },
            ],
            true,
          )}
          rows={d.list}
          rowKey={(r) => r.agent_id}
          columns={[
            { key: 'agent', title: t('report.agent'), value: (r) => r.agent_name },
            { key: 'assigned', title: t('report.assignee.assigned'), value: (r) => r.assigned, align: 'right' },
            { key: 'solved', title: t('report.assignee.solved'), value: (r) => r.solved, align: 'right' },
            { key: 'replies', title: t('report.assignee.replies'), value: (r) => r.replies, align: 'right' },
            {
              key: 'median',
              title: t('report.assignee.first_reply_median'),
              value: (r) => format.duration(r.first_reply_median_ms),
              csvTitle: t('report.csv_hours', { title: t('report.assignee.first_reply_median') }),
              csv: (r) => format.hours(r.first_reply_median_ms),
              align: 'right',
            },
          ]}
        />
      )}
    </ReportFrame>
  );
}
