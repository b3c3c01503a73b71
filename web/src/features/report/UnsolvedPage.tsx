import { bracketLabels } from '@parley/contracts';
import { Flex, Typography } from 'antd';
import { useEnum } from '../../components/enumOptions';
import { currentLanguage } from '../../i18n';
import { useSeeded } from '../../i18n/seeded';
import { useTranslation } from '../../i18n/useTranslation';
import { seriesOption } from './chartOption';
import { useReport, useReportFilters } from './queries';
import { ReportFrame } from './ReportFrame';
import { ReportSection } from './ReportSection';

interface TRow {
  key: string;
  label: string;
  count: number;
}

/** Unsolved tickets as of now by state, priority, group and age (no time range). */
export function UnsolvedPage() {
  const { t } = useTranslation();
  // The seeded group ("Support") in the viewer's language, as the filter and every list name it.
  const seeded = useSeeded();
  const { filters } = useReportFilters();
  const query = useReport('unsolved', filters);
  const states = useEnum('ticket_state');
  const priorities = useEnum('ticket_priority');
  const language = currentLanguage();
  const section = (name: string, title: string, column: string, rows: TRow[]) => (
    <ReportSection
      ranged={false}
      key={name}
      title={title}
      fileName={`unsolved-${name}`}
      empty={rows.every((r) => r.count === 0)}
      height={220}
      option={seriesOption(
        rows.map((r) => r.label),
        [{ name: t('report.count'), data: rows.map((r) => r.count) }],
      )}
      rows={rows}
      rowKey={(r) => r.key}
      columns={[
        { key: 'name', title: column, value: (r) => r.label },
        { key: 'count', title: t('report.count'), value: (r) => r.count, align: 'right' },
      ]}
    />
  );
  return (
    <ReportFrame query={query} range={false}>
      {(d) => (
        <Flex vertical gap={16}>
          <Typography.Title level={4} style={{ margin: 0 }} data-unsolved-total>
            {t('report.unsolved.total', { count: d.total })}
          </Typography.Title>
          {section(
            'state',
            t('report.unsolved.by_state'),
            t('report.unsolved.state'),
            d.by_state.map((b) => ({ ...b, label: states.label(b.key) })),
          )}
          {section(
            'priority',
            t('report.unsolved.by_priority'),
            t('report.unsolved.priority'),
            d.by_priority.map((b) => ({ ...b, label: priorities.label(b.key) })),
          )}
          {section(
            'group',
            t('report.unsolved.by_group'),
            t('report.group'),
            d.by_group.map((g) => ({
              key: String(g.group_id),
              label: g.group_id === null ? t('report.no_group') : seeded.text(g.group_name),
              count: g.count,
            })),
          )}
          {section(
            'age',
            t('report.unsolved.by_age'),
            t('report.unsolved.age'),
            d.by_age.map((b) => ({ ...b, label: bracketLabels[b.key]?.[language] ?? b.key })),
          )}
        </Flex>
      )}
    </ReportFrame>
  );
}
