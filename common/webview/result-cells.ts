/**
 * What one cell of the result table shows, and the table's first rows as text: shared by the
 * Tabulator grid and the plain table the results page draws at once while the grid is built
 * (so both show the same words and numbers). Pure: no DOM; the page and the unit tests share it.
 */
import { formatResultNumber } from './number-format';
import type { ResultColumn, ResultRowView } from './results-view';
import { LEFT_OUT_TEXT } from './shown-rows';

/** What an empty dimension cell shows (the row stops above that dimension). */
export const NO_BIN_TEXT = '—';

export interface CellText {
  readonly text: string;
  /** The hover: the exact value, or why the cell is empty. */
  readonly title: string;
  /** `left-out` or `no-bin` for the cells without a value. */
  readonly className?: 'left-out' | 'no-bin';
}

/** A cell's text: bins as they are, numbers in the editor's locale, empty cells in words. */
export function resultCellText(value: string | null | undefined, column: ResultColumn, mark: ResultRowView['mark'], locale: string): CellText {
  if (value !== null && value !== undefined) {
    return { text: column.kind === 'dimension' ? value : formatResultNumber(value, column.kind, locale), title: value };
  }
  if (column.kind !== 'dimension' && mark === 'missing') {
    return { text: LEFT_OUT_TEXT, title: 'The service left this bin out: it was below the redaction threshold or held no one.', className: 'left-out' };
  }
  return { text: NO_BIN_TEXT, title: 'No deeper bin: redacted or empty.', className: 'no-bin' };
}

export interface FirstRows {
  readonly rows: readonly { readonly mark?: ResultRowView['mark']; readonly cells: readonly CellText[] }[];
  /** How many rows the table has in all. */
  readonly total: number;
}

/** The first `limit` rows of the table as text, in the view's order (no sort or filter yet). */
export function firstRowsText(columns: readonly ResultColumn[], rows: readonly ResultRowView[], locale: string, limit: number): FirstRows {
  const shown = rows.slice(0, Math.max(0, limit));
  return {
    rows: shown.map((row) => ({ ...(row.mark ? { mark: row.mark } : {}), cells: columns.map((column, index) => resultCellText(row.cells[index], column, row.mark, locale)) })),
    total: rows.length,
  };
}
