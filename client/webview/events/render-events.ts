/**
 * Draws one EventsView: the controls (event type, company, page size, order, Refresh,
 * Export CSV…), the page's place (page N, whether more follow), the service's message when the
 * last page could not be read, and the events as a table. Every value is set as text.
 */
import { changeEventsQuery, EVENTS_PAGE_SIZES } from '../../../common/webview/events-view';
import type { EventsChoice, EventsQuery, EventsQueryChange, EventsView } from '../../../common/webview/events-view';
import { h } from '../shared/dom';

export function renderEvents(root: HTMLElement, view: EventsView, ask: (query: EventsQuery) => void, exportCsv: () => void): void {
  const change = (what: EventsQueryChange): void => ask(changeEventsQuery(view.query, what));
  const busy = view.loading;

  const typeSelect = choiceSelect('Event type', 'All event types', view.eventTypes, view.query.eventType, (value) => change({ kind: 'eventType', value }));
  const companySelect = choiceSelect('Company', 'All companies', view.companies, view.query.companyId, (value) => change({ kind: 'companyId', value }));
  const sizes = [...new Set<number>([...EVENTS_PAGE_SIZES, view.query.perPage])].sort((a, b) => a - b);
  const sizeSelect = choiceSelect('Page size', undefined, sizes.map((size) => ({ value: String(size), label: `${size} per page` })), String(view.query.perPage), (value) =>
    change({ kind: 'perPage', value: Number(value) }),
  );
  const orderButton = button(view.query.order === 'desc' ? 'Newest first' : 'Oldest first', 'Reverse the order', () => change({ kind: 'toggleOrder' }));
  const refresh = button('Refresh', 'Read this page again', () => ask(view.query));
  const exportButton = button('Export CSV…', 'Export the whole event log as CSV', exportCsv);
  const previous = button('Previous', 'The previous page', () => change({ kind: 'previous' }), busy || view.query.page <= 1);
  const next = button('Next', 'The next page', () => change({ kind: 'next' }), busy || !view.hasMore);

  const total = view.totalResults === undefined ? '' : ` · ${view.totalResults} event${view.totalResults === 1 ? '' : 's'} in all`;
  const place = h('span', { className: 'page-place', text: `Page ${view.query.page}${view.hasMore ? ' · more follow' : ' · last page'}${total}` });

  root.replaceChildren(
    h('h1', { text: `Events of ${view.collaboration.name}` }),
    h('p', { className: 'target', text: view.collaboration.id }),
    h('div', { className: 'controls' }, typeSelect, companySelect, sizeSelect, orderButton, refresh, exportButton),
    h('div', { className: 'pager' }, previous, place, next, busy && h('span', { className: 'loading', text: 'Loading…' })),
    ...(view.error === undefined ? [] : [h('p', { className: 'message', attributes: { role: 'status' }, text: `This page could not be read: ${view.error}` })]),
    eventsTable(view),
  );
}

function eventsTable(view: EventsView): HTMLElement {
  if (view.rows.length === 0) return h('p', { className: 'note', text: view.loading ? '' : 'No events on this page.' });
  const head = h('thead', {}, h('tr', {}, ...['Time', 'Type', 'Company', 'Message', 'Entities'].map((title) => h('th', { text: title }))));
  const body = h('tbody');
  for (const row of view.rows) {
    const company = h('td', { text: row.company, ...(row.company !== row.companyId ? { attributes: { title: row.companyId } } : {}) });
    const entities = h('td', { className: 'entities' }, ...row.entities.map((entity) => h('div', { text: entity })));
    body.append(h('tr', {}, h('td', { className: 'time', text: row.time }), h('td', { className: 'type', text: row.type }), company, h('td', { text: row.message }), entities));
  }
  return h('table', { className: 'simple-table events-table' }, head, body);
}

/** A labelled select; `allLabel` adds a first choice with the empty value (no filter). */
function choiceSelect(label: string, allLabel: string | undefined, choices: readonly EventsChoice[], selected: string | undefined, onChange: (value: string) => void): HTMLElement {
  const select = h('select', { attributes: { 'aria-label': label } });
  if (allLabel !== undefined) select.append(h('option', { text: allLabel, attributes: { value: '' } }));
  for (const choice of choices) select.append(h('option', { text: choice.label, attributes: { value: choice.value, title: choice.value } }));
  // A value the choices do not list (a filter set from a script) still shows as chosen.
  if (selected !== undefined && selected !== '' && !choices.some((choice) => choice.value === selected)) {
    select.append(h('option', { text: selected, attributes: { value: selected } }));
  }
  select.value = selected ?? '';
  select.addEventListener('change', () => onChange(select.value));
  return h('label', { className: 'control' }, h('span', { text: label }), select);
}

function button(text: string, title: string, onClick: () => void, disabled = false): HTMLButtonElement {
  const element = h('button', { text, attributes: { type: 'button', title } });
  element.disabled = disabled;
  element.addEventListener('click', onClick);
  return element;
}
