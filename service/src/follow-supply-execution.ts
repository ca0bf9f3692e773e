/**
 * Follows a data-supply execution (seed 002: import, recordset creation, normalization,
 * prepare, publish) from its ID to its end: reads it with growing waits (progress.ts) until
 * its status is final, reporting each read's status and completion percentage. The five
 * kinds answer in five shapes; `readExecution` brings them to one.
 *
 * A publish is followed through its prepare (Publish answers the prepare's execution ID): it
 * is over when the prepare says PUBLISHED, or when the newest history entry since the publish
 * began is a failure.
 */
import type { OperationResponse } from '../../common/api';
import type { SupplyExecutionKind, SupplyExecutionState, SupplyHistoryEntry } from '../../common/protocol/jobs';
import { fail, succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import { Poller } from './progress';
import type { RunOptions } from './progress';
import type { ServiceClient } from './service-client';

export type { SupplyExecutionKind, SupplyExecutionState } from '../../common/protocol/jobs';

/** Statuses after which an execution changes no more (the swagger's V1Status enums). */
const FINAL = new Set(['COMPLETED', 'FAILED', 'CANCELED', 'PARTIALLY_COMPLETED', 'STALE']);

const OPERATION: Readonly<Record<SupplyExecutionKind, string>> = {
  import: 'Import',
  recordset: 'Recordset creation',
  normalization: 'Normalization',
  prepare: 'Prepare',
  publish: 'Publish',
};

export interface FollowOptions extends RunOptions {
  /** Called with every state read, the last one included. */
  readonly onState?: (state: SupplyExecutionState) => void;
}

/**
 * Reads the execution until it is final and returns its last state; a FAILED execution is a
 * success of this call (the state carries the service's error), so callers show it as it is.
 * Each read is also a progress event carrying the status and completion it showed.
 * Cancellation and time-outs are failures, as for every runner. Never throws.
 */
export async function followSupplyExecution(client: ServiceClient, kind: SupplyExecutionKind, id: string, options: FollowOptions = {}): Promise<ServiceResult<SupplyExecutionState>> {
  const poller = new Poller(options, OPERATION[kind]);
  poller.id = id;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) {
      const stop = await poller.waitBeforePoll();
      if (stop !== undefined) return fail(stop);
    }
    const state = await readExecution(client, kind, id, options.signal);
    if (!state.ok) return state;
    tell(() => options.onProgress?.({ phase: 'poll', attempt, elapsedMs: poller.elapsedMs, id, status: state.value.status, percent: state.value.completionPercentage }));
    tell(() => options.onState?.(state.value));
    if (state.value.final) return state;
  }
}

function tell(callback: () => void): void {
  try {
    callback();
  } catch {
    // A failing display must not abandon the follow.
  }
}

/** One read of an execution, in the common shape. */
export async function readExecution(client: ServiceClient, kind: SupplyExecutionKind, id: string, signal?: AbortSignal): Promise<ServiceResult<SupplyExecutionState>> {
  const call = { signal };
  switch (kind) {
    case 'import': {
      const answer = await client.call('getImportExecution', { params: { execution_id: id } }, call);
      if (!answer.ok) return answer;
      const details = answer.value.execution_details;
      return succeed(stateOf(kind, id, details?.execution?.current_status, details?.execution?.progress?.completion_percentage, details?.history));
    }
    case 'recordset': {
      const answer = await client.call('getRecordsetExecution', { params: { execution_id: id } }, call);
      if (!answer.ok) return answer;
      const details = answer.value.execution_details;
      return succeed({ ...stateOf(kind, id, details?.current_status, details?.progress?.completion_percentage, details?.history), ...(details?.recordset_id ? { resultId: details.recordset_id } : {}) });
    }
    case 'normalization': {
      const answer = await client.call('getNormalization', { params: { execution_id: id } }, call);
      if (!answer.ok) return answer;
      const details = answer.value.normalization_details;
      const normalization = details?.normalization;
      return succeed({ ...stateOf(kind, id, normalization?.current_status, normalization?.progress?.completion_percentage, details?.history), ...(normalization?.output_recordset_id ? { resultId: normalization.output_recordset_id } : {}) });
    }
    case 'prepare':
    case 'publish': {
      const answer = await client.call('getPrepare', { params: { execution_id: id } }, call);
      if (!answer.ok) return answer;
      return succeed(kind === 'prepare' ? prepareState(id, answer.value) : publishState(id, answer.value));
    }
  }
}

type PrepareAnswer = OperationResponse<'getPrepare'>;

function prepareState(id: string, answer: PrepareAnswer): SupplyExecutionState {
  const prepare = answer.prepare_details?.prepare;
  return { ...stateOf('prepare', id, prepare?.current_status, prepare?.progress?.completion_percentage, answer.prepare_details?.history), ...(prepare?.dataset_id ? { resultId: prepare.dataset_id } : {}) };
}

function publishState(id: string, answer: PrepareAnswer): SupplyExecutionState {
  const prepare = answer.prepare_details?.prepare;
  const history = answer.prepare_details?.history ?? [];
  const published = prepare?.prepare_status === 'PUBLISHED';
  // The entries since the publish began: after the last one that is not about publishing.
  const since = history.findLastIndex((entry) => entry.prepare_status === 'PUBLISHING' || entry.message?.toLowerCase().includes('publish') === true);
  const last = since >= 0 ? history.at(-1) : undefined;
  const failed = !published && last?.status === 'FAILED';
  const status = published ? 'COMPLETED' : failed ? 'FAILED' : 'RUNNING';
  return {
    kind: 'publish',
    id,
    status,
    final: published || failed,
    completionPercentage: published || failed ? 100 : (prepare?.progress?.completion_percentage ?? 0),
    history: history.map(entryOf),
    ...(failed && errorOf(last) !== undefined ? { error: errorOf(last) } : {}),
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
  return {
    kind,
    id,
    status: current,
    final,
    completionPercentage: final ? 100 : (percent ?? 0),
    history: (history ?? []).map(entryOf),
    ...(failure !== undefined ? { error: errorOf(failure) } : {}),
  };
}

function entryOf(entry: WireHistoryEntry): SupplyHistoryEntry {
  const error = errorOf(entry);
  return { at: entry.date_time ?? '', status: entry.status ?? 'NO_STATUS', message: entry.message ?? '', ...(error !== undefined ? { error } : {}) };
}

function errorOf(entry: WireHistoryEntry | undefined): string | undefined {
  return entry?.error?.error?.message ?? entry?.error?.details?.message;
}
