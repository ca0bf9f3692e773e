/**
 * What the results page's charts script (charts-chunk.ts, its own bundle) hands the page once
 * it has run: Chart.js is a third of the page's code, and a result is waited for by its table,
 * so the charts are loaded after the table is on screen (lazy-charts.ts).
 */
import type { ChartView } from '../../../common/webview/shown-rows';
import type { DrawnChart } from './dimension-chart';

export interface ChartsApi {
  drawDimensionChart(container: HTMLElement, view: ChartView, locale: string): DrawnChart;
}

/** The page-global name under which the charts script leaves its API. */
export const CHARTS_GLOBAL = '__iqlResultCharts';
