import { bracketLabels, type TDistribution } from '@parley/contracts';
import { Flex } from 'antd';
import { currentLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/useTranslation';
import { seriesOption } from './chartOption';
import { useReport, useReportFilters } from './queries';
import { ReportFrame } from './ReportFrame';
import { ReportSection } from './ReportSection';
import { useReportFormat } from './useReportFormat';

const sections = ['first_reply', 'full_resolution', 'requester_wait'] as const;

/** First reply, full resolution and requester wait in the spec's brackets, each with its median. */
export function EfficiencyPage() {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const query = useReport('efficiency', filters);
  const format = useReportFormat();
  const language = currentLanguage();
  const section = (name: (typeof sections)[number], d: TDistribution) => {
    const total = d.buckets.reduce((a, b) => a + b.count, 0);
    const rows = d.buckets.map((b) => ({
      ...b,
      label: bracketLabels[b.key]?.[language] ?? b.key,
      share: total ? `${Math.round((b.count / total) * 100)}%` : '0%',
    }));
    return (
      <ReportSection
        key={name}
        title={t(`report.efficiency.${name}`)}
        extra={<span data-median>{t('report.efficiency.median', { value: format.duration(d.median_ms) })}</span>}
        fileName={`efficiency-${name}`}
        empty={total === 0}
        option={seriesOption(
          rows.map((r) => r.label),
          [{ name: t('report.count'), data: rows.map((r) => r.count) }],
        )}
        rows={rows}
        rowKey={(r) => r.key}
        columns={[
          { key: 'bracket', title: t('report.efficiency.bracket'), value: (r) => r.label },
          { key: 'count', title: t('report.count'), value: (r) => r.count, align: 'right' },
          { key: 'share', title: t('report.efficiency.share'), value: (r) => r.share, align: 'right' },
        ]}
      />
    );
  };
  return (
    <ReportFrame query={query}>
      {(d) => (
        <Flex vertical gap={16}>
          {sections.map((name) => section(name, d[name]))}
        </Flex>
      )}
    </ReportFrame>
  );
}
