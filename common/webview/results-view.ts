/**
 * What the results panel shows, as plain text and numbers: the extension host builds it from a
 * RunRecord (results-view-model.ts) and the webview draws it (client/webview/results). Shared
 * by both sides, so it imports neither 'vscode' nor the DOM. The schema is zod/mini, which
 * costs the browser bundle a few kilobytes where full zod would cost hundreds.
 *
 * Every string here may come from the service and is drawn as text, never as markup.
 */
import * as z from 'zod/mini';

/** A labelled value, with an optional sentence that explains it. */
export const FactSchema = z.object({
  label: z.string(),
  value: z.string(),
  detail: z.optional(z.string()),
});
export type Fact = z.infer<typeof FactSchema>;

export const ResultColumnSchema = z.object({
  title: z.string(),
  /** Dimensions hold bin values, `count` exact decimal digits, measures decimal numbers. */
  kind: z.enum(['dimension', 'count', 'measure']),
  /** What the column holds, in words: the header's hover. */
  description: z.optional(z.string()),
});
export type ResultColumn = z.infer<typeof ResultColumnSchema>;

export const ResultRowViewSchema = z.object({
  /** One cell per column; `null` where there is nothing (deeper bins of a partial row, a missing count). */
  cells: z.array(z.nullable(z.string())),
  /**
   * `partial`: the service returned this bin without deeper bins (redacted or empty).
   * `missing`: the plan announced this bin and the service left it out (redacted or empty).
   */
  mark: z.optional(z.enum(['partial', 'missing'])),
});
export type ResultRowView = z.infer<typeof ResultRowViewSchema>;

export const QualityMeasureViewSchema = z.object({
  /** The field name on the wire, e.g. `redaction_threshold_outlier`. */
  field: z.string(),
  label: z.string(),
  value: z.string(),
  explanation: z.string(),
});
export type QualityMeasureView = z.infer<typeof QualityMeasureViewSchema>;

export const InsightViewSchema = z.object({
  /** The audience in exact digits, and grouped for reading. */
  audience: z.optional(z.object({ value: z.string(), display: z.string(), note: z.optional(z.string()) })),
  columns: z.array(ResultColumnSchema),
  rows: z.array(ResultRowViewSchema),
  /** Sentences that go with the table (audience meaning, redacted share, partial rows). */
  notes: z.array(z.string()),
  quality: z.array(QualityMeasureViewSchema),
});
export type InsightView = z.infer<typeof InsightViewSchema>;

export const PushViewSchema = z.object({
  connector: z.string(),
  status: z.string(),
  pushedAt: z.string(),
  completedAt: z.string(),
  outcome: z.string(),
});
export type PushView = z.infer<typeof PushViewSchema>;

export const ActivationViewSchema = z.object({
  facts: z.array(FactSchema),
  outputColumns: z.array(z.string()),
  pushes: z.array(PushViewSchema),
});
export type ActivationView = z.infer<typeof ActivationViewSchema>;

export const ThresholdsViewSchema = z.object({
  /** `plan`: the service's plan for this query named them; `result`: only what the result implies. */
  source: z.enum(['plan', 'result']),
  facts: z.array(FactSchema),
  note: z.string(),
});
export type ThresholdsView = z.infer<typeof ThresholdsViewSchema>;

export const RunStatusSchema = z.enum(['running', 'succeeded', 'failed', 'cancelled']);

/** What Re-run sends again: the same query text, kind and target (never a key: profiles are named). */
export const RerunRequestSchema = z.object({
  query: z.string(),
  kind: z.enum(['insight', 'activation']),
  target: z.object({ profile: z.optional(z.string()), collaboration: z.optional(z.string()) }),
  documentUri: z.optional(z.string()),
});
export type RerunRequest = z.infer<typeof RerunRequestSchema>;

export const ResultsViewSchema = z.object({
  runId: z.string(),
  kind: z.enum(['insight', 'activation']),
  query: z.string(),
  /** The profile and collaboration, in words. */
  target: z.string(),
  status: RunStatusSchema,
  /** One line: "Running since 14:03:05", "Finished at 14:03:07 in 2.1 s", … */
  statusText: z.string(),
  /** The failure or cancellation message, verbatim (the service's own words where it gave any). */
  message: z.optional(z.string()),
  serviceId: z.optional(z.string()),
  insight: z.optional(InsightViewSchema),
  activation: z.optional(ActivationViewSchema),
  thresholds: z.optional(ThresholdsViewSchema),
  /** The run's request, for Re-run (also after the panel is restored in a new window). */
  rerun: z.optional(RerunRequestSchema),
  /** `table`: exports and copies of the grid's shown rows; `cancel`: the run is followed here and can be stopped. */
  actions: z.object({ table: z.boolean(), json: z.boolean(), markdown: z.boolean(), cancel: z.boolean(), rerun: z.boolean() }),
});
export type ResultsView = z.infer<typeof ResultsViewSchema>;

/**
 * What one results panel shows: one run, or every run of a Run All (a tab each, in the file's
 * order), the one on show, and the editor's locale for numbers.
 */
export const ResultsPageSchema = z.object({
  views: z.array(ResultsViewSchema),
  selected: z.string(),
  /** A BCP 47 tag (`vscode.env.language`); the page falls back to `en` when it is not one. */
  locale: z.string(),
});
export type ResultsPage = z.infer<typeof ResultsPageSchema>;
