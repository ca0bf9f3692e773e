/**
 * Draws a ResultsPage: the tabs of a Run All (one per query, with its status), then the run on
 * show — status, query and target, the actions (Cancel, Re-run, copies and exports of the rows
 * the grid shows), then the insight result (audience, notes, thresholds, grid, charts of the
 * shown rows, quality measures) or the activation. Every value is placed as text through
 * shared/dom.ts.
 */
import type { ActivationView, InsightView, ResultsPage, ResultsView, ThresholdsView } from '../../../common/webview/results-view';
import { chartsOfShownRows } from '../../../common/webview/shown-rows';
import { afterPaint } from '../shared/after-paint';
import { factList, h, queryBlock, section } from '../shared/dom';
import type { HostChannel } from '../shared/host-channel';
import type { DrawnChart } from './dimension-chart';
import { loadCharts } from './lazy-charts';
import { drawLazyResultGrid } from './lazy-grid';
import type { GridSettings, ResultGrid } from './result-grid';
import { swapInGrid } from './swap-in-grid';

const STATUS_LABELS: Readonly<Record<ResultsView['status'], string>> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const TAB_LABEL_LIMIT = 48;

/** The live widgets of the drawn view, destroyed before the next draw. */
export interface DrawnResults {
  readonly runId: string;
  /** Settles once the run's rows are on the page (the plain first rows, or the grid's). */
  readonly ready: Promise<void>;
  /** Settles once the interactive grid has taken the place of the plain first rows. */
  readonly settled: Promise<void>;
  readonly grid?: ResultGrid;
  destroy(): void;
}

/**
 * Replaces the contents of `root` with the page's run on show (and the tabs of the others);
 * keeps the grid's sort and filters for the same run. `onSelect` switches tabs.
 */
export function renderResults(root: HTMLElement, page: ResultsPage, channel: HostChannel, previous: DrawnResults | undefined, onSelect: (runId: string) => void): DrawnResults {
  const view = page.views.find((candidate) => candidate.runId === page.selected) ?? page.views[page.views.length - 1];
  const settings: GridSettings | undefined = previous?.runId === view?.runId ? previous?.grid?.settings() : undefined;
  previous?.destroy();
  root.replaceChildren();
  const drawnNow = Promise.resolve();
  if (!view) return { runId: '', ready: drawnNow, settled: drawnNow, destroy: () => undefined };
  if (page.views.length > 1) root.append(renderTabs(page.views, view.runId, onSelect));

  root.append(
    h(
      'header',
      { className: 'page-header' },
      h('h1', { text: view.kind === 'activation' ? 'Activation' : 'Query result' }),
      h('p', { className: 'status-line' }, h('span', { className: `badge status-${view.status}`, text: STATUS_LABELS[view.status], attributes: { id: 'status' } }), h('span', { text: ` ${view.statusText}` })),
      h('p', { className: 'target', text: `Target: ${view.target}${view.serviceId ? ` · ID ${view.serviceId}` : ''}` }),
      view.status === 'running' && h('progress', { attributes: { 'aria-label': 'Running' } }),
    ),
  );
  if (view.message !== undefined) {
    root.append(h('section', { className: `message message-${view.status}`, attributes: { role: 'alert' } }, h('pre', { text: view.message, attributes: { id: 'message' } })));
  }
  let drawn: DrawnResults | undefined;
  const shownRows = (): number[] => drawn?.grid?.shownRows() ?? view.insight?.rows.map((_, index) => index) ?? [];
  root.append(renderActions(view, channel, shownRows));
  root.append(h('details', { className: 'query-details', attributes: { open: '' } }, h('summary', { text: 'Query' }), queryBlock(view.query)));

  if (view.insight) {
    drawn = renderInsight(root, view, view.insight, page.locale, channel, settings);
    return drawn;
  }
  if (view.thresholds) root.append(renderThresholds(view.thresholds));
  if (view.activation) root.append(...renderActivation(view.activation));
  return { runId: view.runId, ready: drawnNow, settled: drawnNow, destroy: () => undefined };
}

/** One tab per run, in the file's order, each with its status; the one on show pressed. */
function renderTabs(views: readonly ResultsView[], selected: string, onSelect: (runId: string) => void): HTMLElement {
  const counts = new Map<string, number>();
  for (const view of views) counts.set(view.status, (counts.get(view.status) ?? 0) + 1);
  const summary = (['succeeded', 'failed', 'cancelled', 'running'] as const)
    .filter((status) => counts.has(status))
    .map((status) => `${counts.get(status)} ${STATUS_LABELS[status].toLowerCase()}`)
    .join(', ');
  const tabs = views.map((view, index) => {
    const tab = h(
      'button',
      { className: `run-tab${view.runId === selected ? ' selected' : ''}`, attributes: { type: 'button', role: 'tab', 'aria-selected': String(view.runId === selected), title: view.query } },
      h('span', { className: `badge status-${view.status}`, text: STATUS_LABELS[view.status] }),
      h('span', { text: ` ${index + 1}. ${firstLine(view.query)}` }),
    );
    tab.addEventListener('click', () => onSelect(view.runId));
    return tab;
  });
  return h('nav', { className: 'run-tabs-bar' }, h('p', { className: 'note', text: `Run All: ${views.length} queries — ${summary}.` }), h('div', { className: 'run-tabs', attributes: { role: 'tablist', 'aria-label': 'Queries of Run All' } }, ...tabs));
}

function firstLine(query: string): string {
  const line = query.split(/\r?\n/).map((text) => text.trim()).find((text) => text !== '' && !text.startsWith('--')) ?? 'query';
  return line.length > TAB_LABEL_LIMIT ? `${line.slice(0, TAB_LABEL_LIMIT - 1)}…` : line;
}

function renderActions(view: ResultsView, channel: HostChannel, shownRows: () => number[]): HTMLElement {
  const button = (label: string, enabled: boolean, onClick: () => void, title?: string): HTMLButtonElement => {
    const element = h('button', { text: label, attributes: { type: 'button', ...(title ? { title } : {}) } });
    element.disabled = !enabled;
    element.addEventListener('click', onClick);
    return element;
  };
  const runId = view.runId;
  const shownNote = 'The rows the table shows, in its order (its filters and sort applied).';
  return h(
    'nav',
    { className: 'actions', attributes: { 'aria-label': 'Result actions' } },
    view.status === 'running' && button('Cancel', view.actions.cancel, () => channel.post({ type: 'cancelRun', runId }), 'Stop following this run (the service may still finish it).'),
    button('Re-run', view.actions.rerun, () => channel.post({ type: 'rerun', runId }), `Run the same query again on ${view.target}.`),
    button('Export CSV…', view.actions.table, () => channel.post({ type: 'export', runId, format: 'csv', rows: shownRows() }), shownNote),
    button('Export for Excel…', view.actions.table, () => channel.post({ type: 'export', runId, format: 'excel', rows: shownRows() }), `${shownNote} CSV with a UTF-8 byte-order mark and a separator line, which Excel opens in columns.`),
    button('Export JSON…', view.actions.json, () => channel.post({ type: 'export', runId, format: 'json', rows: shownRows() }), view.insight ? shownNote : undefined),
    button('Copy as Markdown', view.actions.markdown, () => channel.post({ type: 'copyMarkdown', runId, rows: shownRows() }), view.insight ? shownNote : undefined),
  );
}

function renderInsight(root: HTMLElement, view: ResultsView, insight: InsightView, locale: string, channel: HostChannel, settings: GridSettings | undefined): DrawnResults {
  if (insight.audience) {
    root.append(
      h(
        'section',
        { className: 'audience' },
        h('h2', { text: 'Audience' }),
        h('p', { className: 'audience-value', text: insight.audience.display, attributes: { id: 'audience', 'data-value': insight.audience.value, title: insight.audience.value } }),
        insight.audience.note !== undefined && h('p', { className: 'note', text: insight.audience.note }),
      ),
    );
  }
  if (insight.notes.length > 0) root.append(h('ul', { className: 'notes' }, ...insight.notes.map((note) => h('li', { text: note }))));
  if (view.thresholds) root.append(renderThresholds(view.thresholds));

  const gridHost = h('div', { className: 'grid', attributes: { tabindex: '-1' } });
  const tableFrame = h('div', { className: 'table-frame' }, gridHost);
  const hasLeftOut = insight.rows.some((row) => row.mark === 'missing');
  const toggle = h('input', { attributes: { type: 'checkbox', id: 'show-left-out' } });
  toggle.checked = true;
  root.append(
    section(
      'Table',
      'table-section',
      hasLeftOut && h('label', { className: 'toggle' }, toggle, h('span', { text: ' Show the bins the service left out (redacted or empty)' })),
      insight.rows.some((row) => row.mark !== undefined) &&
        h('p', { className: 'legend' }, h('span', { className: 'legend-partial', text: 'Shaded rows' }), h('span', { text: ' stop above a dimension or were left out: the service redacts bins below the redaction threshold and lists no empty bin.' })),
      h('p', { className: 'note', text: 'Select cells with the mouse (Shift to extend) and press Ctrl+C to copy them; Ctrl+Shift+C or the right-click menu copies with the headers.' }),
      tableFrame,
    ),
  );

  const chartSection = section('Charts', 'charts');
  let charts: DrawnChart[] = [];
  let cancelCharts = (): void => undefined;
  const hasCharts = insight.columns.some((column) => column.kind === 'dimension');
  // After the grid's rows are painted, with Chart.js loaded then: the table is what a run is
  // waited for, and the charts below it follow without holding it back.
  const drawCharts = (shown: number[]): void => {
    cancelCharts();
    if (!hasCharts) return;
    let cancelled = false;
    const cancelPaint = afterPaint(() => {
      loadCharts(root).then(
        (api) => {
          if (cancelled) return;
          charts.forEach((chart) => chart.destroy());
          chartSection.querySelectorAll('figure, .charts-missing').forEach((figure) => figure.remove());
          charts = chartsOfShownRows(insight.columns, insight.rows, shown).map((chart) => api.drawDimensionChart(chartSection, chart, locale));
        },
        (error: unknown) => {
          if (cancelled || chartSection.querySelector('.charts-missing')) return;
          chartSection.append(h('p', { className: 'note charts-missing', text: `The charts could not be drawn: ${error instanceof Error ? error.message : String(error)}. The table above holds the same counts.` }));
        },
      );
    });
    cancelCharts = () => {
      cancelled = true;
      cancelPaint();
    };
  };
  const copy = (request: { rows: number[]; columns?: number[]; headers: boolean }): void => channel.post({ type: 'copyRows', runId: view.runId, ...request });
  const drawGrid = (current: GridSettings | undefined): ResultGrid =>
    drawLazyResultGrid(root, gridHost, insight.columns, insight.rows, { locale, hideLeftOut: !toggle.checked, onShownRows: drawCharts, onCopy: copy, ...(current ? { settings: current } : {}) });
  const swap = swapInGrid(tableFrame, gridHost, insight, locale, settings, drawGrid);
  toggle.addEventListener('change', () => {
    const current = swap.builtGrid()?.settings() ?? settings;
    swap.destroy();
    gridHost.replaceChildren();
    swap.replace(drawGrid(current));
  });
  if (hasCharts) root.append(chartSection);
  if (insight.quality.length > 0) {
    root.append(section('Quality measures', 'quality', factList(insight.quality.map((q) => ({ label: q.label, value: q.value, detail: `${q.explanation} (${q.field})` })))));
  }
  return {
    runId: view.runId,
    ready: swap.rowsDrawn,
    settled: swap.gridInPlace,
    get grid() {
      return swap.builtGrid();
    },
    destroy: () => {
      cancelCharts();
      swap.destroy();
      charts.forEach((chart) => chart.destroy());
    },
  };
}

function renderThresholds(thresholds: ThresholdsView): HTMLElement {
  return section('Privacy thresholds', `thresholds thresholds-${thresholds.source}`, factList(thresholds.facts), h('p', { className: 'note', text: thresholds.note }));
}

function renderActivation(activation: ActivationView): HTMLElement[] {
  const parts: HTMLElement[] = [section('Activation', 'activation', factList(activation.facts))];
  parts.push(
    section(
      'Output columns',
      'output-columns',
      activation.outputColumns.length > 0 ? h('ul', {}, ...activation.outputColumns.map((column) => h('li', {}, h('code', { text: column })))) : h('p', { className: 'note', text: 'The service named no output column.' }),
    ),
  );
  const header = ['Connector', 'Status', 'Pushed', 'Completed', 'Outcome'];
  parts.push(
    section(
      'Pushes',
      'pushes',
      activation.pushes.length > 0
        ? h(
            'table',
            { className: 'simple-table' },
            h('thead', {}, h('tr', {}, ...header.map((title) => h('th', { text: title })))),
            h('tbody', {}, ...activation.pushes.map((push) => h('tr', {}, ...[push.connector, push.status, push.pushedAt, push.completedAt, push.outcome].map((cell) => h('td', { text: cell }))))),
          )
        : h('p', { className: 'note', text: 'No push to a destination yet.' }),
    ),
  );
  return parts;
}
