import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { TChartOption } from './chartOption';

// Only what the reports draw. ReportSection loads this module lazily: ECharts is its own chunk,
// fetched once a report has something to draw, never part of the shell (e2e bundle budget).
// Screen readers get the table under each chart (and the chart's name), not ECharts' aria text.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** One ECharts chart that follows its container's width; `label` names it for screen readers. */
export function Chart({ option, label, height = 280 }: { option: TChartOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) {
      return;
    }
    const instance = echarts.init(el);
    chart.current = instance;
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(el);
    return () => {
      resize.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ animation: false, ...option }, true);
  }, [option]);
  return <div ref={box} role="img" aria-label={label} data-chart style={{ width: '100%', height }} />;
}
