/**
 * The life of a RunRecord as pure functions: created `running`, then exactly one of
 * `succeeded`, `failed` or `cancelled`. Each returns a new record, so a record already handed
 * to the results panel or the history is never changed behind its back.
 */
import type { DocumentTarget } from '../../../common/protocol';
import type { ActivationRun, QueryRun } from '../../../common/protocol';
import type { ServiceError } from '../../../common/service-result';
import type { RunRecord } from './run-record';

/** What is needed to start a run: the query as the server parsed it and where it goes. */
export interface RunRequest {
  readonly query: string;
  readonly kind: 'insight' | 'activation';
  readonly target: DocumentTarget;
  readonly documentUri?: string;
  /** The local checks found errors in the query; it is sent anyway, the service decides. */
  readonly hasLocalErrors?: boolean;
}

/** A new run in state `running`. `id` must be unique (a random UUID); `startedAt` in ms since epoch. */
export function createRunRecord(request: RunRequest, id: string, startedAt: number): RunRecord {
  return {
    id,
    query: request.query,
    kind: request.kind,
    target: { ...request.target },
    ...(request.documentUri !== undefined ? { documentUri: request.documentUri } : {}),
    startedAt,
    status: 'running',
  };
}

/** The record once the service has named the query or activation; unchanged if it already was. */
export function withServiceId(record: RunRecord, serviceId: string): RunRecord {
  return record.serviceId === serviceId ? record : { ...record, serviceId };
}

/** A finished insight query: its id, its audience as the service wrote it, and the result. */
export function completeInsightRun(record: RunRecord, run: QueryRun, finishedAt: number): RunRecord {
  const audience = run.result.audience;
  return {
    ...record,
    status: 'succeeded',
    finishedAt,
    serviceId: run.queryId,
    ...(audience !== undefined ? { audience: String(audience) } : {}),
    result: run.result,
  };
}

/** A completed activation; its "audience" is the number of rows it exported (`total_rows`). */
export function completeActivationRun(record: RunRecord, run: ActivationRun, finishedAt: number): RunRecord {
  const rows = run.activation.summary?.total_rows;
  return {
    ...record,
    status: 'succeeded',
    finishedAt,
    serviceId: run.activationId,
    ...(rows !== undefined ? { audience: String(rows) } : {}),
    activation: run.activation,
  };
}

/**
 * A run that ended with `error`. A `cancelled` error becomes a cancelled run (see
 * cancelRunRecord); any other keeps the service layer's complete message, which for a refused
 * query is the service's own text.
 */
export function failRunRecord(record: RunRecord, error: ServiceError, finishedAt: number): RunRecord {
  if (error.kind === 'cancelled') return cancelRunRecord(record, finishedAt);
  return { ...record, status: 'failed', finishedAt, message: error.message };
}

/**
 * A run the user stopped following. The service has no cancel operation, so the message says
 * honestly that the query may still complete there, with its ID when one was given.
 */
export function cancelRunRecord(record: RunRecord, finishedAt: number): RunRecord {
  return { ...record, status: 'cancelled', finishedAt, message: describeCancellation(record) };
}

/** True once the run has ended one way or another. */
export function isRunFinished(record: RunRecord): boolean {
  return record.status !== 'running';
}

function describeCancellation(record: RunRecord): string {
  const what = record.kind === 'activation' ? 'activation' : 'query';
  if (record.serviceId === undefined) {
    return `Stopped before the service answered. The service has no cancel operation, so the ${what} may still have been created and may complete there.`;
  }
  return `Stopped waiting for ${what} ${record.serviceId}. The service has no cancel operation, so it may still complete there.`;
}
