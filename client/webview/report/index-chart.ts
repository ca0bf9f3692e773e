/**
 * A horizontal bar chart of one category's index per value, drawn by Chart.js on a canvas (so
 * labels are pixels, never markup), in the theme's colours, with a vertical line at the
 * baseline index 100 drawn by a small plugin of this module (no annotation dependency). Only
 * the results page's horizontal bars are reused (results/dimension-chart.ts).
 */
import type { Plugin } from 'chart.js';
import { BASELINE_INDEX } from '../../../common/webview/report-view';
import type { ReportSingle } from '../../../common/webview/report-view';
import { drawHorizontalBars } from '../results/dimension-chart';
import type { DrawnChart } from '../results/dimension-chart';
import { readThemeValue } from '../shared/theme';

/** Draws the vertical line of the baseline (index 100) across the chart area, over the bars. */
function baselineLine(colour: string): Plugin<'bar'> {
  return {
    id: 'iqlBaselineLine',
    afterDatasetsDraw(chart) {
      const scale = chart.scales['x'];
      if (scale === undefined) return;
      const x = scale.getPixelForValue(BASELINE_INDEX);
      const { top, bottom, left, right } = chart.chartArea;
      if (x < left || x > right) return;
      const context = chart.ctx;
      context.save();
      context.strokeStyle = colour;
      context.lineWidth = 2;
      context.setLineDash([4, 3]);
      context.beginPath();
      context.moveTo(x, top);
      context.lineTo(x, bottom);
      context.stroke();
      context.restore();
    },
  };
}

/** Draws the chart of `single` into a new figure appended to `container`. */
export function drawIndexChart(container: HTMLElement, single: ReportSingle): DrawnChart {
  const largest = Math.max(BASELINE_INDEX, ...single.bars.map((bar) => bar.index));
  return drawHorizontalBars(container, {
    ariaLabel: `Index per value of ${single.category}: ${single.bars.length} values, baseline at ${BASELINE_INDEX}`,
    datasetLabel: 'index',
    bars: single.bars.map((bar) => ({ label: bar.label, value: bar.index })),
    suggestedMax: largest * 1.1,
    plugins: [baselineLine(readThemeValue('--vscode-charts-red', '#f14c4c'))],
  });
}
