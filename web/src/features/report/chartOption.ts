import type { EChartsCoreOption } from 'echarts/core';

/** An ECharts option (the type only: building one loads no chart code). */
export type TChartOption = EChartsCoreOption;

export interface TSeries {
  name: string;
  data: number[];
  type?: 'bar' | 'line';
  stack?: string;
  /**
   * The series' colour where the series means something (good, bad, solved): one of
   * `seriesColors`, the same in the bars, the line and the legend. Without it, the next colour
   * of the palette by position.
   */
  color?: string;
}

/**
 * Colours that say what a series is, Ant Design's own (its colorSuccess, colorError, ...) so that
 * a chart reads like the tags and alerts beside it: good and solved green, bad red.
 */
export const seriesColors = {
  /** Neither good nor bad: created, assigned, a count. */
  neutral: '#1677ff',
  good: '#52c41a',
  bad: '#ff4d4f',
  /** Wants attention: still open. */
  warning: '#faad14',
  /** Another neutral beside `neutral` (public replies beside assigned). */
  other: '#722ed1',
} as const;

// Series without a meaning of their own (one line per agent): no green or red among them, which
// would read as good or bad.
const palette = ['#1677ff', '#722ed1', '#13c2c2', '#fa8c16', '#eb2f96', '#2f54eb', '#faad14', '#8c8c8c'];

/** Bars (or lines) over categories, a legend when there is more than one series. */
export function seriesOption(categories: string[], series: TSeries[], horizontal = false): TChartOption {
  const categoryAxis = { type: 'category', data: categories, axisLabel: { hideOverlap: true } };
  const valueAxis = { type: 'value', minInterval: 1 };
  return {
    color: palette,
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 16, top: series.length > 1 ? 32 : 12, bottom: 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? { ...categoryAxis, inverse: true } : valueAxis,
    series: series.map((s) => ({
      name: s.name,
      type: s.type ?? 'bar',
      stack: s.stack,
      data: s.data,
      smooth: s.type === 'line',
      barMaxWidth: 32,
      ...(s.color ? { itemStyle: { color: s.color }, lineStyle: { color: s.color } } : {}),
    })),
  };
}
