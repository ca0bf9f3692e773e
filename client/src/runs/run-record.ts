import type { DocumentTarget } from '../../../common/protocol';
import type { Activation, QueryResult } from '../../../common/api';

export type RunStatus = 'running' | 'succeeded' | 'failed' | 'cancelled';

/**
 * One run of a query, from the moment "Run" is pressed: what the History view lists and
 * persists, and what the results panel shows. Plain JSON, so it survives a restart in
 * `globalState` and crosses into a webview as is.
 */
export interface RunRecord {
  /** Unique per run (a random UUID). */
  readonly id: string;
  /** The exact query text sent. */
  readonly query: string;
  readonly kind: 'insight' | 'activation';
  readonly target: DocumentTarget;
  /** The document it came from, to re-open it; absent for runs started elsewhere. */
  readonly documentUri?: string;
  readonly startedAt: number;
  finishedAt?: number;
  status: RunStatus;
  /** The service's query or activation ID, once it has one. */
  serviceId?: string;
  /** The audience (a 64-bit count as the service wrote it). */
  audience?: string;
  /** Why it failed or what cancelling meant, in the service's own words where it gave any. */
  message?: string;
  /** The insight result, when the run succeeded. */
  result?: QueryResult;
  /** The activation, when an activation run completed. */
  activation?: Activation;
}
