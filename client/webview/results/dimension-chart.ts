/**
 * A horizontal bar chart of one dimension, drawn by Chart.js on a canvas (so labels are pixels,
 * never markup), in the theme's colours. Only the bar chart's parts are registered, which lets
 * the bundler leave the rest of Chart.js out.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import type { Plugin } from 'chart.js';
import type { ChartView } from '../../../common/webview/shown-rows';
import { supportedLocale } from '../../../common/webview/number-format';
import { h } from '../shared/dom';
import { readChartTheme } from '../shared/theme';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const BAR_HEIGHT = 22;
const CHART_PADDING = 48;

export interface DrawnChart {
  destroy(): void;
}

/** What one horizontal bar chart draws: its bars, the figure's caption and note, the x axis's suggested end and extra plugins. */
export interface HorizontalBars {
  readonly ariaLabel: string;
  readonly datasetLabel: string;
  readonly bars: readonly { readonly label: string; readonly value: number }[];
  readonly caption?: string;
  readonly note?: string;
  readonly suggestedMax?: number;
  readonly plugins?: readonly Plugin<'bar'>[];
  /** The locale of the axis and tooltip numbers (the editor's); the page's own by default. */
  readonly locale?: string;
}

/** Draws `view` into a new figure appended to `container`, numbers in `locale`. */
export function drawDimensionChart(container: HTMLElement, view: ChartView, locale: string): DrawnChart {
  return drawHorizontalBars(container, {
    locale,
    ariaLabel: `Bar chart of ${view.title}: ${view.bars.length} bins`,
    datasetLabel: 'count',
    bars: view.bars,
    caption: view.title,
    ...(view.note === undefined ? {} : { note: view.note }),
  });
}

/** Draws horizontal bars into a new figure appended to `container`, one bar per row. */
export function drawHorizontalBars(container: HTMLElement, chartBars: HorizontalBars): DrawnChart {
  const canvas = h('canvas', { attributes: { role: 'img', 'aria-label': chartBars.ariaLabel } });
  const frame = h('div', { className: 'chart-frame' }, canvas);
  frame.style.height = `${CHART_PADDING + Math.max(chartBars.bars.length, 1) * BAR_HEIGHT}px`;
  container.append(
    h('figure', { className: 'chart' }, chartBars.caption !== undefined && h('figcaption', { text: chartBars.caption }), frame, chartBars.note !== undefined && h('p', { className: 'note', text: chartBars.note })),
  );

  const theme = readChartTheme();
  const font = { family: theme.font, size: theme.fontSize };
  const chart = new Chart(canvas, {
    type: 'bar',
    data: {
      labels: chartBars.bars.map((bar) => bar.label),
      datasets: [{ label: chartBars.datasetLabel, data: chartBars.bars.map((bar) => bar.value), backgroundColor: theme.bar, borderWidth: 0 }],
    },
    options: {
      indexAxis: 'y',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      ...(chartBars.locale === undefined ? {} : { locale: supportedLocale(chartBars.locale) }),
      plugins: { tooltip: { enabled: true } },
      scales: {
        x: { beginAtZero: true, ...(chartBars.suggestedMax === undefined ? {} : { suggestedMax: chartBars.suggestedMax }), ticks: { color: theme.text, font }, grid: { color: theme.grid } },
        y: { ticks: { color: theme.text, font, autoSkip: false }, grid: { display: false } },
      },
    },
    plugins: [...(chartBars.plugins ?? [])],
  });
  return { destroy: () => chart.destroy() };
}
