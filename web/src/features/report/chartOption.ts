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

/** The widest a horizontal chart's category label gets before it is cut with "…" (a long agent name). */
const labelMaxWidth = 180;
let measure: CanvasRenderingContext2D | null | undefined;

/** How wide ECharts draws an axis label (12px sans-serif); an estimate where there is no canvas (tests). */
function labelWidth(text: string): number {
  if (measure === undefined) {
    try {
      measure = document.createElement('canvas').getContext('2d');
    } catch {
      measure = null;
    }
  }
  if (!measure) {
    return [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 12 : 7), 0);
  }
  measure.font = '12px sans-serif';
  return measure.measureText(text).width;
}

/**
 * The left margin a horizontal chart needs for its longest category label. ECharts' own
 * `containLabel` measures only a sample of the labels past 40 categories (one in two at 53 agents),
 * so a long name between two short ones was cut at the card's edge ("ministrator").
 */
function categoryLabelsWidth(categories: string[]): number {
  return Math.ceil(Math.min(labelMaxWidth, Math.max(0, ...categories.map(labelWidth))));
}

/** Bars (or lines) over categories, a legend when there is more than one series. */
export function seriesOption(categories: string[], series: TSeries[], horizontal = false): TChartOption {
  const categoryAxis = {
    type: 'category',
    data: categories,
    // Under the bars the first and last labels stay inside the chart ("2026年11月30日当周" was cut
    // off at its right edge).
    axisLabel: horizontal
      ? { hideOverlap: true, width: labelMaxWidth, overflow: 'truncate' }
      : { hideOverlap: true, alignMinLabel: 'left', alignMaxLabel: 'right' },
  };
  const valueAxis = { type: 'value', minInterval: 1 };
  const top = series.length > 1 ? 32 : 12;
  return {
    color: palette,
    tooltip: { trigger: 'axis' },
    legend: series.length > 1 ? { top: 0 } : undefined,
    // Horizontal: the margin for the names measured here (the label's own 8px gap and the tick's
    // 5px beside it), the values' line of labels under the bars.
    grid: horizontal
      ? { left: 8 + categoryLabelsWidth(categories) + 13, right: 24, top, bottom: 30, containLabel: false }
      : { left: 8, right: 16, top, bottom: 8, containLabel: true },
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
