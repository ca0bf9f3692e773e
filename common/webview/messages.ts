/**
 * Every message between the extension host and the results, plan, events and insight report webviews, typed once for
 * both sides and validated on receipt: a webview is a separate page, so whatever arrives is
 * read as unknown until the schema accepts it. Direction is in each type's name.
 */
import * as z from 'zod/mini';
import { EventsQuerySchema, EventsViewSchema } from './events-view';
import { PlanViewSchema } from './plan-view';
import { CategoryPairSchema, ReportViewSchema } from './report-view';
import { ResultsPageSchema } from './results-view';

/** The most text a webview reports back about what it drew (enough for any test assertion). */
const RENDERED_TEXT_LIMIT = 200_000;
/** The most rows a copy or export may name (far beyond any result the service returns). */
const ROW_LIMIT = 1_000_000;
const RUN_ID = z.string().check(z.maxLength(200));
/** Indices into the view's rows (or columns), in the order the grid shows them. */
const INDICES = z.array(z.number()).check(z.maxLength(ROW_LIMIT));

/**
 * Set by the panel host on each view it posts. The host posts a view at once and again when the
 * page says `ready` (a reloaded page has lost it); a page that already has that revision does
 * not draw it twice.
 */
const REVISION = z.optional(z.string().check(z.maxLength(100)));

/** host → webview: draw this (replacing whatever the panel showed). */
export const HostMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('showResults'), page: ResultsPageSchema, revision: REVISION }),
  z.object({ type: z.literal('showPlan'), view: PlanViewSchema, revision: REVISION }),
  z.object({ type: z.literal('showEvents'), view: EventsViewSchema, revision: REVISION }),
  z.object({ type: z.literal('showReport'), view: ReportViewSchema, revision: REVISION }),
]);
export type HostMessage = z.infer<typeof HostMessageSchema>;

/**
 * webview → host.
 * - `ready`: the page has loaded; send the current view (again).
 * - `rendered`: the page drew the view `id` (a run id or a plan id); `text` is what it shows,
 *   as the page's text content, so that the host (and its tests) know what the user sees.
 * - `selectRun`: (results panel) the user picked the tab of this run.
 * - `cancelRun`, `rerun`: (results panel) stop this run; run its query again on its target.
 * - `export`: (results panel) save the rows the grid shows, in its order, to a file through a
 *   save dialog on the host; `excel` is CSV that spreadsheet programs open as is.
 * - `copyRows`: (results panel) copy these rows (and columns) as tab-separated text, optionally with the header.
 * - `copyMarkdown`: (results panel) copy the shown rows (or the activation) as Markdown.
 * - `eventsQuery`: (Events panel) read this page of the event log; Refresh sends the same one.
 * - `exportEvents`: (Events panel) run Export Event Log as CSV… for the panel's collaboration.
 * - `reportCross`: (insight report panel) read the cross result of these two categories.
 * - `exportReport`: (insight report panel) save every single-category result row as CSV.
 */
export const WebviewMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('rendered'), id: z.string().check(z.maxLength(200)), text: z.string().check(z.maxLength(RENDERED_TEXT_LIMIT)) }),
  z.object({ type: z.literal('selectRun'), runId: RUN_ID }),
  z.object({ type: z.literal('cancelRun'), runId: RUN_ID }),
  z.object({ type: z.literal('rerun'), runId: RUN_ID }),
  z.object({ type: z.literal('export'), runId: RUN_ID, format: z.enum(['csv', 'json', 'excel']), rows: INDICES }),
  z.object({ type: z.literal('copyRows'), runId: RUN_ID, rows: INDICES, columns: z.optional(INDICES), headers: z.boolean() }),
  z.object({ type: z.literal('copyMarkdown'), runId: RUN_ID, rows: INDICES }),
  z.object({ type: z.literal('eventsQuery'), query: EventsQuerySchema }),
  z.object({ type: z.literal('exportEvents') }),
  z.object({ type: z.literal('reportCross'), categories: CategoryPairSchema }),
  z.object({ type: z.literal('exportReport') }),
]);
export type WebviewMessage = z.infer<typeof WebviewMessageSchema>;

/** Cuts a page's text to what a `rendered` message may carry. */
export function limitRenderedText(text: string): string {
  return text.length > RENDERED_TEXT_LIMIT ? text.slice(0, RENDERED_TEXT_LIMIT) : text;
}

/** A message from a webview, or undefined when it is not one this protocol knows. Never throws. */
export function parseWebviewMessage(raw: unknown): WebviewMessage | undefined {
  const parsed = WebviewMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

/** A message from the host, or undefined when it is not one this protocol knows. Never throws. */
export function parseHostMessage(raw: unknown): HostMessage | undefined {
  const parsed = HostMessageSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
