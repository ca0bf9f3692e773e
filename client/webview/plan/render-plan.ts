/**
 * Draws a PlanView: the query and target, the audience in IQL words, the join path as a graph,
 * the dimensions with their representation and bins (what the service inferred marked), the
 * filter, the thresholds and the notes. Every value is placed as text through shared/dom.ts.
 */
import type { PlanDimensionView, PlanView } from '../../../common/webview/plan-view';
import { factList, h, queryBlock, section } from '../shared/dom';
import { drawPlanGraph } from './plan-graph-svg';

/** Bins shown as chips before the rest are counted. */
const SHOWN_BINS = 60;

/** Replaces the contents of `root` with `view`. */
export function renderPlan(root: HTMLElement, view: PlanView): void {
  root.replaceChildren();
  root.append(
    h('header', { className: 'page-header' }, h('h1', { text: 'Query plan' }), h('p', { className: 'target', text: `Target: ${view.target} · as the service will run it` })),
    h('details', { className: 'query-details', attributes: { open: '' } }, h('summary', { text: 'Query' }), queryBlock(view.query)),
  );
  const audience: (HTMLElement | false)[] = [
    view.audience !== undefined && h('p', { className: 'audience-expression' }, h('span', { text: 'Audience: ' }), h('code', { text: view.audience, attributes: { id: 'plan-audience' } })),
    view.countedIn !== undefined && h('p', {}, h('span', { text: 'Individuals counted in ' }), h('code', { text: view.countedIn })),
  ];
  root.append(section('Join path', 'join-path', ...audience, drawPlanGraph(view)));
  if (view.dimensions.length > 0) root.append(section('Dimensions', 'dimensions', renderDimensions(view.dimensions)));
  if (view.filter !== undefined) root.append(section('Filter', 'filter', h('pre', { className: 'query' }, h('code', { text: view.filter }))));
  if (view.thresholds.length > 0) root.append(section('Privacy thresholds', 'thresholds', factList(view.thresholds)));
  if (view.notes.length > 0) root.append(h('ul', { className: 'notes' }, ...view.notes.map((note) => h('li', { text: note }))));
}

function renderDimensions(dimensions: readonly PlanDimensionView[]): HTMLElement {
  const header = h('thead', {}, h('tr', {}, ...['Category', 'Representation', 'Bins'].map((title) => h('th', { text: title }))));
  const rows = dimensions.map((dimension) => {
    const name = dimension.dataset !== undefined ? `${dimension.dataset}.${dimension.category}` : dimension.category;
    const representation = dimension.representation !== undefined ? h('td', {}, h('span', { text: dimension.representation }), badge(dimension.representationInferred)) : h('td', { text: '—' });
    return h('tr', {}, h('td', {}, h('code', { text: name })), representation, h('td', {}, renderBins(dimension)));
  });
  return h('table', { className: 'simple-table' }, header, h('tbody', {}, ...rows));
}

function renderBins(dimension: PlanDimensionView): HTMLElement {
  if (dimension.binCount === 0) return h('span', {}, h('span', { className: 'note', text: 'decided when the query runs' }), badge(dimension.binsInferred));
  const shown = dimension.bins.slice(0, SHOWN_BINS);
  const rest = dimension.binCount - shown.length;
  return h(
    'div',
    { className: 'bins' },
    ...shown.map((bin) => h('span', { className: 'bin', text: bin })),
    rest > 0 && h('span', { className: 'note', text: ` and ${rest} more` }),
    badge(dimension.binsInferred),
  );
}

/** `inferred` when the service chose it, `from the query` when the query named it. */
function badge(inferred: boolean): HTMLElement {
  return h('span', {
    className: inferred ? 'badge inferred' : 'badge explicit',
    text: inferred ? 'inferred' : 'from the query',
    attributes: { title: inferred ? 'Chosen by the service: the query did not name it.' : 'Named by the query.' },
  });
}
