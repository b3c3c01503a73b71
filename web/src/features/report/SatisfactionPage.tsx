import { Flex } from 'antd';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { seriesColors, seriesOption } from './chartOption';
import { goodShare } from './format';
import { useReport, useReportFilters } from './queries';
import { ReportFrame } from './ReportFrame';
import { ReportSection } from './ReportSection';

interface TRow {
  key: string;
  name: string;
  good: number;
  bad: number;
  offered: number;
  solved: number;
}

/** Good and bad ratings of the tickets solved in the range, by agent and by group. */
export function SatisfactionPage() {
  const { t } = useTranslation();
  // The seeded group ("Support") in the viewer's language, as the filter and every list name it.
  const seeded = useSeeded();
  const { filters } = useReportFilters();
  const query = useReport('satisfaction', filters);
  const section = (name: 'by_agent' | 'by_group', rows: TRow[]) => (
    <ReportSection
      key={name}
      title={t(`report.satisfaction.${name}`)}
      fileName={`satisfaction-${name}`}
      empty={rows.length === 0}
      height={Math.max(220, rows.length * 32)}
      option={seriesOption(
        rows.map((r) => r.name),
        [
          {
            name: t('report.satisfaction.good'),
            data: rows.map((r) => r.good),
            stack: 'score',
            color: seriesColors.good,
          },
          { name: t('report.satisfaction.bad'), data: rows.map((r) => r.bad), stack: 'score', color: seriesColors.bad },
        ],
        true,
      )}
      rows={rows}
      rowKey={(r) => r.key}
      columns={[
        { key: 'name', title: name === 'by_agent' ? t('report.agent') : t('report.group'), value: (r) => r.name },
        { key: 'good', title: t('report.satisfaction.good'), value: (r) => r.good, align: 'right' },
        { key: 'bad', title: t('report.satisfaction.bad'), value: (r) => r.bad, align: 'right' },
        {
          key: 'score',
          title: t('report.satisfaction.score'),
          value: (r) => {
            const share = goodShare(r.good, r.bad);
            return share === null ? t('report.none') : `${share}%`;
          },
          csvTitle: `${t('report.satisfaction.score')} (%)`,
          csv: (r) => goodShare(r.good, r.bad),
          align: 'right',
        },
        { key: 'offered', title: t('report.satisfaction.offered'), value: (r) => r.offered, align: 'right' },
        { key: 'solved', title: t('report.satisfaction.solved'), value: (r) => r.solved, align: 'right' },
      ]}
    />
  );
  return (
    <ReportFrame query={query}>
      {(d) => (
        <Flex vertical gap={16}>
          {section(
            'by_agent',
            d.by_agent.map((r) => ({
              ...r,
              key: String(r.agent_id),
              name: r.agent_id === null ? t('report.unassigned') : r.agent_name,
            })),
          )}
          {section(
            'by_group',
            d.by_group.map((r) => ({
              ...r,
              key: String(r.group_id),
              name: r.group_id === null ? t('report.no_group') : seeded.text(r.group_name),
            })),
          )}
        </Flex>
      )}
    </ReportFrame>
  );
}
