/**
 * Follows a data-supply execution (seed 002: import, recordset creation, normalization,
 * prepare, publish) from its ID to its end: reads it with growing waits (progress.ts) until
 * its status is final, reporting each read's status and completion percentage. The five
 * kinds answer in five shapes; common/supply/execution-state.ts brings them to one.
 */
import type { SupplyExecutionKind, SupplyExecutionState } from '../../common/protocol/jobs';
import { EXECUTION_READS, executionStateOf } from '../../common/supply/execution-state';
import { fail, succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import { Poller } from './progress';
import type { RunOptions } from './progress';
import type { ServiceClient } from './service-client';
import type { CallOptions } from './service-transport';

export type { SupplyExecutionKind, SupplyExecutionState } from '../../common/protocol/jobs';

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
    const state = await poller.read((callOptions) => readExecution(client, kind, id, callOptions));
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
export async function readExecution(client: ServiceClient, kind: SupplyExecutionKind, id: string, options: CallOptions = {}): Promise<ServiceResult<SupplyExecutionState>> {
  const params = { execution_id: id };
  const answer = await client.call(EXECUTION_READS[kind], { params }, options);
  return answer.ok ? succeed(executionStateOf(kind, id, answer.value)) : answer;
}
