/**
 * Draws one ReportView: the report's name and status, Export CSV…, for each category its
 * backgrounds, a chart of the index per value (baseline at 100) and a sortable table, then the
 * cross section: two selects of the report's categories and a heat map of the cross result's
 * indices (each cell coloured on a diverging scale around 100, its number as text). Every value
 * is set as text.
 */
import { BASELINE_INDEX, indexColour, indexNumber } from '../../../common/webview/report-view';
import type { ReportCross, ReportView } from '../../../common/webview/report-view';
import { factList, h, section } from '../shared/dom';
import { drawIndexChart } from './index-chart';
import type { DrawnChart } from '../results/dimension-chart';
import { drawSingleGrid } from './single-grid';
import type { SingleGrid } from './single-grid';

export interface ReportActions {
  cross(pair: [string, string]): void;
  exportCsv(): void;
}

export interface DrawnReport {
  /** Settles once everything is on the page (the grids draw their rows asynchronously). */
  readonly ready: Promise<void>;
  destroy(): void;
}

/** Replaces the contents of `root` with `view`, destroying what `previous` drew. */
export function renderReport(root: HTMLElement, view: ReportView, actions: ReportActions, previous?: DrawnReport): DrawnReport {
  previous?.destroy();
  const exportButton = h('button', { text: 'Export CSV…', attributes: { type: 'button', title: 'Save every single-category result row as CSV' } });
  exportButton.addEventListener('click', () => actions.exportCsv());
  root.replaceChildren(
    h('h1', { text: `Insight report ${view.name || view.reportId}` }),
    h('p', { className: 'target', text: `${view.reportId} · ${view.status}` }),
    h('div', { className: 'controls' }, exportButton),
  );

  const charts: DrawnChart[] = [];
  const grids: SingleGrid[] = [];
  if (view.singles.length === 0) root.append(h('p', { className: 'note', text: 'This report has no single-category results.' }));
  for (const single of view.singles) {
    const chartHost = h('div', { className: 'index-chart' });
    const gridHost = h('div', { className: 'grid' });
    root.append(
      section(
        single.category,
        'single',
        factList([
          { label: 'Baseline background', value: single.baselineBackground },
          { label: 'Intersection background', value: single.intersectionBackground },
        ]),
        chartHost,
        gridHost,
      ),
    );
    charts.push(drawIndexChart(chartHost, single));
    grids.push(drawSingleGrid(gridHost, single.rows));
  }
  root.append(crossSection(view, actions));
  return {
    ready: Promise.all(grids.map((grid) => grid.built)).then(() => undefined),
    destroy: () => {
      charts.forEach((chart) => chart.destroy());
      grids.forEach((grid) => grid.destroy());
    },
  };
}

function crossSection(view: ReportView, actions: ReportActions): HTMLElement {
  if (view.categories.length < 2) return section('Cross categories', 'cross', h('p', { className: 'note', text: 'A cross result needs two categories; this report has fewer.' }));
  const [first, second] = view.pair ?? [view.categories[0]!, view.categories[1]!];
  const firstSelect = categorySelect('First category', view.categories, first);
  const secondSelect = categorySelect('Second category', view.categories, second);
  const ask = (): void => actions.cross([firstSelect.select.value, secondSelect.select.value]);
  firstSelect.select.addEventListener('change', ask);
  secondSelect.select.addEventListener('change', ask);
  const body: (HTMLElement | false)[] = [h('div', { className: 'controls' }, firstSelect.label, secondSelect.label, view.loading && h('span', { className: 'loading', text: 'Loading…' }))];
  if (view.crossError !== undefined) body.push(h('p', { className: 'message', attributes: { role: 'status' }, text: `The cross result could not be read: ${view.crossError}` }));
  else if (view.cross) body.push(crossFacts(view.cross), heatMap(view.cross));
  else if (!view.loading) body.push(h('p', { className: 'note', text: 'No cross result for these categories.' }));
  return section('Cross categories', 'cross', ...body);
}

function crossFacts(cross: ReportCross): HTMLElement {
  return factList([
    { label: 'Baseline background', value: cross.baselineBackground },
    { label: 'Intersection background', value: cross.intersectionBackground },
  ]);
}

/** The indices as a table: the first category's values down, the second's across; each cell coloured by its index. */
function heatMap(cross: ReportCross): HTMLElement {
  const head = h('thead', {}, h('tr', {}, h('th', { text: `${cross.categories[0]} \\ ${cross.categories[1]}` }), ...cross.columnValues.map((value) => h('th', { text: value }))));
  const body = h('tbody');
  cross.rowValues.forEach((rowValue, row) => {
    const cells = cross.columnValues.map((columnValue, column) => {
      const text = cross.cells[row]?.[column] ?? '';
      const cell = h('td', { className: 'index', text, attributes: { title: `${rowValue} × ${columnValue}: index ${text === '' ? 'none' : text} (baseline ${BASELINE_INDEX})` } });
      const index = indexNumber(text);
      const colour = index === undefined ? undefined : indexColour(index);
      // CSSOM, which the page's CSP allows (an inline style attribute it would refuse).
      if (colour !== undefined) cell.style.backgroundColor = colour;
      return cell;
    });
    body.append(h('tr', {}, h('th', { text: rowValue }), ...cells));
  });
  return h('table', { className: 'simple-table heat-map' }, head, body);
}

function categorySelect(label: string, categories: readonly string[], selected: string): { label: HTMLElement; select: HTMLSelectElement } {
  const select = h('select', { attributes: { 'aria-label': label } });
  for (const category of categories) select.append(h('option', { text: category, attributes: { value: category } }));
  select.value = selected;
  return { label: h('label', { className: 'control' }, h('span', { text: label }), select), select };
}
