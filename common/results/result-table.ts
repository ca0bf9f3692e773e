/**
 * An insight query's result as one flat table: the shape shared by `iql run` and the results
 * panel (its grid, CSV and Markdown exports). Pure: no Node, no editor, no wire validation
 * library, so that a browser webview can bundle it as is.
 *
 * How the service shows privacy (LANGUAGE.md §9) and how it survives here: a bin below the
 * redaction threshold is left out of the result, so it has no row; the share of the audience
 * that fell in such bins is `redactedShare`. An audience below the threshold is reported as
 * 0. Counts that survive are already rounded by the service and are kept exactly as sent.
 */
import type { QueryDimension, QueryResult } from '../api/v1-queries';

/** A flat result: a header and rows of cells, in the same order. */
export interface ResultTable {
  /**
   * Column names: the dimension categories in nesting order, named as the service names them
   * (`dataset.category`, e.g. `Retail.Age/Range` or `Retail.Gender`), then `count`, then any
   * measure the result carries (`sum`, `user_average`, `value_average`).
   */
  columns: string[];
  /** How many of the leading columns are dimensions; `columns[dimensionCount]` is `count`. */
  dimensionCount: number;
  rows: ResultRow[];
  /**
   * The audience as the service reported it, in exact decimal digits. `'0'` means no one, or
   * fewer individuals than the redaction threshold (the service does not say which).
   */
  audience?: string;
  /**
   * The share (0 to 1) of the audience counted in bins the service redacted and left out of
   * the rows; present only when above 0. Consumers should say that bins are missing.
   */
  redactedShare?: number;
}

/** One row: the bins it stands for, and its count (and measures, for a total row). */
export interface ResultRow {
  /**
   * One cell per column. A dimension cell holds its bin's value, or `null` where the row stops
   * above that dimension (see `partial`). The count is exact decimal digits; a measure is a
   * decimal number as JavaScript writes it.
   */
  cells: (string | null)[];
  /**
   * Set on a row that stops above the last dimension: the service returned this bin with no
   * bin of the deeper dimensions, because each was redacted or no individual had a value there.
   */
  partial?: true;
}

/**
 * `breakdown`: the query counts by dimensions (AGGREGATE, TOPN), one row per bin.
 * `total`: the query has no dimension (COUNT, SUM, AVG), one row with the audience as count.
 */
export type ResultShape = 'breakdown' | 'total';

/** The text shown for a `null` dimension cell of a partial row. */
export const NO_DEEPER_BIN = '—';

/** What the caller knows about the query, which the result alone may not tell. */
export interface FlattenOptions {
  /** Whether the query has dimensions. Guessed from the result when absent (see below). */
  readonly shape?: ResultShape;
  /**
   * The query's dimensions in order, named like the service names them (`dataset.category`).
   * Used only for a column that no returned bin names (every bin at that depth redacted), and
   * to count the columns when no bin reaches the deepest dimension.
   */
  readonly dimensionNames?: readonly string[];
}

/**
 * Flattens nested dimensions into rows: one row per leaf bin, in the service's order, and a
 * partial row for a bin returned without deeper bins although the query has deeper
 * dimensions. A column that neither a bin nor `options.dimensionNames` names is called
 * `dimension N`.
 *
 * `options.shape` says whether the query has dimensions; the CLI and the results panel know
 * it from the query. Without it, a result with bins or with redacted bins is a breakdown and
 * any other a total — which guesses wrong only for a breakdown whose individuals all lack a
 * value. Pure; never throws, whatever the result holds.
 */
export function flattenQueryResult(result: QueryResult, options: FlattenOptions = {}): ResultTable {
  const dimensions = Array.isArray(result.dimensions) ? result.dimensions : [];
  const redacted = result.quality_measures?.redaction_threshold_outlier;
  const redactedShare = typeof redacted === 'number' && redacted > 0 ? redacted : undefined;
  const audience = result.audience === undefined ? undefined : readCount(result.audience);
  const shape = options.shape ?? (dimensions.length > 0 || redactedShare !== undefined ? 'breakdown' : 'total');
  const common = { ...(audience !== undefined ? { audience } : {}), ...(redactedShare !== undefined ? { redactedShare } : {}) };

  if (shape === 'total') {
    const measures = measuresOf(result);
    return {
      columns: ['count', ...measures.map(([name]) => name)],
      dimensionCount: 0,
      rows: [{ cells: [audience ?? '0', ...measures.map(([, value]) => String(value))] }],
      ...common,
    };
  }

  const names: (string | undefined)[] = [];
  const depth = { deepest: 0 };
  surveyLevels(dimensions, 0, names, depth);
  const fallback = options.dimensionNames ?? [];
  const dimensionCount = Math.max(depth.deepest, fallback.length, 1);
  const columns = Array.from({ length: dimensionCount }, (_, index) => names[index] ?? fallback[index] ?? `dimension ${index + 1}`);
  const rows: ResultRow[] = [];
  collectRows(dimensions, [], dimensionCount, rows);
  return { columns: [...columns, 'count'], dimensionCount, rows, ...common };
}

/** Finds how deep the dimensions go and the name of each level, from the first bin naming it. */
function surveyLevels(level: readonly QueryDimension[], index: number, names: (string | undefined)[], depth: { deepest: number }): void {
  for (const bin of level) {
    depth.deepest = Math.max(depth.deepest, index + 1);
    // A non-leaf bin always carries `dimensions`, even empty: there is a deeper dimension.
    if (Array.isArray(bin.dimensions)) depth.deepest = Math.max(depth.deepest, index + 2);
    if (names[index] === undefined && bin.category !== undefined) names[index] = bin.private_id ? `${bin.private_id}.${bin.category}` : bin.category;
    if (Array.isArray(bin.dimensions)) surveyLevels(bin.dimensions, index + 1, names, depth);
  }
}

function collectRows(level: readonly QueryDimension[], above: readonly string[], dimensionCount: number, rows: ResultRow[]): void {
  for (const bin of level) {
    const path = [...above, bin.value ?? ''];
    if (Array.isArray(bin.dimensions) && bin.dimensions.length > 0) {
      collectRows(bin.dimensions, path, dimensionCount, rows);
      continue;
    }
    const missing = dimensionCount - path.length;
    const cells: (string | null)[] = [...path, ...Array.from({ length: missing }, () => null), readCount(bin.count)];
    rows.push(missing > 0 ? { cells, partial: true } : { cells });
  }
}

/** The measures a result carries, named as on the wire. */
function measuresOf(result: QueryResult): [string, number][] {
  const measures: [string, number][] = [];
  if (typeof result.sum === 'number') measures.push(['sum', result.sum]);
  if (typeof result.user_average?.mean === 'number') measures.push(['user_average', result.user_average.mean]);
  if (typeof result.value_average?.mean === 'number') measures.push(['value_average', result.value_average.mean]);
  return measures;
}

/**
 * A result count as decimal digits. The swagger types `audience` and `dimensions[].count` as
 * integers (seed 000 §2.3 too), so a count is a JSON number; an absent one is the protobuf
 * default, 0.
 */
function readCount(value: number | undefined): string {
  if (value === undefined) return '0';
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/**
 * The table as GitHub-flavoured Markdown: a header, an alignment row (numbers right-aligned)
 * and one line per row, then the audience and, when bins were redacted or rows are partial, a
 * sentence saying so. Pipes, backslashes and inline markup in values are escaped and line
 * breaks become spaces, so a value never breaks the table. Never throws.
 */
export function resultTableToMarkdown(table: ResultTable): string {
  const header = `| ${table.columns.map(escapeCell).join(' | ')} |`;
  const align = `|${table.columns.map((_, index) => (index < table.dimensionCount ? '---' : '---:')).join('|')}|`;
  const lines = [header, align];
  for (const row of table.rows) lines.push(`| ${row.cells.map((cell) => (cell === null ? NO_DEEPER_BIN : escapeCell(cell))).join(' | ')} |`);
  const notes = describeResultNotes(table);
  return [...lines, ...(notes.length > 0 ? ['', ...notes] : [])].join('\n');
}

/**
 * Sentences that go with a table wherever it is shown: the audience, redacted bins, partial
 * rows. Plain text (no markup), one sentence per entry.
 */
export function describeResultNotes(table: ResultTable): string[] {
  const notes: string[] = [];
  if (table.audience !== undefined) {
    notes.push(table.audience === '0' ? 'Audience: 0 (no one, or fewer individuals than the redaction threshold).' : `Audience: ${table.audience}.`);
  }
  if (table.redactedShare !== undefined) {
    notes.push(`Redacted: ${formatShare(table.redactedShare)} of the audience fell in bins below the redaction threshold; the service leaves those bins out.`);
  }
  if (table.rows.some((row) => row.partial)) {
    notes.push(`${NO_DEEPER_BIN} marks a bin returned without deeper bins: they were redacted or empty.`);
  }
  return notes;
}

function formatShare(share: number): string {
  const percent = share * 100;
  return `${percent >= 10 || percent === 0 ? percent.toFixed(0) : percent < 0.1 ? '<0.1' : percent.toFixed(1)}%`;
}

function escapeCell(text: string): string {
  return text.replace(/[\\|`*_<\]]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, ' ');
}
