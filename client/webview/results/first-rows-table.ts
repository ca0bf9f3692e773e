/**
 * The result table's first screen of rows as a plain HTML table, drawn at once while the
 * Tabulator grid is built after the first paint (its first build is the page's slowest work), so
 * a run's rows are on screen that much sooner. Same words and numbers as the grid
 * (common/webview/result-cells.ts), every value set as text; a real table with column headers,
 * marked busy for assistive technology until the grid takes its place.
 */
import { firstRowsText } from '../../../common/webview/result-cells';
import type { ResultColumn, ResultRowView } from '../../../common/webview/results-view';
import { h } from '../shared/dom';

/** With more rows than this the grid scrolls inside GRID_HEIGHT (and so does this table). */
export const SCROLL_AFTER_ROWS = 20;
export const GRID_HEIGHT = '460px';
/** More than a screen's worth at GRID_HEIGHT, so a scroll before the grid comes finds rows. */
export const FIRST_ROWS = 50;

/** The first FIRST_ROWS rows of `rows` in a scroll box sized as the grid will be. */
export function drawFirstRows(columns: readonly ResultColumn[], rows: readonly ResultRowView[], locale: string): HTMLElement {
  const first = firstRowsText(columns, rows, locale, FIRST_ROWS);
  const caption =
    first.total > first.rows.length ? `The first ${first.rows.length} of ${first.total} rows; the full table, with sort and filters, follows.` : 'The table; sort and filters follow.';
  const table = h(
    'table',
    { className: 'first-rows-table' },
    h('caption', { className: 'visually-hidden', text: caption }),
    h('thead', {}, h('tr', {}, ...columns.map((column) => h('th', { text: column.title, className: `kind-${column.kind}`, attributes: { scope: 'col', title: column.description === undefined ? column.title : `${column.title}\n${column.description}` } })))),
    h(
      'tbody',
      {},
      ...first.rows.map((row) =>
        h(
          'tr',
          row.mark ? { className: `row-${row.mark}` } : {},
          ...row.cells.map((cell, index) => h('td', { className: `kind-${columns[index]?.kind ?? 'dimension'}` }, h('span', { text: cell.text, attributes: { title: cell.title }, ...(cell.className ? { className: cell.className } : {}) }))),
        ),
      ),
    ),
  );
  const box = h('div', { className: `first-rows${rows.length > SCROLL_AFTER_ROWS ? ' scrolls' : ''}`, attributes: { 'aria-busy': 'true' } }, table);
  return box;
}
