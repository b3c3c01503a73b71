import type { EChartsCoreOption } from 'echarts/core';

/** An ECharts option (the type only: building one loads no chart code). */
export type TChartOption = EChartsCoreOption;

export interface TSeries {
  name: string;
  data: number[];
  type?: 'bar' | 'line';
  stack?: string;
}

const palette = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#722ed1', '#13c2c2', '#eb2f96', '#8c8c8c'];

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
    })),
  };
}
