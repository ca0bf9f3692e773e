/**
 * The insight report panel's view, built from the results as read (report-results.ts): each
 * category's chart bars and table rows, the cross result as a grid of indices, the pair of
 * categories to cross by default, and the CSV of every single-category row. Pure; no 'vscode'.
 */
import { stringify } from 'csv-stringify/sync';
import { indexNumber } from '../../../common/webview/report-view';
import type { ReportCross, ReportSingle, ReportView } from '../../../common/webview/report-view';
import type { ReportResultsDocument } from '../reports/report-results';

type Singles = ReportResultsDocument['singles'];
type Cross = NonNullable<ReportResultsDocument['cross']>;

/** What the panel knows of the cross section: the pair picked, its result or the service's message. */
export interface ReportCrossState {
  readonly pair?: readonly [string, string];
  readonly cross?: Cross;
  readonly loading: boolean;
  readonly error?: string;
}

/** One chart and table per category: every value as text, the bars the indices that are numbers. */
export function reportSingles(singles: Singles): ReportSingle[] {
  return singles.map((single) => ({
    category: single.category,
    baselineBackground: single.baseline_background,
    intersectionBackground: single.intersection_background,
    rows: single.values.map((value) => ({
      value: value.value,
      baselineForeground: value.baseline_foreground,
      intersectionForeground: value.intersection_foreground,
      index: value.index,
    })),
    bars: single.values.flatMap((value) => {
      const index = indexNumber(value.index);
      return index === undefined ? [] : [{ label: value.value, index }];
    }),
  }));
}

/** The cross result as a grid: the first category's values down, the second's across, in the order first met. */
export function reportCrossGrid(cross: Cross): ReportCross {
  const rowValues = [...new Set(cross.values.map((value) => value.values[0]))];
  const columnValues = [...new Set(cross.values.map((value) => value.values[1]))];
  const cells = rowValues.map(() => columnValues.map(() => ''));
  for (const value of cross.values) {
    const row = rowValues.indexOf(value.values[0]);
    const column = columnValues.indexOf(value.values[1]);
    cells[row]![column] = value.index;
  }
  return {
    categories: [cross.categories[0], cross.categories[1]],
    baselineBackground: cross.baseline_background,
    intersectionBackground: cross.intersection_background,
    rowValues,
    columnValues,
    cells,
  };
}

/** The pair the cross section shows first: the report's first two categories, when it has two. */
export function defaultCategoryPair(categories: readonly string[]): readonly [string, string] | undefined {
  return categories.length >= 2 ? [categories[0]!, categories[1]!] : undefined;
}

export function buildReportView(results: ReportResultsDocument, categories: readonly string[], crossState: ReportCrossState, id: string): ReportView {
  return {
    id,
    reportId: results.report_id,
    name: results.name,
    status: results.status,
    singles: reportSingles(results.singles),
    categories: [...categories],
    ...(crossState.pair ? { pair: [crossState.pair[0], crossState.pair[1]] as [string, string] } : {}),
    ...(crossState.cross ? { cross: reportCrossGrid(crossState.cross) } : {}),
    loading: crossState.loading,
    ...(crossState.error === undefined ? {} : { crossError: crossState.error }),
  };
}

export const REPORT_CSV_COLUMNS = ['category', 'value', 'baseline_background', 'intersection_background', 'baseline_foreground', 'intersection_foreground', 'index'] as const;

/**
 * Every single-category result row as CSV: a header, then one row per category value, each
 * count and index exactly as the service wrote it. Cells a spreadsheet would run as a formula
 * are prefixed with `'`.
 */
export function buildReportCsv(singles: Singles): string {
  const rows = singles.flatMap((single) =>
    single.values.map((value) => [single.category, value.value, single.baseline_background, single.intersection_background, value.baseline_foreground, value.intersection_foreground, value.index]),
  );
  return stringify([[...REPORT_CSV_COLUMNS], ...rows], { escape_formulas: true });
}

/** A file name for the export: `iql-report-<id>.csv`, safe on every system. */
export function suggestReportCsvName(reportId: string): string {
  const id = reportId.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 60);
  return `iql-report-${id || 'results'}.csv`;
}
