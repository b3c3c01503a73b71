import { Tag } from 'antd';
import { useTranslation } from '../../i18n/useTranslation';
import { seriesOption } from './chartOption';
import { useReport, useReportFilters } from './queries';
import { ReportFrame } from './ReportFrame';
import { ReportSection } from './ReportSection';

/** Triggers and automations: uses per day over the last 30 days (UTC days, as the rules count them). */
export function RuleUsagePage() {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const query = useReport('rule_usage', filters);
  return (
    <ReportFrame query={query} range={false} filters={false}>
      {(d) => {
        const rows = d.list.map((r) => ({
          ...r,
          key: `${r.rule_kind}-${r.rule_id}`,
          kind: t(`report.rules.${r.rule_kind}`),
        }));
        const used = rows.filter((r) => r.total > 0);
        return (
          <ReportSection
            title={t('report.rules.title')}
            extra={<Tag>{t('report.rules.utc')}</Tag>}
            fileName="rule-usage"
            ranged={false}
            empty={used.length === 0}
            emptyText={t('report.rules.empty')}
            height={Math.max(220, used.length * 32)}
            option={seriesOption(
              used.map((r) => r.title),
              [{ name: t('report.rules.uses'), data: used.map((r) => r.total) }],
              true,
            )}
            rows={rows}
            rowKey={(r) => r.key}
            columns={[
              { key: 'title', title: t('report.rules.rule'), value: (r) => r.title },
              { key: 'kind', title: t('report.rules.kind'), value: (r) => r.kind },
              { key: 'total', title: t('report.rules.uses'), value: (r) => r.total, align: 'right' },
              ...d.days.map((day, i) => ({
                key: day,
                title: day.slice(5),
                csvTitle: day,
                value: (r: (typeof rows)[number]) => r.counts[i] ?? 0,
                align: 'right' as const,
              })),
            ]}
          />
        );
      }}
    </ReportFrame>
  );
}
