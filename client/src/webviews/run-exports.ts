/**
 * The files and clipboard text the results panel exports, built on the extension host from
 * the run record itself (never from what a webview sends): CSV through csv-stringify, JSON as
 * the service's own result with the query and target, Markdown through the shared table.
 */
import { stringify } from 'csv-stringify/sync';
import type { ExplainQueryResponse } from '../../../common/api';
import { resultTableToMarkdown } from '../../../common/results/result-table';
import type { ResultTable } from '../../../common/results/result-table';
import type { RunRecord } from '../runs/run-record';
import { buildResultsView, describeRunTarget } from './results-view-model';
import { tableOfRunResult } from './run-result-table';

/**
 * The result as CSV: a header row, then one row per bin; a dimension a partial row does not
 * reach is empty. Cells that a spreadsheet would run as a formula are prefixed with `'`.
 * Undefined when the run has no insight result.
 */
export function buildResultCsv(record: RunRecord, plan?: ExplainQueryResponse): string | undefined {
  if (record.kind !== 'insight' || !record.result) return undefined;
  const table = tableOfRunResult(record.query, record.result, plan);
  return stringify([table.columns, ...table.rows.map((row) => row.cells.map((cell) => cell ?? ''))], { escape_formulas: true });
}

/**
 * The run as JSON: the query, target, times and status, and the service's result or
 * activation exactly as received (so counts keep their exact digits). Undefined when the run
 * has neither.
 */
export function buildRunJson(record: RunRecord): string | undefined {
  if (!record.result && !record.activation) return undefined;
  const document = {
    query: record.query,
    kind: record.kind,
    target: record.target,
    status: record.status,
    startedAt: new Date(record.startedAt).toISOString(),
    ...(record.finishedAt !== undefined ? { finishedAt: new Date(record.finishedAt).toISOString() } : {}),
    ...(record.serviceId ? { serviceId: record.serviceId } : {}),
    ...(record.result ? { result: record.result } : {}),
    ...(record.activation ? { activation: record.activation } : {}),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The run as Markdown: the query in a fenced block, the target, then the result table and its
 * notes (an insight query) or the activation's facts and pushes. Every value is escaped by
 * `resultTableToMarkdown`. Undefined when the run has nothing to show.
 */
export function buildRunMarkdown(record: RunRecord, plan?: ExplainQueryResponse): string | undefined {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(record.query) + 1));
  const header = [`${fence}iql`, record.query.trim(), fence, '', `Target: ${describeRunTarget(record.target).replace(/[\\`*_[\]<>|]/g, (c) => `\\${c}`)}`, ''];
  if (record.kind === 'insight' && record.result) {
    return [...header, resultTableToMarkdown(tableOfRunResult(record.query, record.result, plan))].join('\n');
  }
  const activation = buildResultsView(record).activation;
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
export function suggestExportName(record: RunRecord, format: 'csv' | 'json'): string {
  const id = (record.serviceId ?? record.id).replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
  return `iql-${record.kind === 'activation' ? 'activation' : 'result'}-${id || 'run'}.${format}`;
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}
