import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from '../../i18n/useTranslation';
import { seriesColors, seriesOption } from '../report/chartOption';
import { useReport, useReportFilters } from '../report/queries';
import { ReportFrame } from '../report/ReportFrame';
import { ReportSection } from '../report/ReportSection';
import { useReportFormat } from '../report/useReportFormat';

/** /wswt/dashboard: the range at a glance, the caller's own tickets, satisfaction and chats now. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const query = useReport('dashboard', filters);
  const format = useReportFormat();
  return (
    <ReportFrame query={query}>
      {(d) => {
        // Each bucket ends where the next starts (the last at the range's end): the first is often part of a week or month.
        const rows = d.series.map((s, i) => {
          const end = d.series[i + 1]?.start_ts ?? d.range.to_ts;
          return { ...s, end, label: format.bucket(s.start_ts, filters.time_range, end) };
        });
        // Nothing solved in the range: no share to give ("—", as the reports say), not "0 %".
        const share = d.satisfaction.solved ? Math.round((d.satisfaction.offered / d.satisfaction.solved) * 100) : null;
        const stat = (title: string, value: number | null, suffix?: string) => (
          <Col xs={12} md={6} key={title}>
            {value === null ? (
              <Statistic title={title} value={t('report.none')} />
            ) : (
              <Statistic title={title} value={value} suffix={suffix} />
            )}
          </Col>
        );
        return (
          <>
            <Card>
              <Row gutter={[16, 16]}>
                {stat(t('report.dashboard.created'), d.created)}
                {stat(t('report.dashboard.solved'), d.solved)}
                {stat(t('report.dashboard.unsolved'), d.unsolved)}
              </Row>
            </Card>
            <ReportSection
              title={t('report.dashboard.trend')}
              fileName="dashboard"
              empty={d.created + d.solved === 0}
              option={seriesOption(
                rows.map((r) => r.label),
                [
                  {
                    name: t('report.dashboard.created'),
                    data: rows.map((r) => r.created),
                    color: seriesColors.neutral,
                  },
                  { name: t('report.dashboard.solved'), data: rows.map((r) => r.solved), color: seriesColors.good },
                ],
              )}
              rows={rows}
              rowKey={(r) => r.start_ts}
              columns={[
                {
                  key: 'period',
                  title: t('report.period'),
                  value: (r) => r.label,
                  csv: (r) => format.bucketPeriod(r.start_ts, filters.time_range, r.end),
                },
                { key: 'created', title: t('report.dashboard.created'), value: (r) => r.created, align: 'right' },
                { key: 'solved', title: t('report.dashboard.solved'), value: (r) => r.solved, align: 'right' },
              ]}
            />
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={8}>
                <Card title={t('report.dashboard.mine')} style={{ height: '100%' }}>
                  <Row gutter={16}>
                    {stat(t('report.dashboard.my_open'), d.mine.open)}
                    {stat(t('report.dashboard.my_pending'), d.mine.pending)}
                    {stat(t('report.dashboard.my_solved'), d.mine.solved)}
                  </Row>
                </Card>
              </Col>
              <Col xs={24} lg={10}>
                <Card title={t('report.dashboard.satisfaction')} style={{ height: '100%' }}>
                  <Row gutter={16}>
                    {stat(t('report.dashboard.good'), d.satisfaction.good)}
                    {stat(t('report.dashboard.bad'), d.satisfaction.bad)}
                    {stat(t('report.dashboard.offered'), d.satisfaction.offered)}
                    {stat(t('report.dashboard.offered_share'), share, '%')}
                  </Row>
                </Card>
              </Col>
              <Col xs={24} lg={6}>
                <Card title={t('report.dashboard.chats')} style={{ height: '100%' }}>
                  <Row gutter={16}>
                    {stat(t('report.dashboard.chats_waiting'), d.chats.waiting)}
                    {stat(t('report.dashboard.chats_active'), d.chats.active)}
                  </Row>
                </Card>
              </Col>
            </Row>
          </>
        );
      }}
    </ReportFrame>
  );
}
