/**
 * Activation segments and their exports as API 2.0 shows them. A segment's status follows
 * its latest calculation: CALCULATING until the calculation is polled done, then READY with
 * its row count (or ERRORED with the reason).
 */
import type { ActivationExport, ActivationSegment, ActivationSegmentSummary, ErrorInfo } from '../../../common/api';
import { EMULATOR_EPOCH } from '../http/wire-time';
import type { NamedDataset } from '../query-engine';
import type { ExportRecord, SegmentRecord } from '../state/emulator-state';

/** The 2.0 ErrorInfo of failed asynchronous work (seed 001 §7.2). */
export function errorInfo(message: string): ErrorInfo {
  return {
    error: { code: 'INVALID_ARGUMENT', message },
    details: { code: 'INVALID_ARGUMENT', message },
    time: EMULATOR_EPOCH,
  };
}

/** Status, row count and error of a segment, from its validation and latest calculation. */
function stateOf(segment: SegmentRecord): { status: string; rowCount?: number; error?: ErrorInfo } {
  if (segment.validation && !segment.validation.ok) {
    return { status: 'ACTIVATION_SEGMENT_STATUS_ERRORED', error: errorInfo(segment.validation.problem.message) };
  }
  const latest = segment.calculations[segment.calculations.length - 1];
  if (!latest) return { status: 'ACTIVATION_SEGMENT_STATUS_READY' };
  const outcome = latest.job.result;
  if (outcome === undefined) return { status: 'ACTIVATION_SEGMENT_STATUS_CALCULATING' };
  if (!outcome.ok) return { status: 'ACTIVATION_SEGMENT_STATUS_ERRORED', error: errorInfo(outcome.problem.message) };
  return { status: 'ACTIVATION_SEGMENT_STATUS_READY', rowCount: outcome.value.rows.length };
}

/** The dataset a segment exports from (its query's output dataset), among the collaboration's. */
export function targetOf(segment: SegmentRecord, datasets: readonly NamedDataset[]): NamedDataset | undefined {
  const name = segment.validation?.ok ? segment.validation.value.outputDataset : undefined;
  return datasets.find((dataset) => dataset.name === name);
}

export function toSegment(segment: SegmentRecord, datasets: readonly NamedDataset[]): ActivationSegment {
  const { status, rowCount, error } = stateOf(segment);
  const target = targetOf(segment, datasets);
  const history = segment.calculations.flatMap(({ job }) => {
    const outcome = job.result;
    return outcome?.ok ? [{ calculated_date_time: EMULATOR_EPOCH, row_count: String(outcome.value.rows.length) }] : [];
  });
  const options = segment.options;
  return {
    collaboration_id: segment.collaborationId,
    column_separator: options.column_separator,
    created_by: segment.createdBy,
    created_date_time: EMULATOR_EPOCH,
    ...(error ? { error } : {}),
    exported_columns: [...((segment.validation?.ok ? segment.validation.value.outputColumns : undefined) ?? [])],
    header_overrides: { ...options.header_overrides },
    id: segment.id,
    ...(options.identity_flattening ? { identity_flattening: { ...options.identity_flattening } } : {}),
    inaccuracy_proportion: options.inaccuracy_proportion,
    ...(history.length > 0 ? { last_calculated_date_time: EMULATOR_EPOCH } : {}),
    multi_value_delimiter: options.multi_value_delimiter,
    name: segment.name,
    path_overrides: options.path_overrides.map((override) => ({ ...override })),
    query: segment.query,
    redaction_threshold: String(target?.dataset.meta.redaction_threshold ?? 0),
    rounding_multiple: String(target?.dataset.meta.rounding_threshold ?? 0),
    ...(rowCount !== undefined ? { row_count: String(rowCount) } : {}),
    segment_history: history,
    status,
    string_literal_columns: options.string_literal_columns.map((column) => ({ ...column })),
    synthetic_exported_columns: options.string_literal_columns.flatMap((column) => (column.column_name ? [column.column_name] : [])),
    target_dataset_id: target?.dataset.meta.dataset_id ?? '',
    updated_date_time: EMULATOR_EPOCH,
  };
}

export function toSegmentSummary(segment: SegmentRecord, datasets: readonly NamedDataset[]): ActivationSegmentSummary {
  const full = toSegment(segment, datasets);
  return {
    collaboration_id: full.collaboration_id,
    created_by: full.created_by,
    created_date_time: full.created_date_time,
    id: full.id,
    ...(full.last_calculated_date_time ? { last_calculated_date_time: full.last_calculated_date_time } : {}),
    name: full.name,
    ...(full.row_count !== undefined ? { row_count: full.row_count } : {}),
    status: full.status,
    target_dataset_id: full.target_dataset_id,
    updated_date_time: full.updated_date_time,
  };
}

/** An export; `detailed` adds the push configuration (the single-export view). */
export function toExport(record: ExportRecord, detailed: boolean): ActivationExport {
  const outcome = record.job.result;
  const status =
    outcome === undefined ? 'EXPORT_STATUS_RUNNING' : outcome.ok ? 'EXPORT_STATUS_SUCCESSFUL' : 'EXPORT_STATUS_FAILED';
  return {
    activation_segment_id: record.segmentId,
    collaboration_id: record.collaborationId,
    ...(outcome !== undefined ? { completed_at_date_time: EMULATOR_EPOCH } : {}),
    destination_id: record.destinationId,
    destination_type_id: record.destinationTypeId,
    ...(outcome && !outcome.ok ? { export_error: errorInfo(outcome.problem.message) } : {}),
    export_id: record.id,
    ...(detailed ? { push_config: { ...record.pushConfig } } : {}),
    rejected_rows: '0',
    row_count: outcome?.ok ? String(outcome.value.rows.length) : '0',
    started_at_date_time: EMULATOR_EPOCH,
    status,
  };
}
