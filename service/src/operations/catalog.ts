/**
 * The typed calls of the catalog: API 1.0 datasets, connections, permissions, credit usage, the demo datasets and health; API 2.0 the caller's own datasets.
 * Each is `client.call` with its input built from plain arguments; the contract is `call`'s: a
 * `ServiceResult`, never a throw, prompt stop when `options.signal` aborts.
 */
import type {
  AddDemoDatasetsResponse,
  GetDatasetUsageResponse,
  GetPermissionUsageResponse,
  UsageQuery,
  GetConnectionResponse,
  GetDatasetMetadataResponse,
  GetDatasetV2Response,
  HealthResponse,
  ListConnectionsQuery,
  ListConnectionsResponse,
  ListDatasetsQuery,
  ListDatasetsResponse,
  ListDatasetsV2Response,
  ListPermissionsQuery,
  ListPermissionsResponse,
  V2ListParams,
} from '../../../common/api';
import { api } from '../lazy-api';
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient } from '../service-client';
import type { CallOptions } from '../service-transport';

type Answer<T> = Promise<ServiceResult<T>>;

export function listDatasets(client: ServiceClient, query?: ListDatasetsQuery, options?: CallOptions): Answer<ListDatasetsResponse> {
  return client.call('listDatasets', { query }, options);
}

export function getDatasetMetadata(client: ServiceClient, privateId: string, options?: CallOptions): Answer<GetDatasetMetadataResponse> {
  return client.call('getDatasetMetadata', { params: { private_id: privateId } }, options);
}

export function listConnections(client: ServiceClient, query?: ListConnectionsQuery, options?: CallOptions): Answer<ListConnectionsResponse> {
  return client.call('listConnections', { query }, options);
}

export function getConnection(client: ServiceClient, firstPrivateId: string, secondPrivateId: string, options?: CallOptions): Answer<GetConnectionResponse> {
  return client.call('getConnection', { params: { first_private_id: firstPrivateId, second_private_id: secondPrivateId } }, options);
}

export function listPermissions(client: ServiceClient, query?: ListPermissionsQuery, options?: CallOptions): Answer<ListPermissionsResponse> {
  return client.call('listPermissions', { query }, options);
}

export function checkHealth(client: ServiceClient, options?: CallOptions): Answer<HealthResponse> {
  return client.call('checkHealth', {}, options);
}

/** The credits spent on a dataset the caller's company owns, as a time series (with each permission's share). */
export function getDatasetUsage(client: ServiceClient, privateId: string, query?: UsageQuery, options?: CallOptions): Answer<GetDatasetUsageResponse> {
  return client.call('getDatasetUsage', { params: { private_id: privateId }, query }, options);
}

/** The credits the recipient spent through one permission (dataset `privateId`, recipient `recipientId`). */
export function getPermissionUsage(client: ServiceClient, privateId: string, recipientId: string, query?: UsageQuery, options?: CallOptions): Answer<GetPermissionUsageResponse> {
  return client.call('getPermissionUsage', { params: { private_id: privateId, recipient_id: recipientId }, query }, options);
}

/** Grants the caller's company the demo datasets (once; a repeat changes nothing) and answers those permissions. */
export function addDemoDatasets(client: ServiceClient, options?: CallOptions): Answer<AddDemoDatasetsResponse> {
  return client.call('addDemoDatasets', { body: {} }, options);
}

export function listDatasetsV2(client: ServiceClient, list?: V2ListParams, options?: CallOptions): Answer<ListDatasetsV2Response> {
  return client.call('listDatasetsV2', { query: api().toV2ListQuery(list) }, options);
}

export function getDatasetV2(client: ServiceClient, datasetId: string, options?: CallOptions): Answer<GetDatasetV2Response> {
  return client.call('getDatasetV2', { params: { dataset_id: datasetId } }, options);
}
