/**
 * The typed calls of API 2.0 destination instances (the caller's) and destination types. Writes are sent once.
 * Each is `client.call` with its input built from plain arguments; the contract is `call`'s: a
 * `ServiceResult`, never a throw, prompt stop when `options.signal` aborts.
 */
import type {
  CreateDestinationInstanceRequest,
  CreateDestinationInstanceResponse,
  DeleteDestinationInstanceResponse,
  DestinationInstanceResponse,
  GetDestinationTypeSchemaResponse,
  ListDestinationInstancesResponse,
  ListDestinationTypesResponse,
  UpdateDestinationInstanceRequest,
  DuplicateDestinationInstanceResponse,
  GetDestinationTypeExternalConfigResponse,
  V2ListParams,
} from '../../../common/api';
import { api } from '../lazy-api';
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient } from '../service-client';
import type { CallOptions } from '../service-transport';

type Answer<T> = Promise<ServiceResult<T>>;

export function listDestinationInstances(client: ServiceClient, list?: V2ListParams, options?: CallOptions): Answer<ListDestinationInstancesResponse> {
  return client.call('listDestinationInstances', { query: api().toV2ListQuery(list) }, options);
}

/** A 400 `invalid` names the config path its type's JSON Schema refused, e.g. `config.port: must be <= 65535`. */
export function createDestinationInstance(client: ServiceClient, body: CreateDestinationInstanceRequest, options?: CallOptions): Answer<CreateDestinationInstanceResponse> {
  return client.call('createDestinationInstance', { body }, options);
}

export function getDestinationInstance(client: ServiceClient, destinationId: string, options?: CallOptions): Answer<DestinationInstanceResponse> {
  return client.call('getDestinationInstance', { params: { destination_id: destinationId } }, options);
}

/** `config` replaces the whole configuration; a secret sent as `X-INFOSUM-REDACTED` keeps its stored value. */
export function updateDestinationInstance(client: ServiceClient, destinationId: string, body: UpdateDestinationInstanceRequest, options?: CallOptions): Answer<DestinationInstanceResponse> {
  return client.call('updateDestinationInstance', { params: { destination_id: destinationId }, body }, options);
}

export function deleteDestinationInstance(client: ServiceClient, destinationId: string, options?: CallOptions): Answer<DeleteDestinationInstanceResponse> {
  return client.call('deleteDestinationInstance', { params: { destination_id: destinationId } }, options);
}

export function listDestinationTypes(client: ServiceClient, options?: CallOptions): Answer<ListDestinationTypesResponse> {
  return client.call('listDestinationTypes', {}, options);
}

/** The JSON Schema (`connection_specification`) an instance's config of this type must satisfy. */
export function getDestinationTypeSchema(client: ServiceClient, destinationTypeId: string, options?: CallOptions): Answer<GetDestinationTypeSchemaResponse> {
  return client.call('getDestinationTypeSchema', { params: { destination_type_id: destinationTypeId } }, options);
}

/** A copy of one of the caller's instances under a new ID (name, type, config and secrets included). */
export function duplicateDestinationInstance(client: ServiceClient, destinationId: string, options?: CallOptions): Answer<DuplicateDestinationInstanceResponse> {
  return client.call('duplicateDestinationInstance', { params: { destination_id: destinationId }, body: {} }, options);
}

/** What the company must set up on the third party's side for this type (`external_config`). */
export function getDestinationTypeExternalConfig(client: ServiceClient, destinationTypeId: string, options?: CallOptions): Answer<GetDestinationTypeExternalConfigResponse> {
  return client.call('getDestinationTypeExternalConfig', { params: { destination_type_id: destinationTypeId } }, options);
}
