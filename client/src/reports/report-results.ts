/**
 * A completed insight report as read for its panel: its single-category results (every
 * page) and, for two categories, their cross result, every count and index written as text
 * exactly as the service sent it (int64 counts are never rounded through a number). Also the
 * status line a code lens shows. Pure; no 'vscode'.
 */
import type { CrossCategoryResult, GetInsightReportStatusResponse, SingleCategoryResult } from '../../../common/api';

/** What "Open Results" read: the panel shows it (client/src/webviews/report-panel.ts). */
export interface ReportResultsDocument {
  readonly report_id: string;
  readonly name: string;
  readonly status: string;
  readonly singles: readonly {
    readonly category: string;
    readonly baseline_background: string;
    readonly intersection_background: string;
    readonly values: readonly { readonly value: string; readonly baseline_foreground: string; readonly intersection_foreground: string; readonly index: string }[];
  }[];
  readonly cross?: {
    readonly categories: readonly [string, string];
    readonly baseline_background: string;
    readonly intersection_background: string;
    readonly values: readonly { readonly values: readonly [string, string]; readonly baseline_foreground: string; readonly intersection_foreground: string; readonly index: string }[];
  };
}

/** A wire value as text: absent is empty, numbers and strings as written. */
export function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : String(value as number | bigint | boolean);
}

export function reportResultsDocument(reportId: string, name: string, status: string, singles: readonly SingleCategoryResult[], cross?: CrossCategoryResult): ReportResultsDocument {
  const document: ReportResultsDocument = {
    report_id: reportId,
    name,
    status,
    singles: singles.map((result) => ({
      category: asText(result.category_name),
      baseline_background: asText(result.baseline_background),
      intersection_background: asText(result.intersection_background),
      values: (result.values ?? []).map((value) => ({
        value: asText(value.category_value),
        baseline_foreground: asText(value.baseline_foreground),
        intersection_foreground: asText(value.intersection_foreground),
        index: asText(value.index),
      })),
    })),
  };
  if (cross === undefined) return document;
  return {
    ...document,
    cross: {
      categories: [asText(cross.category_name_1), asText(cross.category_name_2)],
      baseline_background: asText(cross.baseline_background),
      intersection_background: asText(cross.intersection_background),
      values: (cross.values ?? []).map((value) => ({
        values: [asText(value.category_value_1), asText(value.category_value_2)],
        baseline_foreground: asText(value.baseline_foreground),
        intersection_foreground: asText(value.intersection_foreground),
        index: asText(value.index),
      })),
    },
  };
}

/** The status as a lens or message says it: `RUNNING 50%`, `FAILED: <the service's message>`. */
export function describeReportStatus(answer: GetInsightReportStatusResponse): string {
  const status = answer.status ?? 'NO_STATUS';
  const percentage = answer.progress?.completion_percentage;
  const progress = typeof percentage === 'number' && status !== 'COMPLETED' ? ` ${Math.round(percentage)}%` : '';
  const message = answer.error?.error?.message ?? answer.error?.details?.message;
  const error = message ? `: ${message.replace(/\s+/g, ' ').slice(0, 200)}` : '';
  return `${status}${progress}${error}`;
}
