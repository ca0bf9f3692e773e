/**
 * The typed calls of what Document 2 §4.1 offers an account: users' display names, PAIR match rates and queries, private paths.
 * Each is `client.call` with its input built from plain arguments; the contract is `call`'s: a
 * `ServiceResult`, never a throw, prompt stop when `options.signal` aborts.
 */
import type {
  V2ListParams,
  CalculateMatchRateRequest,
  CalculateMatchRateResponse,
  CreatePairQueryRequest,
  CreatePairQueryResponse,
  CreatePrivatePathRequest,
  CreatePrivatePathResponse,
  GetPrivatePathResponse,
  ListDisplayNamesResponse,
} from '../../../common/api';
import { api } from '../lazy-api';
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient } from '../service-client';
import type { CallOptions } from '../service-transport';

type Answer<T> = Promise<ServiceResult<T>>;

/**
 * The display and company names of these users (Document 2 §4.1: `filter` is required and
 * names user IDs; written `user_id eq A or user_id eq B`). Users the caller's company has no
 * dealings with are left out, like IDs that name no one.
 */
export function listDisplayNames(client: ServiceClient, userIds: readonly string[], list?: Pick<V2ListParams, 'page' | 'perPage'>, options?: CallOptions): Answer<ListDisplayNamesResponse> {
  const filter = userIds.map((id) => `user_id eq ${id}`).join(' or ');
  return client.call('listDisplayNames', { query: api().toV2ListQuery({ ...list, filter }) }, options);
}

/** The share of the advertiser dataset's individuals the publisher dataset holds (a whole percentage, int64 on the wire). */
export function calculateMatchRate(client: ServiceClient, body: CalculateMatchRateRequest, options?: CallOptions): Answer<CalculateMatchRateResponse> {
  return client.call('calculateMatchRate', { body }, options);
}

/** An activation of the caller's dataset matched with a collaborator's; the emulator's `query_id` is read with `getActivation`. */
export function createPairQuery(client: ServiceClient, body: CreatePairQueryRequest, options?: CallOptions): Answer<CreatePairQueryResponse> {
  return client.call('createPairQuery', { body }, options);
}

/** A private-path collaboration allowing these datasets; answers its `collaboration_id`. */
export function createPrivatePath(client: ServiceClient, body: CreatePrivatePathRequest, options?: CallOptions): Answer<CreatePrivatePathResponse> {
  return client.call('createPrivatePath', { body }, options);
}

/** The datasets of a private path, with their use time. */
export function getPrivatePath(client: ServiceClient, collaborationId: string, options?: CallOptions): Answer<GetPrivatePathResponse> {
  return client.call('getPrivatePath', { params: { collaboration_id: collaborationId } }, options);
}
