/**
 * A horizontal bar chart of one dimension, drawn by Chart.js on a canvas (so labels are pixels,
 * never markup), in the theme's colours. Only the bar chart's parts are registered, which lets
 * the bundler leave the rest of Chart.js out.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { ChartView } from '../../../common/webview/results-view';
import { h } from '../shared/dom';
import { readChartTheme } from '../shared/theme';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const BAR_HEIGHT = 22;
const CHART_PADDING = 48;

export interface DrawnChart {
  destroy(): void;
}

/** Draws `view` into a new figure appended to `container`. */
export function drawDimensionChart(container: HTMLElement, view: ChartView): DrawnChart {
  const canvas = h('canvas', { attributes: { role: 'img', 'aria-label': `Bar chart of ${view.title}: ${view.bars.length} bins` } });
  const frame = h('div', { className: 'chart-frame' }, canvas);
  frame.style.height = `${CHART_PADDING + Math.max(view.bars.length, 1) * BAR_HEIGHT}px`;
  container.append(h('figure', { className: 'chart' }, h('figcaption', { text: view.title }), frame, view.note !== undefined && h('p', { className: 'note', text: view.note })));

  const theme = readChartTheme();
  const font = { family: theme.font, size: theme.fontSize };
  const chart = new Chart(canvas, {
    type: 'bar',
    data: {
      labels: view.bars.map((bar) => bar.label),
      datasets: [{ label: 'count', data: view.bars.map((bar) => bar.value), backgroundColor: theme.bar, borderWidth: 0 }],
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { tooltip: { enabled: true } },
      scales: {
        x: { beginAtZero: true, ticks: { color: theme.text, font }, grid: { color: theme.grid } },
        y: { ticks: { color: theme.text, font, autoSkip: false }, grid: { display: false } },
      },
    },
  });
  return { destroy: () => chart.destroy() };
}
