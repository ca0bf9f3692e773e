/**
 * One category's values as a Tabulator grid, sortable by any column. Tabulator writes a
 * formatter's string answer with innerHTML, so every cell and every column title here is a DOM
 * node holding the value as text.
 */
import { FormatModule, SortModule, Tabulator } from 'tabulator-tables';
import type { CellComponent, ColumnDefinition } from 'tabulator-tables';
import type { ReportSingleRow } from '../../../common/webview/report-view';
import { h } from '../shared/dom';
import { compareBins, compareNumbers } from '../results/result-grid';

Tabulator.registerModule([FormatModule, SortModule]);

/** With more rows than this the grid scrolls inside a fixed height. */
const SCROLL_AFTER_ROWS = 20;

const COLUMNS: readonly { field: keyof ReportSingleRow; title: string }[] = [
  { field: 'value', title: 'Value' },
  { field: 'baselineForeground', title: 'Baseline foreground' },
  { field: 'intersectionForeground', title: 'Intersection foreground' },
  { field: 'index', title: 'Index' },
];

export interface SingleGrid {
  /** Settles once the grid has drawn its rows (Tabulator builds the table asynchronously). */
  readonly built: Promise<void>;
  destroy(): void;
}

export function drawSingleGrid(container: HTMLElement, rows: readonly ReportSingleRow[]): SingleGrid {
  const definitions: ColumnDefinition[] = COLUMNS.map((column) => ({
    title: column.title,
    field: column.field,
    titleFormatter: () => h('span', { text: column.title }),
    formatter: (cell: CellComponent) => h('span', { text: String(cell.getValue() ?? '') }),
    sorter: column.field === 'value' ? compareBins : compareNumbers,
    hozAlign: column.field === 'value' ? 'left' : 'right',
  }));
  const table = new Tabulator(container, {
    data: rows.map((row) => ({ ...row })),
    columns: definitions,
    layout: 'fitDataStretch',
    ...(rows.length > SCROLL_AFTER_ROWS ? { height: '460px' } : {}),
    placeholder: h('span', { text: 'No values.' }),
  });
  const built = new Promise<void>((resolve) => table.on('tableBuilt', () => resolve()));
  return { built, destroy: () => table.destroy() };
}
