/**
 * What the results grid shows, as data: the rows it lists after the user's filter and sort
 * (as indices into the view's rows, in the grid's order) turned into the bar charts beside it
 * and into the table that copies and exports write. Pure and shared: the page draws the
 * charts from it, the host builds files and clipboard text from it, the unit tests check both.
 */
import type { ResultColumn, ResultRowView } from './results-view';

/** Beyond this many bins a chart stops being readable; the grid still has them all. */
export const MAX_BARS = 60;

/** What the count of a bin the service left out shows (grid, copies and exports alike). */
export const LEFT_OUT_TEXT = 'redacted or empty';

export interface ChartView {
  readonly title: string;
  /** How the bars were counted. */
  readonly note?: string;
  readonly bars: readonly { readonly label: string; readonly value: number }[];
}

/** A table of text cells: what a copy or an export of the shown rows holds. */
export interface ShownTable {
  readonly header: readonly string[];
  /** Raw values (exact digits), `''` where a cell is empty. */
  readonly rows: readonly (readonly string[])[];
}

/** The indices of `shown` below `rowCount`, each once, in the given order (a page's message is not trusted). */
export function validRowIndices(shown: readonly number[], rowCount: number): number[] {
  const seen = new Set<number>();
  const valid: number[] = [];
  for (const index of shown) {
    if (!Number.isInteger(index) || index < 0 || index >= rowCount || seen.has(index)) continue;
    seen.add(index);
    valid.push(index);
  }
  return valid;
}

/**
 * One chart per dimension column, counting the shown rows only: each bar adds up the counts of
 * the shown rows with that bin, in the order the grid first shows the bin. Rows of bins the
 * service left out count nothing. Empty when the table has no dimension.
 */
export function chartsOfShownRows(columns: readonly ResultColumn[], rows: readonly ResultRowView[], shown: readonly number[]): ChartView[] {
  const countAt = columns.findIndex((column) => column.kind === 'count');
  const dimensions = columns.map((column, index) => ({ column, index })).filter(({ column }) => column.kind === 'dimension');
  if (countAt < 0 || dimensions.length === 0) return [];
  const indices = validRowIndices(shown, rows.length);
  const filtered = indices.length < rows.length;
  return dimensions.map(({ column, index }, depth): ChartView => {
    const totals = new Map<string, number>();
    for (const rowIndex of indices) {
      const row = rows[rowIndex];
      const bin = row.cells[index];
      if (bin === null || bin === undefined) continue;
      const count = Number(row.cells[countAt] ?? '');
      totals.set(bin, (totals.get(bin) ?? 0) + (Number.isFinite(count) ? count : 0));
    }
    const all = [...totals].map(([label, value]) => ({ label, value }));
    const bars = all.slice(0, MAX_BARS);
    const notes: string[] = [];
    if (filtered) notes.push(`The ${indices.length} of ${rows.length} rows the table shows.`);
    if (depth > 0 || dimensions.length > 1) notes.push('Each bar adds up the rows of its bin; bins the service redacted are not included.');
    if (all.length > bars.length) notes.push(`The first ${bars.length} of ${all.length} bins; the table has them all.`);
    return { title: column.title, ...(notes.length > 0 ? { note: notes.join(' ') } : {}), bars };
  });
}

/**
 * The shown rows (and, when given, only the columns `columnIndices`, in that order) as text: a
 * dimension the row stops above is `''`, the count of a bin the service left out says so.
 */
export function shownTable(columns: readonly ResultColumn[], rows: readonly ResultRowView[], shown: readonly number[], columnIndices?: readonly number[]): ShownTable {
  const picked = columnIndices === undefined ? columns.map((_, index) => index) : validRowIndices(columnIndices, columns.length);
  return {
    header: picked.map((index) => columns[index].title),
    rows: validRowIndices(shown, rows.length).map((rowIndex) => {
      const row = rows[rowIndex];
      return picked.map((index) => row.cells[index] ?? (row.mark === 'missing' && columns[index].kind !== 'dimension' ? LEFT_OUT_TEXT : ''));
    }),
  };
}
