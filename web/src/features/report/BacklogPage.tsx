import type { TBacklogPoint } from '@parley/contracts';
import { Flex } from 'antd';
import { useTranslation } from '../../i18n/useTranslation';
import { seriesColors, seriesOption } from './chartOption';
import { useReport, useReportFilters } from './queries';
import { ReportFrame } from './ReportFrame';
import { ReportSection } from './ReportSection';
import { useReportFormat } from './useReportFormat';

/** The last 30 days and the last 12 weeks: created, solved, and open at each one's end. */
export function BacklogPage() {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const query = useReport('backlog', filters);
  const format = useReportFormat();
  const section = (name: 'daily' | 'weekly', points: TBacklogPoint[]) => {
    const rows = points.map((p) => ({
      ...p,
      label: name === 'daily' ? format.day(p.start_ts) : t('report.backlog.week_of', { date: format.date(p.start_ts) }),
    }));
    return (
      <ReportSection
        key={name}
        title={t(`report.backlog.${name}`)}
        fileName={`backlog-${name}`}
        ranged={false}
        empty={rows.every((r) => r.created + r.solved + r.open === 0)}
        option={seriesOption(
          rows.map((r) => r.label),
          [
            { name: t('report.backlog.created'), data: rows.map((r) => r.created), color: seriesColors.neutral },
            { name: t('report.backlog.solved'), data: rows.map((r) => r.solved), color: seriesColors.good },
            {
              name: t('report.backlog.open'),
              data: rows.map((r) => r.open),
              type: 'line',
              color: seriesColors.warning,
            },
          ],
        )}
        rows={rows}
        rowKey={(r) => r.start_ts}
        columns={[
          {
            key: 'period',
            title: t('report.period'),
            value: (r) => r.label,
            csv: (r) => format.period(r.start_ts, 'day'),
          },
          { key: 'created', title: t('report.backlog.created'), value: (r) => r.created, align: 'right' },
          { key: 'solved', title: t('report.backlog.solved'), value: (r) => r.solved, align: 'right' },
          { key: 'open', title: t('report.backlog.open'), value: (r) => r.open, align: 'right' },
        ]}
      />
    );
  };
  return (
    <ReportFrame query={query} range={false}>
      {(d) => (
        <Flex vertical gap={16}>
          {section('daily', d.daily)}
          {section('weekly', d.weekly)}
        </Flex>
      )}
    </ReportFrame>
  );
}
