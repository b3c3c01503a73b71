import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Table } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from '../../i18n/useTranslation';
import type { TChartOption } from './chartOption';
import { downloadCsv, type TCsvColumn, toCsv } from './csv';
import { useReportFilters } from './queries';
import { useReportFormat } from './useReportFormat';

const Chart = lazy(() => import('./Chart').then((m) => ({ default: m.Chart })));

/** A column of a report table: the text it shows is the text the CSV holds. */
export interface TReportColumn<R> extends TCsvColumn<R> {
  key: string;
  align?: 'left' | 'right';
}

/** One chart with its table underneath and a CSV export of that table. */
export function ReportSection<R>({
  title,
  extra,
  option,
  columns,
  rows,
  rowKey,
  fileName,
  empty,
  emptyText,
  ranged = true,
  height,
}: {
  title: string;
  extra?: ReactNode;
  option: TChartOption | null;
  columns: TReportColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  fileName: string;
  /** Nothing to draw: the empty state instead of the chart (the table still shows its rows). */
  empty: boolean;
  /** What the empty state says, when "No tickets in this range" is not it. */
  emptyText?: string;
  /** The report follows the range filter: the file's name says which range. */
  ranged?: boolean;
  height?: number;
}) {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const format = useReportFormat();
  // "dashboard-7d-2026-12-03.csv": which report, over which range, taken which day.
  const csvName = [fileName, ranged ? filters.time_range : null, format.period(Date.now(), 'day')]
    .filter(Boolean)
    .join('-');
  return (
    <Card
      title={title}
      data-report-section={fileName}
      extra={
        <>
          {extra}
          <Button
            size="small"
            icon={<DownloadOutlined aria-hidden />}
            onClick={() => downloadCsv(`${csvName}.csv`, toCsv(columns, rows))}
            style={{ marginInlineStart: 12 }}
          >
            {t('report.export_csv')}
          </Button>
        </>
      }
    >
      {empty || !option ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('report.empty')} />
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: height ?? 280 }} />}>
          <Chart option={option} label={title} height={height} />
        </Suspense>
      )}
      {/* No rows: the empty state above says so once, not again as the table's "No data". */}
      {rows.length > 0 && (
        <Table<R>
          size="small"
          style={{ marginTop: 16 }}
          rowKey={rowKey}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={columns.map((c) => ({
            key: c.key,
            title: c.title,
            align: c.align,
            render: (_: unknown, row: R) => c.value(row) ?? '',
          }))}
        />
      )}
    </Card>
  );
}
