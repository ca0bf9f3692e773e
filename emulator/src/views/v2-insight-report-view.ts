/**
 * Insight reports as API 2.0 shows them (seed 001 §2.6). The status follows the report's job:
 * WAITING (0 %) until it is computed, RUNNING (50 %) once computed but not yet polled done,
 * then COMPLETED (100 %) or FAILED (100 %, with the reason in `error`).
 */
import type { ErrorInfo, InsightReportStatus } from '../../../common/api';
import { EMULATOR_EPOCH } from '../http/wire-time';
import type { InsightReportRecord } from '../state/insight-reports';
import { errorInfo } from './v2-segment-view';

export interface ReportState {
  readonly status: InsightReportStatus;
  readonly completion: number;
  readonly error?: ErrorInfo;
}

export function reportState(record: InsightReportRecord): ReportState {
  const outcome = record.job.result;
  if (outcome !== undefined) {
    return outcome.ok ? { status: 'COMPLETED', completion: 100 } : { status: 'FAILED', completion: 100, error: errorInfo(outcome.problem.message) };
  }
  return record.job.isRunning ? { status: 'RUNNING', completion: 50 } : { status: 'WAITING', completion: 0 };
}

export function toReportSummary(record: InsightReportRecord): Record<string, unknown> {
  const state = reportState(record);
  return {
    created_by: record.createdBy,
    created_date_time: EMULATOR_EPOCH,
    owner_id: record.companyId,
    progress: { completion_percentage: state.completion },
    report_id: record.id,
    report_name: record.name,
    report_type: 'INSIGHT',
    status: state.status,
  };
}

export function toReportDefinition(record: InsightReportRecord): Record<string, unknown> {
  const state = reportState(record);
  return {
    baseline: { dataset_id: record.baselineDatasetId },
    baseline_filter: record.baselineFilter,
    categories: [...record.plan.categories],
    created_by: record.createdBy,
    created_date_time: EMULATOR_EPOCH,
    ...(state.error ? { error: state.error } : {}),
    owner_id: record.companyId,
    report_id: record.id,
    report_name: record.name,
    seed: { dataset_id: record.seedDatasetId },
    seed_filter: record.seedFilter,
    status: state.status,
  };
}

export function toReportStatus(record: InsightReportRecord): Record<string, unknown> {
  const state = reportState(record);
  return { ...(state.error ? { error: state.error } : {}), progress: { completion_percentage: state.completion }, status: state.status };
}
