/**
 * What `iql run` prints on stdout, in three formats. Only complete results reach stdout:
 *
 * - `table`: per query, a heading, aligned columns and the notes of the result, written as
 *   soon as that query is done; blocks are separated by a blank line.
 * - `csv`: per query, one CSV block (RFC 4180, header row first) written as soon as it is
 *   done; blocks are separated by one empty line, so a file with one query gives a plain CSV
 *   file. The audience and notes, which are not rows, go to stderr.
 * - `json`: one array with an entry per query, written once at the end: the service's own
 *   result (or activation) with the query's position, or the error of a failed query.
 */
import { stringify } from 'csv-stringify/sync';
import type { Activation, QueryResult } from '../../../common/api';
import { describeResultNotes, flattenQueryResult, NO_DEEPER_BIN, type FlattenOptions, type ResultTable } from '../../../common/results/result-table';
import type { Ref } from '../../../language/src';
import type { ServiceError } from '../../../service/src';
import { type FileQuery, summarizeQuery } from './query-file';
import { formatTextTable } from './text-table';

export type RunFormat = 'table' | 'json' | 'csv';

/** How one query of the file ended. */
export type RunOutcome =
  | { readonly kind: 'insight'; readonly entry: FileQuery; readonly queryId: string; readonly result: QueryResult }
  | { readonly kind: 'activation'; readonly entry: FileQuery; readonly activationId: string; readonly activation: Activation }
  | { readonly kind: 'failed'; readonly entry: FileQuery; readonly error: ServiceError };

export interface RunReport {
  /** Records one query's outcome, printing it at once where the format allows. */
  add(outcome: RunOutcome): void;
  /** Prints what waits for the end (the JSON array). Not called after an interruption. */
  finish(): void;
}

/** A report writing `format` to `stdout`, and the notes a CSV cannot hold to `stderr`. */
export function createRunReport(format: RunFormat, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): RunReport {
  const entries: unknown[] = [];
  let blocks = 0;
  const writeBlock = (text: string): void => {
    stdout.write(`${blocks > 0 ? '\n' : ''}${text}`);
    blocks += 1;
  };
  return {
    add(outcome) {
      if (format === 'json') {
        entries.push(toJsonEntry(outcome));
        return;
      }
      if (outcome.kind === 'failed') return;
      if (outcome.kind === 'activation') {
        writeBlock(format === 'table' ? formatActivationBlock(outcome) : toCsv(activationGrid(outcome)));
        return;
      }
      const table = flattenQueryResult(outcome.result, describeQueryShape(outcome.entry));
      if (format === 'table') {
        writeBlock(formatInsightBlock(outcome.entry, outcome.queryId, table));
        return;
      }
      writeBlock(toCsv(toGrid(table)));
      for (const note of describeResultNotes(table)) stderr.write(`iql run: ${outcome.entry.label}: ${note}\n`);
    },
    finish() {
      if (format === 'json') stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    },
  };
}

/**
 * What the query says about its result's table: AGGREGATE and TOPN count by dimensions
 * (named `dataset.category` as written), COUNT, SUM and AVG give one total row.
 */
export function describeQueryShape(entry: FileQuery): FlattenOptions {
  const refs: Ref[] = [];
  for (const item of entry.query.select.items) {
    if (item.kind === 'Aggregate') refs.push(...item.dimensions.map((dimension) => dimension.ref));
    else if (item.kind === 'TopN' && item.ref) refs.push(item.ref);
  }
  const breakdown = entry.query.select.items.some((item) => item.kind === 'Aggregate' || item.kind === 'TopN');
  const dimensionNames = refs.map((ref) => [ref.dataset?.text, ref.category?.text ?? '?'].filter((part) => part !== undefined).join('.'));
  return breakdown ? { shape: 'breakdown', dimensionNames } : { shape: 'total' };
}

function formatInsightBlock(entry: FileQuery, queryId: string, table: ResultTable): string {
  const { header, rows } = toGrid(table, NO_DEEPER_BIN);
  const numeric = header.map((_, column) => column >= table.dimensionCount);
  return [
    `${heading(entry, queryId)}: ${summarizeQuery(entry.text)}`,
    ...formatTextTable(header, rows, numeric),
    ...describeResultNotes(table),
    '',
  ].join('\n');
}

function formatActivationBlock(outcome: Extract<RunOutcome, { kind: 'activation' }>): string {
  const { header, rows } = activationGrid(outcome);
  return [
    `${heading(outcome.entry, outcome.activationId)}: ${summarizeQuery(outcome.entry.text)}`,
    ...formatTextTable(header, rows, [false, false, true, false]),
    'The rows go to the destinations of the activation; the service does not return them.',
    '',
  ].join('\n');
}

function heading(entry: FileQuery, id: string): string {
  const label = `${entry.label.charAt(0).toUpperCase()}${entry.label.slice(1)}`;
  return `${label}, ${entry.type === 'activation' ? 'activation' : 'query id'} ${id}`;
}

function toGrid(table: ResultTable, missing = ''): { header: string[]; rows: string[][] } {
  return { header: table.columns, rows: table.rows.map((row) => row.cells.map((cell) => cell ?? missing)) };
}

function toCsv(grid: { header: string[]; rows: string[][] }): string {
  return stringify([grid.header, ...grid.rows]);
}

function activationGrid(outcome: Extract<RunOutcome, { kind: 'activation' }>): { header: string[]; rows: string[][] } {
  const { activation } = outcome;
  const summary = activation.summary;
  return {
    header: ['activation_id', 'status', 'total_rows', 'output_columns'],
    rows: [
      [
        outcome.activationId,
        summary?.status ?? '',
        summary?.total_rows === undefined ? '0' : String(summary.total_rows),
        (activation.output_columns ?? []).join(' '),
      ],
    ],
  };
}

function toJsonEntry(outcome: RunOutcome): unknown {
  const { entry } = outcome;
  const where = { index: entry.index, line: entry.line, type: entry.type, query: entry.text };
  switch (outcome.kind) {
    case 'insight':
      return { ...where, query_id: outcome.queryId, result: outcome.result };
    case 'activation':
      return { ...where, activation_id: outcome.activationId, activation: outcome.activation };
    case 'failed':
      return {
        ...where,
        error: {
          kind: outcome.error.kind,
          message: outcome.error.message,
          ...(outcome.error.serviceMessage !== undefined ? { service_message: outcome.error.serviceMessage } : {}),
        },
      };
  }
}
