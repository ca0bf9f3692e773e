/**
 * The typed calls of API 1.0 activations, and the deprecated 2.0 query-based activation pushes (use activation segment exports; a push is sent once).
 * Each is `client.call` with its input built from plain arguments; the contract is `call`'s: a
 * `ServiceResult`, never a throw, prompt stop when `options.signal` aborts.
 */
import type {
  GetActivationDestinationPushSchemaResponse,
  GetActivationPushResponse,
  ListActivationDestinationsResponse,
  ListActivationPushesResponse,
  PushActivationResultsRequest,
  PushActivationResultsResponse,
  GetActivationResponse,
  ListActivationsQuery,
  ListActivationsResponse,
  QueueActivationRequest,
  QueueActivationResponse,
  V2ListParams,
} from '../../../common/api';
import { api } from '../lazy-api';
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient } from '../service-client';
import type { CallOptions } from '../service-transport';

type Answer<T> = Promise<ServiceResult<T>>;

export function queueActivation(client: ServiceClient, body: QueueActivationRequest, options?: CallOptions): Answer<QueueActivationResponse> {
  return client.call('queueActivation', { body }, options);
}

export function listActivations(client: ServiceClient, query?: ListActivationsQuery, options?: CallOptions): Answer<ListActivationsResponse> {
  return client.call('listActivations', { query }, options);
}

export function getActivation(client: ServiceClient, activationId: string, options?: CallOptions): Answer<GetActivationResponse> {
  return client.call('getActivation', { params: { activation_id: activationId } }, options);
}

/** Deprecated. The destinations an activation (`queryId`: its activation ID) may be pushed to. */
export function listActivationDestinations(client: ServiceClient, queryId: string, list?: V2ListParams, options?: CallOptions): Answer<ListActivationDestinationsResponse> {
  return client.call('listActivationDestinations', { params: { query_id: queryId }, query: api().toV2ListQuery(list) }, options);
}

/** Deprecated. Pushes an activation's rows to a destination; follow it with getActivationPush. */
export function pushActivationResults(client: ServiceClient, queryId: string, destinationId: string, body: PushActivationResultsRequest, options?: CallOptions): Answer<PushActivationResultsResponse> {
  return client.call('pushActivationResults', { params: { query_id: queryId, destination_id: destinationId }, body }, options);
}

/** Deprecated. The JSON Schema a push's `push_config` to this destination must satisfy. */
export function getActivationDestinationPushSchema(client: ServiceClient, queryId: string, destinationId: string, options?: CallOptions): Answer<GetActivationDestinationPushSchemaResponse> {
  return client.call('getActivationDestinationPushSchema', { params: { query_id: queryId, destination_id: destinationId } }, options);
}

/** Deprecated. The pushes of an activation. */
export function listActivationPushes(client: ServiceClient, queryId: string, list?: V2ListParams, options?: CallOptions): Answer<ListActivationPushesResponse> {
  return client.call('listActivationPushes', { params: { query_id: queryId }, query: api().toV2ListQuery(list) }, options);
}

/** Deprecated. One push, with its push_config. */
export function getActivationPush(client: ServiceClient, queryId: string, pushId: string, options?: CallOptions): Answer<GetActivationPushResponse> {
  return client.call('getActivationPush', { params: { query_id: queryId, push_id: pushId } }, options);
}
