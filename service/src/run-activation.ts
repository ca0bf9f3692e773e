/**
 * Runs an activation end to end: Queue an Activation, then poll Get an Activation until its
 * query reaches a terminal state.
 */
import type { QueueActivationRequest } from '../../common/api';
import type { ActivationRun } from '../../common/protocol/jobs';
import { mapAsyncFailure } from './error-mapping';
import { Poller } from './progress';
import type { RunOptions } from './progress';
import type { ServiceClient } from './service-client';
import { fail, succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import { isQueryFailure } from './wait-for-query';
import { getActivation, queueActivation } from './operations/activations';

export type { ActivationRun } from '../../common/protocol/jobs';

/** The only terminal status the reference names; others (pending, running, new ones) mean "wait". */
const COMPLETED = 'QUERY_COMPLETED';

/**
 * Queues the activation (sent once, never re-sent) and polls until its status is
 * QUERY_COMPLETED or it carries a `query_error`. A failure becomes a ServiceError with the
 * service's message; a completed activation whose `query_successful` is false fails with a
 * `server` error. Same progress and cancellation contract as runInsightQuery. Never throws.
 */
export async function runActivation(client: ServiceClient, body: QueueActivationRequest, options: RunOptions = {}): Promise<ServiceResult<ActivationRun>> {
  const operation = 'Activation';
  const poller = new Poller(options, operation);
  poller.report('submit');
  const queued = await queueActivation(client, body, { signal: options.signal });
  if (!queued.ok) return queued;
  const activationId = queued.value.activation_id;
  poller.id = activationId;
  if (isQueryFailure(queued.value.query_error)) return fail(mapAsyncFailure(queued.value.query_error, operation));
  // A query that already completed needs no wait, only one read of the activation.
  let skipWait = queued.value.query_completed;
  for (;;) {
    if (!skipWait) {
      const stop = await poller.waitBeforePoll();
      if (stop !== undefined) return fail(stop);
    }
    skipWait = false;
    poller.report('poll');
    const answer = await poller.read((callOptions) => getActivation(client, activationId, callOptions));
    if (!answer.ok) return answer;
    const activation = answer.value.activation;
    if (isQueryFailure(activation.query_error)) return fail(mapAsyncFailure(activation.query_error, operation));
    if (activation.summary?.status === COMPLETED) {
      if (activation.summary.query_successful === false) {
        return fail({
          kind: 'server',
          operation,
          message: `Activation ${activationId} finished without success, and the service gave no reason. Try again, or contact the service with this id.`,
        });
      }
      return succeed({ activationId, activation });
    }
  }
}
