/**
 * The result table as a Tabulator grid: sort by any column, filter under every header, select a
 * range of cells with the mouse or keyboard and copy it (Ctrl+C: the values, tab-separated; the
 * context menu and Ctrl+Shift+C: with the headers, through the host). Numbers are written in the
 * editor's locale, the exact value on hover; headers wrap and explain the column on hover.
 * Only the modules used are registered, which keeps the bundle small. Tabulator writes a
 * formatter's or menu label's string answer with innerHTML, so every cell, title and label here
 * is a DOM node holding its value as text.
 */
import {
  ClipboardModule,
  EditModule,
  ExportModule,
  FilterModule,
  FormatModule,
  FrozenColumnsModule,
  InteractionModule,
  MenuModule,
  ResizeColumnsModule,
  SelectRangeModule,
  SortModule,
  Tabulator,
} from 'tabulator-tables';
import type { CellComponent, ColumnDefinition, Filter, MenuObject, RowComponent, SorterFromTable } from 'tabulator-tables';
import { resultCellText } from '../../../common/webview/result-cells';
import type { ResultColumn, ResultRowView } from '../../../common/webview/results-view';
import { h } from '../shared/dom';
import { GRID_HEIGHT, SCROLL_AFTER_ROWS } from './first-rows-table';

// Range selection lays its highlight out with the frozen-columns module, even with none frozen.
Tabulator.registerModule([FormatModule, SortModule, FilterModule, EditModule, ResizeColumnsModule, InteractionModule, FrozenColumnsModule, SelectRangeModule, ExportModule, ClipboardModule, MenuModule]);

/**
 * Options of the range module the typings leave out: no cell is selected (and so focused) when
 * the grid is drawn, which would take the keyboard from the editor after every run.
 */
const NO_INITIAL_RANGE = { selectableRangeAutoFocus: false, selectableRangeInitializeDefault: false };

/** The field holding a row's index in the view, which copies and exports name. */
const INDEX_FIELD = 'index';

interface GridRow {
  [field: string]: string | number | null | undefined;
  index: number;
  mark?: 'partial' | 'missing';
}

/** The user's sort and filters, carried over when the same run is drawn again. */
export interface GridSettings {
  readonly sorters: readonly { column: string; dir: 'asc' | 'desc' }[];
  readonly filters: readonly { field: string; value: unknown }[];
}

/** Rows (indices into the view's rows) and columns (indices into its columns) to copy. */
export interface CopyRequest {
  readonly rows: number[];
  readonly columns?: number[];
  readonly headers: boolean;
}

export interface GridOptions {
  readonly locale: string;
  readonly settings?: GridSettings;
  /** Leaves out the rows of bins the service left out. */
  readonly hideLeftOut?: boolean;
  /** After every sort or filter (and once built): the view's row indices the grid shows, in its order. */
  readonly onShownRows: (shown: number[]) => void;
  readonly onCopy: (request: CopyRequest) => void;
}

export interface ResultGrid {
  /** Settles once the grid has drawn its rows (Tabulator builds the table asynchronously). */
  readonly built: Promise<void>;
  settings(): GridSettings;
  /** The view's row indices the grid shows, in its order (after the user's filter and sort). */
  shownRows(): number[];
  /** Scrolls the grid so that the view's row `index` is at its top, if the grid shows it. */
  scrollToRow(index: number): void;
  destroy(): void;
}

/** Draws the grid of `rows` into `container`. */
export function drawResultGrid(container: HTMLElement, columns: readonly ResultColumn[], rows: readonly ResultRowView[], options: GridOptions): ResultGrid {
  const data: GridRow[] = [];
  rows.forEach((row, index) => {
    if (options.hideLeftOut && row.mark === 'missing') return;
    const record: GridRow = { [INDEX_FIELD]: index, ...(row.mark ? { mark: row.mark } : {}) };
    row.cells.forEach((cell, column) => {
      record[fieldOf(column)] = cell;
    });
    data.push(record);
  });
  const definitions: ColumnDefinition[] = columns.map((column, index) => ({
    title: column.title,
    field: fieldOf(index),
    titleFormatter: () => h('span', { text: column.title, attributes: { title: column.description === undefined ? column.title : `${column.title}\n${column.description}` } }),
    headerWordWrap: true,
    formatter: (cell: CellComponent) => formatCell(cell, column, options.locale),
    sorter: column.kind === 'dimension' ? compareBins : compareNumbers,
    headerFilter: 'input',
    headerFilterPlaceholder: 'filter',
    hozAlign: column.kind === 'dimension' ? 'left' : 'right',
    resizable: true,
    maxInitialWidth: 360,
  }));
  const { settings } = options;
  const grid = new Tabulator(container, {
    data,
    index: INDEX_FIELD,
    columns: definitions,
    layout: 'fitDataStretch',
    ...(data.length > SCROLL_AFTER_ROWS ? { height: GRID_HEIGHT } : {}),
    placeholder: h('span', { text: 'No rows.' }),
    selectableRange: 1,
    selectableRangeColumns: false,
    ...NO_INITIAL_RANGE,
    clipboard: 'copy',
    clipboardCopyRowRange: 'range',
    clipboardCopyStyled: false,
    clipboardCopyConfig: { columnHeaders: false, columnGroups: false, rowGroups: false, columnCalcs: false, dataTree: false, formatCells: false },
    rowContextMenu: copyMenu(columns.length, options.onCopy),
    rowFormatter: (row) => {
      const mark = (row.getData() as GridRow).mark;
      if (mark) row.getElement().classList.add(`row-${mark}`);
    },
    ...(settings && settings.sorters.length > 0 ? { initialSort: settings.sorters.map((s) => ({ column: s.column, dir: s.dir })) } : {}),
    ...(settings && settings.filters.length > 0 ? { initialHeaderFilter: settings.filters.map((f) => ({ field: f.field, value: f.value })) } : {}),
  });
  const shownRows = (): number[] => grid.getRows('active').map((row: RowComponent) => (row.getData() as GridRow).index);
  const built = new Promise<void>((resolve) =>
    grid.on('tableBuilt', () => {
      resolve();
      // Sorts and filters change the shown rows; 'dataSorted' also follows a filter's redraw.
      grid.on('dataSorted', () => options.onShownRows(shownRows()));
      grid.on('dataFiltered', () => queueMicrotask(() => options.onShownRows(shownRows())));
      options.onShownRows(shownRows());
    }),
  );
  container.addEventListener('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'c') {
      event.preventDefault();
      options.onCopy({ ...selectedCells(grid, columns.length), headers: true });
    }
  });
  return {
    built,
    settings: () => ({
      sorters: grid.getSorters().map((sorter: SorterFromTable) => ({ column: sorter.field, dir: sorter.dir })),
      filters: grid.getHeaderFilters().map((filter: Filter) => ({ field: filter.field, value: filter.value as unknown })),
    }),
    shownRows,
    scrollToRow: (index) => {
      // Rejects when the row is filtered out or gone; the grid then stays where it is.
      grid.scrollToRow(index, 'top', false).catch(() => undefined);
    },
    destroy: () => grid.destroy(),
  };
}

/** The selected range's rows and columns as view indices; all shown rows and columns without a range. */
function selectedCells(grid: Tabulator, columnCount: number): { rows: number[]; columns: number[] } {
  const range = grid.getRanges()[0];
  const rows = range ? range.getRows() : grid.getRows('active');
  const columns = range ? range.getColumns().map((column) => indexOfField(column.getField())).filter((index) => index >= 0) : [];
  return { rows: rows.map((row) => (row.getData() as GridRow).index), columns: columns.length > 0 ? columns : Array.from({ length: columnCount }, (_, index) => index) };
}

function copyMenu(columnCount: number, onCopy: (request: CopyRequest) => void): MenuObject<RowComponent>[] {
  const item = (label: string, act: (table: Tabulator) => void): MenuObject<RowComponent> => ({
    label: () => h('span', { text: label }),
    action: (_event, row) => act(row.getTable()),
  });
  return [
    item('Copy', (table) => onCopy({ ...selectedCells(table, columnCount), headers: false })),
    item('Copy with Headers', (table) => onCopy({ ...selectedCells(table, columnCount), headers: true })),
    item('Copy All Shown Rows with Headers', (table) => onCopy({ rows: table.getRows('active').map((row) => (row.getData() as GridRow).index), headers: true })),
  ];
}

function fieldOf(index: number): string {
  // Synthetic field names: a column title like `Retail.Age` would be read as a nested path.
  return `c${index}`;
}

function indexOfField(field: string): number {
  return /^c\d+$/.test(field) ? Number(field.slice(1)) : -1;
}

function formatCell(cell: CellComponent, column: ResultColumn, locale: string): HTMLElement {
  const { text, title, className } = resultCellText(cell.getValue() as string | null | undefined, column, (cell.getData() as GridRow).mark, locale);
  return h('span', { text, attributes: { title }, ...(className ? { className } : {}) });
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
