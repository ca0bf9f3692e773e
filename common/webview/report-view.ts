/**
 * What the insight report panel shows: a completed report's single-category results (one
 * chart and table per category) and the cross result of the two categories picked, as text
 * exactly as the service sent it, plus the diverging colour scale of the heat map. Built by
 * the extension host (client/src/webviews/report-view-model.ts), drawn by the webview
 * (client/webview/report). Shared by both sides: neither 'vscode' nor the DOM.
 *
 * Every string here may come from the service and is drawn as text, never as markup.
 */
import * as z from 'zod/mini';

/** The index of a value that is as frequent in the intersection as in the baseline. */
export const BASELINE_INDEX = 100;

const CategoryNameSchema = z.string().check(z.maxLength(500));

export const ReportSingleRowSchema = z.object({
  value: z.string(),
  baselineForeground: z.string(),
  intersectionForeground: z.string(),
  index: z.string(),
});
export type ReportSingleRow = z.infer<typeof ReportSingleRowSchema>;

export const ReportSingleSchema = z.object({
  category: z.string(),
  baselineBackground: z.string(),
  intersectionBackground: z.string(),
  rows: z.array(ReportSingleRowSchema),
  /** The chart's bars: each value's index as a number (an unreadable index is left out). */
  bars: z.array(z.object({ label: z.string(), index: z.number() })),
});
export type ReportSingle = z.infer<typeof ReportSingleSchema>;

/** The cross result as a grid: rows are values of the first category, columns of the second. */
export const ReportCrossSchema = z.object({
  categories: z.tuple([z.string(), z.string()]),
  baselineBackground: z.string(),
  intersectionBackground: z.string(),
  rowValues: z.array(z.string()),
  columnValues: z.array(z.string()),
  /** `cells[row][column]`: the index as the service wrote it, empty where it sent none. */
  cells: z.array(z.array(z.string())),
});
export type ReportCross = z.infer<typeof ReportCrossSchema>;

export const ReportViewSchema = z.object({
  /** New for every view drawn, so the page's `rendered` report names the view it drew. */
  id: z.string(),
  reportId: z.string(),
  name: z.string(),
  status: z.string(),
  singles: z.array(ReportSingleSchema),
  /** The report's categories, the choices of the cross section. */
  categories: z.array(z.string()),
  /** The pair whose cross result is shown (or being read). */
  pair: z.optional(z.tuple([z.string(), z.string()])),
  cross: z.optional(ReportCrossSchema),
  /** A cross result is being read. */
  loading: z.boolean(),
  /** The service's own message when the cross result of `pair` could not be read. */
  crossError: z.optional(z.string()),
});
export type ReportView = z.infer<typeof ReportViewSchema>;

/** The pair of categories the cross section asks for. */
export const CategoryPairSchema = z.tuple([CategoryNameSchema, CategoryNameSchema]);

/**
 * The heat map's colour of an index, on a diverging scale around 100: blue below (an index of
 * 0 is the deepest), red above (200 and more the deepest), transparent at 100; the alpha grows
 * with the distance. Undefined for an index that is not a number.
 */
export function indexColour(index: number): string | undefined {
  if (!Number.isFinite(index)) return undefined;
  const distance = Math.min(1, Math.abs(index - BASELINE_INDEX) / BASELINE_INDEX);
  const alpha = Math.round(distance * 0.85 * 100) / 100;
  return index < BASELINE_INDEX ? `rgba(55, 148, 255, ${alpha})` : `rgba(241, 76, 76, ${alpha})`;
}

/** An index as the service wrote it, as a number; undefined when it is empty or not a number. */
export function indexNumber(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
