/**
 * Long-running work the language server does for the editor (a query run, an activation, a
 * segment calculation), each followed to its end by the service layer's runners. The editor
 * sends one `iql/job/run` request and receives progress as `$/progress` notifications on the
 * token it chose; cancelling the request stops the waiting at once (the service keeps any
 * work it already accepted, and the result says so).
 */
import type { Activation, ActivationExport, CreateQueryRequest, QueryResult, QueueActivationRequest } from '../api';

/** `submit`: sending the work; `poll`: asking whether it is done; `result`: fetching the result. */
export type ProgressPhase = 'submit' | 'poll' | 'result';

export interface ProgressEvent {
  readonly phase: ProgressPhase;
  /** 1-based count of requests made in this phase. */
  readonly attempt: number;
  /** Milliseconds since the job started. */
  readonly elapsedMs: number;
  /** The query or activation id, once the service has given one. */
  readonly id?: string;
  /** For data-supply executions: the status and completion the last read showed. */
  readonly status?: string;
  readonly percent?: number;
}

/** An activation segment of a collaboration. */
export interface SegmentRef {
  readonly collaborationId: string;
  readonly segmentId: string;
}

/** One export of an activation segment (Export Activation Segment's answer). */
export interface SegmentExportRef extends SegmentRef {
  readonly exportId: string;
}

/** A finished insight query (or segment calculation): its id and result. */
export interface QueryRun {
  readonly queryId: string;
  readonly result: QueryResult;
}

/** A finished activation. */
export interface ActivationRun {
  readonly activationId: string;
  readonly activation: Activation;
}

/** The data-supply executions (seed 002) a job can follow. */
export type SupplyExecutionKind = 'import' | 'recordset' | 'normalization' | 'prepare' | 'publish';

export interface SupplyHistoryEntry {
  /** RFC 3339, as the service wrote it. */
  readonly at: string;
  readonly status: string;
  readonly message: string;
  readonly error?: string;
}

/** One read of a data-supply execution, whatever its kind. */
export interface SupplyExecutionState {
  readonly kind: SupplyExecutionKind;
  readonly id: string;
  /** The service's status: WAITING, RUNNING, COMPLETED, FAILED, … */
  readonly status: string;
  /** True once the status changes no more. */
  readonly final: boolean;
  readonly completionPercentage: number;
  readonly history: readonly SupplyHistoryEntry[];
  /** The service's message for a failure. */
  readonly error?: string;
  /** What it made: the recordset (recordset creation, normalization) or the dataset (prepare, publish). */
  readonly resultId?: string;
}

/** What a job does; `kind` picks the runner. */
export type JobSpec =
  | { readonly kind: 'insightQuery'; readonly body: CreateQueryRequest }
  | { readonly kind: 'activation'; readonly body: QueueActivationRequest }
  | { readonly kind: 'segmentCalculation'; readonly segment: SegmentRef }
  | { readonly kind: 'segmentExport'; readonly export: SegmentExportRef }
  | { readonly kind: 'supplyExecution'; readonly execution: { readonly kind: SupplyExecutionKind; readonly id: string } };

/** The outcome of each kind of job. */
export interface JobOutcomes {
  readonly insightQuery: QueryRun;
  readonly activation: ActivationRun;
  readonly segmentCalculation: QueryRun;
  /** The export once it ended: its status, rows and rejected rows, or the service's error. */
  readonly segmentExport: ActivationExport;
  readonly supplyExecution: SupplyExecutionState;
}

export type JobOutcome<K extends JobSpec['kind']> = JobOutcomes[K];

/** client → server request: run `job` on `profile` (default profile when absent); result: ServiceResult<JobOutcome>. */
export interface RunJobParams<J extends JobSpec = JobSpec> {
  readonly profile?: string;
  readonly job: J;
  /** The `$/progress` token under which the server reports each ProgressEvent. */
  readonly progressToken: string;
}
export const RunJobRequest = 'iql/job/run';
