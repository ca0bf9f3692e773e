/**
 * The result table as a Tabulator grid: sort by any column, filter under every header. Only the
 * modules used are registered, which keeps the bundle small. Tabulator writes a formatter's
 * string answer with innerHTML, so every cell and every column title here is formatted by a
 * function that returns a DOM node holding the value as text.
 */
import { EditModule, FilterModule, FormatModule, ResizeColumnsModule, SortModule, Tabulator } from 'tabulator-tables';
import type { CellComponent, ColumnDefinition, Filter, SorterFromTable } from 'tabulator-tables';
import type { ResultColumn, ResultRowView } from '../../../common/webview/results-view';
import { h } from '../shared/dom';

Tabulator.registerModule([FormatModule, SortModule, FilterModule, EditModule, ResizeColumnsModule]);

/** What an empty dimension cell shows (the row stops above that dimension). */
export const NO_BIN_TEXT = '—';
/** What the count of a bin the service left out shows. */
export const LEFT_OUT_TEXT = 'redacted or empty';

/** With more rows than this the grid scrolls inside a fixed height (and renders rows lazily). */
const SCROLL_AFTER_ROWS = 20;

interface GridRow {
  [field: string]: string | null | undefined;
  mark?: 'partial' | 'missing';
}

/** The user's sort and filters, carried over when the same run is drawn again. */
export interface GridSettings {
  readonly sorters: readonly { column: string; dir: 'asc' | 'desc' }[];
  readonly filters: readonly { field: string; value: unknown }[];
}

export interface ResultGrid {
  /** Settles once the grid has drawn its rows (Tabulator builds the table asynchronously). */
  readonly built: Promise<void>;
  settings(): GridSettings;
  destroy(): void;
}

/** Draws the grid into `container`, restoring `settings` when given. */
export function drawResultGrid(container: HTMLElement, columns: readonly ResultColumn[], rows: readonly ResultRowView[], settings?: GridSettings): ResultGrid {
  const data: GridRow[] = rows.map((row) => {
    const record: GridRow = row.mark ? { mark: row.mark } : {};
    row.cells.forEach((cell, index) => {
      record[fieldOf(index)] = cell;
    });
    return record;
  });
  const definitions: ColumnDefinition[] = columns.map((column, index) => ({
    title: column.title,
    field: fieldOf(index),
    titleFormatter: () => h('span', { text: column.title }),
    formatter: (cell: CellComponent) => formatCell(cell, column),
    sorter: column.kind === 'dimension' ? compareBins : compareNumbers,
    headerFilter: 'input',
    headerFilterPlaceholder: 'filter',
    hozAlign: column.kind === 'dimension' ? 'left' : 'right',
    resizable: true,
  }));
  const table = new Tabulator(container, {
    data,
    columns: definitions,
    layout: 'fitDataStretch',
    ...(rows.length > SCROLL_AFTER_ROWS ? { height: '460px' } : {}),
    placeholder: h('span', { text: 'No rows.' }),
    rowFormatter: (row) => {
      const mark = (row.getData() as GridRow).mark;
      if (mark) row.getElement().classList.add(`row-${mark}`);
    },
    ...(settings && settings.sorters.length > 0 ? { initialSort: settings.sorters.map((s) => ({ column: s.column, dir: s.dir })) } : {}),
    ...(settings && settings.filters.length > 0 ? { initialHeaderFilter: settings.filters.map((f) => ({ field: f.field, value: f.value })) } : {}),
  });
  const built = new Promise<void>((resolve) => table.on('tableBuilt', () => resolve()));
  return {
    built,
    settings: () => ({
      sorters: table.getSorters().map((sorter: SorterFromTable) => ({ column: sorter.field, dir: sorter.dir })),
      filters: table.getHeaderFilters().map((filter: Filter) => ({ field: filter.field, value: filter.value as unknown })),
    }),
    destroy: () => table.destroy(),
  };
}

function fieldOf(index: number): string {
  // Synthetic field names: a column title like `Retail.Age` would be read as a nested path.
  return `c${index}`;
}

function formatCell(cell: CellComponent, column: ResultColumn): HTMLElement {
  const value = cell.getValue() as string | null | undefined;
  const mark = (cell.getData() as GridRow).mark;
  if (value !== null && value !== undefined) return h('span', { text: column.kind === 'count' ? groupDigits(value) : value });
  if (column.kind !== 'dimension' && mark === 'missing') {
    return h('span', { className: 'left-out', text: LEFT_OUT_TEXT, attributes: { title: 'The service left this bin out: it was below the redaction threshold or held no one.' } });
  }
  return h('span', { className: 'no-bin', text: NO_BIN_TEXT, attributes: { title: 'No deeper bin: redacted or empty.' } });
}

function groupDigits(digits: string): string {
  return /^\d+$/.test(digits) ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : digits;
}

/** Bin values in natural order (`[5, 10)` before `[10, 20)`); empty cells last. */
export function compareBins(a: unknown, b: unknown): number {
  if (typeof a !== 'string') return typeof b === 'string' ? 1 : 0;
  if (typeof b !== 'string') return -1;
  return a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });
}

/** Exact comparison of decimal counts (beyond 2^53 too); missing counts first, as the smallest. */
export function compareNumbers(a: unknown, b: unknown): number {
  const x = readNumber(a);
  const y = readNumber(b);
  if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function readNumber(value: unknown): bigint | number | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^-?\d+$/.test(value)) return BigInt(value);
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
