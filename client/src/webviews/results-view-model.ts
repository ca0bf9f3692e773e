/**
 * A RunRecord as the results panel shows it (ResultsView): status, query and target, and for
 * a finished insight query the table (common/results/result-table.ts flattens it), a chart per
 * dimension, the quality measures in words, the bins the service left out and the thresholds;
 * for an activation its rows, columns, pushes and export details. Pure and vscode-free.
 */
import type { Activation, ExplainQueryResponse, Push, QueryResult } from '../../../common/api';
import type { DocumentTarget } from '../../../common/protocol';
import { describeResultNotes } from '../../../common/results/result-table';
import type { ResultTable } from '../../../common/results/result-table';
import { outlinePlan } from '../../../common/plan/plan-outline';
import type { RunRecord } from '../runs/run-record';
import { formatResultNumber } from '../../../common/webview/number-format';
import { describeResultColumn } from './column-descriptions';
import { findMissingBins, MAX_MISSING_BINS } from './missing-bins';
import { describeQualityMeasures, formatMeasure } from './quality-measures';
import { detectQueryShape } from './query-shape';
import { tableOfRunResult } from './run-result-table';
import { describeThresholds } from './threshold-facts';
import type { ActivationView, Fact, InsightView, ResultColumn, ResultRowView, ResultsView, ThresholdsView } from '../../../common/webview/results-view';

export interface ResultsViewOptions {
  /** The service's plan for the run's query and target, when the host could get it. */
  readonly plan?: ExplainQueryResponse;
  /** Formats a moment for the status line; local `HH:MM:SS` by default. */
  readonly formatTime?: (ms: number) => string;
  /** The editor's locale, for the audience's digits; `en` by default. */
  readonly locale?: string;
  /** Whether this window follows the run, so that Cancel can stop it. */
  readonly cancellable?: boolean;
}

/**
 * Builds the view of `record`. A running run shows its status only; a failed or cancelled one
 * its message verbatim; a succeeded one its result. Never throws, whatever the record holds.
 */
export function buildResultsView(record: RunRecord, options: ResultsViewOptions = {}): ResultsView {
  const formatTime = options.formatTime ?? formatClockTime;
  const locale = options.locale ?? 'en';
  const insight = record.kind === 'insight' && record.status === 'succeeded' && record.result ? buildInsightView(record.query, record.result, options.plan, locale) : undefined;
  const activation = record.kind === 'activation' && record.activation ? buildActivationView(record.activation, record.audience, locale) : undefined;
  const thresholds = record.kind === 'insight' ? buildThresholdsView(record.result, options.plan) : undefined;
  const finished = record.status === 'succeeded';
  return {
    runId: record.id,
    kind: record.kind,
    query: record.query,
    target: describeRunTarget(record.target),
    status: record.status,
    statusText: describeStatus(record, formatTime),
    ...(record.message !== undefined && record.status !== 'succeeded' ? { message: record.message } : {}),
    ...(record.serviceId ? { serviceId: record.serviceId } : {}),
    ...(insight ? { insight } : {}),
    ...(activation ? { activation } : {}),
    ...(thresholds ? { thresholds } : {}),
    rerun: {
      query: record.query,
      kind: record.kind,
      target: { ...(record.target.profile !== undefined ? { profile: record.target.profile } : {}), ...(record.target.collaboration !== undefined ? { collaboration: record.target.collaboration } : {}) },
      ...(record.documentUri !== undefined ? { documentUri: record.documentUri } : {}),
    },
    actions: {
      table: finished && insight !== undefined,
      json: finished && (insight !== undefined || activation !== undefined),
      markdown: finished && (insight !== undefined || activation !== undefined),
      cancel: record.status === 'running' && options.cancellable === true,
      rerun: record.status !== 'running',
    },
  };
}

/**
 * A view saved by a page before the editor reloaded, shown again: nothing can be cancelled, and
 * a run that was still going says that this window no longer follows it.
 */
export function asRestoredView(view: ResultsView): ResultsView {
  const running = view.status === 'running';
  return {
    ...view,
    ...(running ? { statusText: `${view.statusText} This window no longer follows it (the editor reloaded): Re-run it, or open it from the History view.` } : {}),
    actions: { ...view.actions, cancel: false, rerun: view.rerun !== undefined },
  };
}

/** `profile 'staging', collaboration 'CLB.7f3a'`, or `the default profile`. */
export function describeRunTarget(target: DocumentTarget): string {
  const profile = target.profile ? `profile '${target.profile}'` : 'the default profile';
  return target.collaboration ? `${profile}, collaboration '${target.collaboration}'` : profile;
}

function describeStatus(record: RunRecord, formatTime: (ms: number) => string): string {
  const what = record.kind === 'activation' ? 'Activation' : 'Query';
  const took = record.finishedAt !== undefined ? ` in ${formatDuration(record.finishedAt - record.startedAt)}` : '';
  const at = record.finishedAt !== undefined ? ` at ${formatTime(record.finishedAt)}` : '';
  switch (record.status) {
    case 'running':
      return `${what} running since ${formatTime(record.startedAt)}…`;
    case 'succeeded':
      return `${what} finished${at}${took}.`;
    case 'failed':
      return `${what} failed${at}${took}.`;
    case 'cancelled':
      return `${what} cancelled${at}.`;
  }
}

function buildInsightView(query: string, result: QueryResult, plan: ExplainQueryResponse | undefined, locale: string): InsightView {
  const shape = detectQueryShape(query);
  const table = tableOfRunResult(query, result, plan);
  const columns = table.columns.map((title, index): ResultColumn => {
    const kind = index < table.dimensionCount ? 'dimension' : index === table.dimensionCount && title === 'count' ? 'count' : 'measure';
    return { title, kind, description: describeResultColumn(title, kind) };
  });
  const rows: ResultRowView[] = table.rows.map((row) => ({ cells: row.cells, ...(row.partial ? { mark: 'partial' as const } : {}) }));
  // The audience has its own place in the panel; the other notes go with the table.
  const notes = describeResultNotes({ ...table, audience: undefined });
  // Missing bins are "redacted or empty" only for AGGREGATE: TOPN leaves bins out by design.
  const expected = plan?.query_plan?.results?.dimensions?.map((dimension) => dimension.bins ?? []) ?? [];
  if (shape === 'aggregate' && table.dimensionCount > 0 && expected.length === table.dimensionCount) {
    const missing = findMissingBins(result.dimensions, expected);
    insertMissingRows(rows, missing, table.columns.length);
    if (missing.length > 0) {
      const more = missing.length >= MAX_MISSING_BINS ? ` (the first ${MAX_MISSING_BINS} are listed)` : '';
      notes.push(`${missing.length} bin${missing.length === 1 ? '' : 's'} the plan announced ${missing.length === 1 ? 'is' : 'are'} missing from the result${more}: redacted (below the redaction threshold) or empty — the service does not say which.`);
    }
  }
  return {
    ...(table.audience !== undefined ? { audience: describeAudience(table, locale) } : {}),
    columns,
    rows,
    notes,
    quality: describeQualityMeasures(result),
  };
}

function describeAudience(table: ResultTable, locale: string): NonNullable<InsightView['audience']> {
  const value = table.audience ?? '0';
  return {
    value,
    display: formatResultNumber(value, 'count', locale),
    ...(value === '0' ? { note: 'No one, or fewer individuals than the redaction threshold: the service does not say which.' } : {}),
  };
}

/** Puts each missing bin's row after the last row of its parent bin, or at the end. */
function insertMissingRows(rows: ResultRowView[], missing: readonly string[][], width: number): void {
  for (const path of missing) {
    const cells: (string | null)[] = [...path, ...Array.from({ length: width - path.length }, () => null)];
    const parent = path.slice(0, -1);
    let at = -1;
    if (parent.length > 0) {
      for (let index = rows.length - 1; index >= 0; index -= 1) {
        if (parent.every((value, level) => rows[index].cells[level] === value)) {
          at = index;
          break;
        }
      }
    }
    rows.splice(at < 0 ? rows.length : at + 1, 0, { cells, mark: 'missing' });
  }
}

function buildThresholdsView(result: QueryResult | undefined, plan: ExplainQueryResponse | undefined): ThresholdsView | undefined {
  const outline = plan ? outlinePlan(plan) : undefined;
  if (outline && outline.thresholds.length > 0) {
    const facts = describeThresholds(outline.thresholds);
    return { source: 'plan', facts, note: "From the service's plan for this query and target." };
  }
  if (!result) return undefined;
  const redacted = result.quality_measures?.redaction_threshold_outlier;
  const facts: Fact[] =
    typeof redacted === 'number'
      ? [{ label: 'Redacted share', value: formatMeasure(redacted), detail: 'Of the audience, counted in bins below the redaction threshold and left out.' }]
      : [];
  return {
    source: 'result',
    facts,
    note: 'The service states the thresholds in the plan, not in the result, and the plan could not be read for this run: explain the query to see them. Counts are redacted below the redaction threshold and rounded to a multiple of the rounding threshold.',
  };
}

function buildActivationView(activation: Activation, rowsFromRecord: string | undefined, locale: string): ActivationView {
  const summary = activation.summary ?? {};
  const facts: Fact[] = [];
  const add = (label: string, value: string | undefined, detail?: string): void => {
    if (value !== undefined && value !== '') facts.push({ label, value, ...(detail ? { detail } : {}) });
  };
  add('Status', summary.status);
  const rows = summary.total_rows ?? rowsFromRecord;
  add('Rows', rows === undefined ? undefined : formatResultNumber(String(rows), 'count', locale), 'The rows go to the destinations of the activation; the service does not return them.');
  add('Records before matching', summary.original_record_count === undefined ? undefined : formatResultNumber(String(summary.original_record_count), 'count', locale));
  add('Campaign', summary.campaign_name);
  add('Submitted', summary.submitted_at);
  add('Query successful', yesNo(summary.query_successful));
  add('Results expired', yesNo(summary.results_expired));
  add('Column separator', summary.column_separator === undefined ? undefined : JSON.stringify(summary.column_separator));
  add('Activation dataset', summary.dataset_id);
  add('Activation ID', summary.activation_id);
  if (activation.query_error?.message) add('Error', activation.query_error.message);
  return {
    facts,
    outputColumns: [...(activation.output_columns ?? [])],
    pushes: (activation.pushes ?? []).map(describePush),
  };
}

function describePush(push: Push): ActivationView['pushes'][number] {
  const outcome = push.push_error?.message ? `failed: ${push.push_error.message}` : push.push_successful === true ? 'succeeded' : push.push_successful === false ? 'failed' : 'pending';
  return {
    connector: push.connector_type ?? '—',
    status: push.status ?? '—',
    pushedAt: push.pushed_at ?? '—',
    completedAt: push.completed_at ?? '—',
    outcome,
  };
}

function yesNo(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : value ? 'yes' : 'no';
}

/** `1234567` → `1,234,567`; text that is not plain digits is returned as is. */
export function groupDigits(digits: string): string {
  return /^-?\d+$/.test(digits) ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : digits;
}

function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  return ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

function formatClockTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
