/** Writes CSV lines the way DATA-FORMAT.md reads them: plain numbers, quotes only when needed. */

export type CsvCell = string | number | undefined;

/** One CSV line (without the line break); `undefined` is an empty cell. */
export function formatCsvLine(cells: readonly CsvCell[]): string {
  return cells.map(formatCsvCell).join(',');
}

function formatCsvCell(cell: CsvCell): string {
  if (cell === undefined) return '';
  const text = typeof cell === 'number' ? String(cell) : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
