/**
 * A data-supply execution (seed 002: import, recordset creation, normalization, prepare,
 * publish) read into one shape, whatever the kind: the five Get operations answer in five
 * shapes. Pure: the service layer's follower and the editor's Data Supply view read
 * executions the same way.
 *
 * A publish is read through its prepare (Publish answers the prepare's execution ID): it is
 * over when the prepare says PUBLISHED, or when the newest history entry since the publish
 * began is a failure.
 */
import type { OperationResponse } from '../api';
import type { SupplyExecutionKind, SupplyExecutionState, SupplyHistoryEntry } from '../protocol/jobs';

/** Statuses after which an execution changes no more (the swagger's V1Status enums). */
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED', 'PARTIALLY_COMPLETED', 'STALE']);

export function isFinalExecutionStatus(status: string | undefined): boolean {
  return status !== undefined && FINAL.has(status);
}

/** The Get operation that reads an execution of each kind. */
export const EXECUTION_READS = {
  import: 'getImportExecution',
  recordset: 'getRecordsetExecution',
  normalization: 'getNormalization',
  prepare: 'getPrepare',
  publish: 'getPrepare',
} as const satisfies Record<SupplyExecutionKind, string>;

/** What the Get operation of an execution kind answers. */
export type ExecutionAnswer<K extends SupplyExecutionKind> = OperationResponse<(typeof EXECUTION_READS)[K]>;

/** The state an answer of the kind's Get operation shows. */
export function executionStateOf<K extends SupplyExecutionKind>(kind: K, id: string, answer: ExecutionAnswer<K>): SupplyExecutionState {
  switch (kind) {
    case 'import': {
      const details = (answer as ExecutionAnswer<'import'>).execution_details;
      return stateOf(kind, id, details?.execution?.current_status, details?.execution?.progress?.completion_percentage, details?.history);
    }
    case 'recordset': {
      const details = (answer as ExecutionAnswer<'recordset'>).execution_details;
      return { ...stateOf(kind, id, details?.current_status, details?.progress?.completion_percentage, details?.history), ...(details?.recordset_id ? { resultId: details.recordset_id } : {}) };
    }
    case 'normalization': {
      const details = (answer as ExecutionAnswer<'normalization'>).normalization_details;
      const normalization = details?.normalization;
      return { ...stateOf(kind, id, normalization?.current_status, normalization?.progress?.completion_percentage, details?.history), ...(normalization?.output_recordset_id ? { resultId: normalization.output_recordset_id } : {}) };
    }
    default:
      return kind === 'prepare' ? prepareState(id, answer as ExecutionAnswer<'prepare'>) : publishState(id, answer as ExecutionAnswer<'publish'>);
  }
}

function prepareState(id: string, answer: ExecutionAnswer<'prepare'>): SupplyExecutionState {
  const prepare = answer.prepare_details?.prepare;
  return { ...stateOf('prepare', id, prepare?.current_status, prepare?.progress?.completion_percentage, answer.prepare_details?.history), ...(prepare?.dataset_id ? { resultId: prepare.dataset_id } : {}) };
}

function publishState(id: string, answer: ExecutionAnswer<'publish'>): SupplyExecutionState {
  const prepare = answer.prepare_details?.prepare;
  const history = answer.prepare_details?.history ?? [];
  const published = prepare?.prepare_status === 'PUBLISHED';
  // Entries about publishing: marked PUBLISHING, or saying so in their message.
  const since = history.findLastIndex((entry) => entry.prepare_status === 'PUBLISHING' || entry.message?.toLowerCase().includes('publish') === true);
  const last = since >= 0 ? history.at(-1) : undefined;
  const failed = !published && last?.status === 'FAILED';
  const error = failed ? errorOf(last) : undefined;
  return {
    kind: 'publish',
    id,
    status: published ? 'COMPLETED' : failed ? 'FAILED' : 'RUNNING',
    final: published || failed,
    completionPercentage: published || failed ? 100 : (prepare?.progress?.completion_percentage ?? 0),
    history: history.map(entryOf),
    ...(error !== undefined ? { error } : {}),
    ...(prepare?.dataset_id ? { resultId: prepare.dataset_id } : {}),
  };
}

interface WireHistoryEntry {
  readonly date_time?: string;
  readonly status?: string;
  readonly message?: string;
  readonly error?: { readonly error?: { readonly message?: string }; readonly details?: { readonly message?: string } };
}

function stateOf(kind: SupplyExecutionKind, id: string, status: string | undefined, percent: number | undefined, history: readonly WireHistoryEntry[] | undefined): SupplyExecutionState {
  const current = status ?? 'NO_STATUS';
  const final = FINAL.has(current);
  const failure = current === 'FAILED' ? [...(history ?? [])].reverse().find((entry) => errorOf(entry) !== undefined) : undefined;
  const error = errorOf(failure);
  return {
    kind,
    id,
    status: current,
    final,
    completionPercentage: final ? 100 : (percent ?? 0),
    history: (history ?? []).map(entryOf),
    ...(error !== undefined ? { error } : {}),
  };
}

function entryOf(entry: WireHistoryEntry): SupplyHistoryEntry {
  const error = errorOf(entry);
  return { at: entry.date_time ?? '', status: entry.status ?? 'NO_STATUS', message: entry.message ?? '', ...(error !== undefined ? { error } : {}) };
}

function errorOf(entry: WireHistoryEntry | undefined): string | undefined {
  return entry?.error?.error?.message ?? entry?.error?.details?.message;
}
