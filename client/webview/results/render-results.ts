/**
 * Draws a ResultsView: status, query and target, the actions, then the insight result (audience,
 * notes, thresholds, grid, charts, quality measures) or the activation (facts, output columns,
 * pushes). Every value is placed as text through shared/dom.ts.
 */
import type { ActivationView, InsightView, ResultsView, ThresholdsView } from '../../../common/webview/results-view';
import { factList, h, queryBlock, section } from '../shared/dom';
import type { HostChannel } from '../shared/host-channel';
import { drawDimensionChart } from './dimension-chart';
import type { DrawnChart } from './dimension-chart';
import { drawResultGrid } from './result-grid';
import type { GridSettings, ResultGrid } from './result-grid';

const STATUS_LABELS: Readonly<Record<ResultsView['status'], string>> = {
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** The live widgets of the drawn view, destroyed before the next draw. */
export interface DrawnResults {
  readonly runId: string;
  /** Settles once everything is on the page (the grid draws its rows asynchronously). */
  readonly ready: Promise<void>;
  readonly grid?: ResultGrid;
  readonly charts: readonly DrawnChart[];
}

/** Replaces the contents of `root` with `view`; keeps the grid's sort and filters for the same run. */
export function renderResults(root: HTMLElement, view: ResultsView, channel: HostChannel, previous: DrawnResults | undefined): DrawnResults {
  const settings: GridSettings | undefined = previous?.runId === view.runId ? previous.grid?.settings() : undefined;
  previous?.grid?.destroy();
  previous?.charts.forEach((chart) => chart.destroy());
  root.replaceChildren();

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
  root.append(renderActions(view, channel));
  root.append(h('details', { className: 'query-details', attributes: { open: '' } }, h('summary', { text: 'Query' }), queryBlock(view.query)));

  let drawn: DrawnResults = { runId: view.runId, ready: Promise.resolve(), charts: [] };
  if (view.insight) drawn = renderInsight(root, view.insight, view.thresholds, view.runId, settings);
  else if (view.thresholds) root.append(renderThresholds(view.thresholds));
  if (view.activation) root.append(...renderActivation(view.activation));
  return drawn;
}

function renderActions(view: ResultsView, channel: HostChannel): HTMLElement {
  const button = (label: string, enabled: boolean, onClick: () => void): HTMLButtonElement => {
    const element = h('button', { text: label, attributes: { type: 'button' } });
    element.disabled = !enabled;
    element.addEventListener('click', onClick);
    return element;
  };
  return h(
    'nav',
    { className: 'actions', attributes: { 'aria-label': 'Result actions' } },
    button('Export CSV…', view.actions.csv, () => channel.post({ type: 'export', format: 'csv' })),
    button('Export JSON…', view.actions.json, () => channel.post({ type: 'export', format: 'json' })),
    button('Copy as Markdown', view.actions.markdown, () => channel.post({ type: 'copyMarkdown' })),
  );
}

function renderInsight(root: HTMLElement, insight: InsightView, thresholds: ThresholdsView | undefined, runId: string, settings: GridSettings | undefined): DrawnResults {
  if (insight.audience) {
    root.append(
      h(
        'section',
        { className: 'audience' },
        h('h2', { text: 'Audience' }),
        h('p', { className: 'audience-value', text: insight.audience.display, attributes: { id: 'audience', 'data-value': insight.audience.value } }),
        insight.audience.note !== undefined && h('p', { className: 'note', text: insight.audience.note }),
      ),
    );
  }
  if (insight.notes.length > 0) root.append(h('ul', { className: 'notes' }, ...insight.notes.map((note) => h('li', { text: note }))));
  if (thresholds) root.append(renderThresholds(thresholds));

  const gridHost = h('div', { className: 'grid' });
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
      gridHost,
    ),
  );
  let grid = drawResultGrid(gridHost, insight.columns, insight.rows, settings);
  toggle.addEventListener('change', () => {
    const current = grid.settings();
    grid.destroy();
    gridHost.replaceChildren();
    grid = drawResultGrid(gridHost, insight.columns, toggle.checked ? insight.rows : insight.rows.filter((row) => row.mark !== 'missing'), current);
  });

  const charts: DrawnChart[] = [];
  if (insight.charts.length > 0) {
    const chartSection = section('Charts', 'charts');
    root.append(chartSection);
    for (const chart of insight.charts) charts.push(drawDimensionChart(chartSection, chart));
  }
  if (insight.quality.length > 0) {
    root.append(section('Quality measures', 'quality', factList(insight.quality.map((q) => ({ label: q.label, value: q.value, detail: `${q.explanation} (${q.field})` })))));
  }
  return {
    runId,
    ready: grid.built,
    get grid() {
      return grid;
    },
    charts,
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
