/**
 * The files and clipboard text of the results panel, built on the extension host from the view
 * it sent (so a restored panel exports too) and the rows the grid shows, in its order: the page
 * sends only row and column indices, never values. CSV through csv-stringify (formulas
 * defused), Excel-compatible CSV (a byte-order mark and a `sep=,` line, so a spreadsheet opens
 * it in UTF-8 in columns whatever its locale's list separator), JSON, tab-separated text and
 * Markdown through the shared table.
 */
import { stringify } from 'csv-stringify/sync';
import { resultTableToMarkdown } from '../../../common/results/result-table';
import type { ResultTable } from '../../../common/results/result-table';
import type { ResultsView } from '../../../common/webview/results-view';
import { shownTable, validRowIndices } from '../../../common/webview/shown-rows';
import type { ShownTable } from '../../../common/webview/shown-rows';

export type ExportFormat = 'csv' | 'json' | 'excel';

/** The byte-order mark that tells a spreadsheet program the file is UTF-8. */
const BYTE_ORDER_MARK = '\uFEFF';

/** The shown rows of `view`'s table; undefined when the view has no table. */
function tableOf(view: ResultsView, shown: readonly number[], columns?: readonly number[]): ShownTable | undefined {
  return view.insight ? shownTable(view.insight.columns, view.insight.rows, shown, columns) : undefined;
}

/**
 * The shown rows as CSV: the header, then each row in the grid's order, exact values. Cells a
 * spreadsheet would run as a formula are prefixed with `'`. `excel` adds the byte-order mark and
 * the separator line and ends lines with CRLF. Undefined when the view has no table.
 */
export function buildShownCsv(view: ResultsView, shown: readonly number[], options: { excel?: boolean } = {}): string | undefined {
  const table = tableOf(view, shown);
  if (!table) return undefined;
  const csv = stringify([table.header, ...table.rows], { escape_formulas: true, record_delimiter: options.excel ? 'windows' : 'unix' });
  return options.excel ? `${BYTE_ORDER_MARK}sep=,\r\n${csv}` : csv;
}

/**
 * The shown rows as JSON, with the query, target and audience: one object per row keyed by the
 * column titles, numbers as JSON numbers where that keeps every digit (else as text). An
 * activation writes its facts, output columns and pushes. Undefined when there is neither.
 */
export function buildShownJson(view: ResultsView, shown: readonly number[]): string | undefined {
  const about = { query: view.query, target: view.target, status: view.status, ...(view.serviceId ? { serviceId: view.serviceId } : {}) };
  if (view.insight) {
    const kinds = view.insight.columns.map((column) => column.kind);
    const table = shownTable(view.insight.columns, view.insight.rows, shown);
    const rows = table.rows.map((cells) => Object.fromEntries(cells.map((cell, index) => [table.header[index], kinds[index] === 'dimension' ? cell : exactNumber(cell)])));
    const audience = view.insight.audience?.value;
    return `${JSON.stringify({ ...about, ...(audience !== undefined ? { audience: exactNumber(audience) } : {}), columns: table.header, rows }, null, 2)}\n`;
  }
  if (view.activation) return `${JSON.stringify({ ...about, activation: view.activation }, null, 2)}\n`;
  return undefined;
}

/** The text as a JSON number when the number writes back to the same digits, else the text. */
function exactNumber(text: string): number | string {
  if (text === '') return text;
  const value = Number(text);
  return Number.isFinite(value) && String(value) === text ? value : text;
}

/**
 * Rows (and columns) as tab-separated text, what a spreadsheet pastes into cells: optionally the
 * header first; tabs and line breaks inside a value become spaces. Undefined without a table.
 */
export function buildShownTsv(view: ResultsView, shown: readonly number[], options: { headers: boolean; columns?: readonly number[] }): string | undefined {
  const table = tableOf(view, shown, options.columns);
  if (!table) return undefined;
  const lines = [...(options.headers ? [table.header] : []), ...table.rows].map((cells) => cells.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t'));
  return lines.join('\n');
}

/**
 * The run as Markdown: the query in a fenced block, the target, then the shown rows with the
 * table's notes (an insight query) or the activation's facts and pushes. Every value is escaped
 * by `resultTableToMarkdown`. Undefined when the view has nothing to show.
 */
export function buildRunMarkdown(view: ResultsView, shown: readonly number[]): string | undefined {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(view.query) + 1));
  const header = [`${fence}iql`, view.query.trim(), fence, '', `Target: ${view.target.replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`)}`, ''];
  if (view.insight) {
    const { columns, rows, audience } = view.insight;
    const indices = validRowIndices(shown, rows.length);
    const table = shownTable(columns, rows, indices);
    const shownRows = table.rows.map((cells, position) => ({
      cells: cells.map((cell, column) => (cell === '' && columns[column].kind === 'dimension' ? null : cell)),
      ...(rows[indices[position]].mark !== undefined ? { partial: true as const } : {}),
    }));
    const result: ResultTable = { columns: [...table.header], dimensionCount: columns.filter((column) => column.kind === 'dimension').length, rows: shownRows, ...(audience ? { audience: audience.value } : {}) };
    return [...header, resultTableToMarkdown(result)].join('\n');
  }
  const activation = view.activation;
  if (!activation) return undefined;
  const facts: ResultTable = { columns: ['Activation', 'Value'], dimensionCount: 2, rows: activation.facts.map((fact) => ({ cells: [fact.label, fact.value] })) };
  const parts = [...header, resultTableToMarkdown(facts)];
  if (activation.outputColumns.length > 0) {
    parts.push('', resultTableToMarkdown({ columns: ['Output column'], dimensionCount: 1, rows: activation.outputColumns.map((column) => ({ cells: [column] })) }));
  }
  if (activation.pushes.length > 0) {
    const pushes: ResultTable = {
      columns: ['Connector', 'Status', 'Pushed', 'Completed', 'Outcome'],
      dimensionCount: 5,
      rows: activation.pushes.map((push) => ({ cells: [push.connector, push.status, push.pushedAt, push.completedAt, push.outcome] })),
    };
    parts.push('', resultTableToMarkdown(pushes));
  }
  return parts.join('\n');
}

/** A file name for the export: `iql-result-<service id or run id>.<ext>`, safe on every system. */
export function suggestExportName(view: ResultsView, format: ExportFormat): string {
  const id = (view.serviceId ?? view.runId).replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
  const suffix = format === 'excel' ? '-excel.csv' : `.${format}`;
  return `iql-${view.kind === 'activation' ? 'activation' : 'result'}-${id || 'run'}${suffix}`;
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}
