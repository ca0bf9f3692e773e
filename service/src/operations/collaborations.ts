/**
 * The typed calls of API 2.0 collaborations: manage, events, their datasets, stats, destinations and connections. List calls read one page; see iteratePages for all of them.
 * Each is `client.call` with its input built from plain arguments; the contract is `call`'s: a
 * `ServiceResult`, never a throw, prompt stop when `options.signal` aborts.
 */
import type {
  AddActivationDatasetRequest,
  AddDatasetRequest,
  AddDestinationRequest,
  AddInsightDatasetRequest,
  CreateCollaborationRequest,
  CreateCollaborationResponse,
  EmptyAnswer,
  ExportCollaborationEventsResponse,
  ListCollaborationEventsResponse,
  AttributeColumnStatsResponse,
  CollaborationDatasetDetail,
  ExportColumnStatsResponse,
  GetCollaborationConnectionResponse,
  GetCollaborationDestinationResponse,
  GetCollaborationResponse,
  KeyColumnStatsResponse,
  ListCollaborationConnectionsResponse,
  ListCollaborationDatasetsResponse,
  ListCollaborationDestinationsResponse,
  ListCollaborationsResponse,
  SummaryStatsResponse,
  V2ListParams,
} from '../../../common/api';
import { api } from '../lazy-api';
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient } from '../service-client';
import type { CallOptions } from '../service-transport';

type Answer<T> = Promise<ServiceResult<T>>;

export function listCollaborations(client: ServiceClient, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationsResponse> {
  return client.call('listCollaborations', { query: api().toV2ListQuery(list) }, options);
}

export function getCollaboration(client: ServiceClient, collaborationId: string, options?: CallOptions): Answer<GetCollaborationResponse> {
  return client.call('getCollaboration', { params: { collaboration_id: collaborationId } }, options);
}

/** Sent once (it creates); the members given here are fixed for the collaboration's life. */
export function createCollaboration(client: ServiceClient, body: CreateCollaborationRequest, options?: CallOptions): Answer<CreateCollaborationResponse> {
  return client.call('createCollaboration', { body }, options);
}

/** Owner only; irreversible. */
export function closeCollaboration(client: ServiceClient, collaborationId: string, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('closeCollaboration', { params: { collaboration_id: collaborationId } }, options);
}

/** Any member but the owner; afterwards the collaboration and its log are no longer visible. */
export function leaveCollaboration(client: ServiceClient, collaborationId: string, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('leaveCollaboration', { params: { collaboration_id: collaborationId } }, options);
}

/** Needs `detailed_logs`; `filter` on `event_type` and `company_id`, `orderBy` on `event_date_time`. */
export function listCollaborationEvents(client: ServiceClient, collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationEventsResponse> {
  return client.call('listCollaborationEvents', { params: { collaboration_id: collaborationId }, query: api().toV2ListQuery(list) }, options);
}

/** The same events as CSV text (no pagination). */
export function exportCollaborationEvents(
  client: ServiceClient,
  collaborationId: string,
  list?: Pick<V2ListParams, 'filter' | 'orderBy'>,
  options?: CallOptions,
): Answer<ExportCollaborationEventsResponse> {
  return client.call('exportCollaborationEvents', { params: { collaboration_id: collaborationId }, query: api().toV2ListQuery(list) }, options);
}

/** Needs `contributor` and an open collaboration; only the caller's own datasets. */
export function addCollaborationDataset(client: ServiceClient, collaborationId: string, body: AddDatasetRequest, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('addCollaborationDataset', { params: { collaboration_id: collaborationId }, body }, options);
}

/** `datasetId`: the dataset's ID (or its collaboration dataset name); only the caller's own. */
export function removeCollaborationDataset(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('removeCollaborationDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

export function addActivationDataset(client: ServiceClient, collaborationId: string, body: AddActivationDatasetRequest, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('addActivationDataset', { params: { collaboration_id: collaborationId }, body }, options);
}

export function removeActivationDataset(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('removeActivationDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

export function addInsightDataset(client: ServiceClient, collaborationId: string, body: AddInsightDatasetRequest, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('addInsightDataset', { params: { collaboration_id: collaborationId }, body }, options);
}

export function removeInsightDataset(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('removeInsightDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

/** A destination instance the caller's company owns. */
export function addCollaborationDestination(client: ServiceClient, collaborationId: string, body: AddDestinationRequest, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('addCollaborationDestination', { params: { collaboration_id: collaborationId }, body }, options);
}

export function removeCollaborationDestination(client: ServiceClient, collaborationId: string, destinationId: string, options?: CallOptions): Answer<EmptyAnswer> {
  return client.call('removeCollaborationDestination', { params: { collaboration_id: collaborationId, destination_id: destinationId } }, options);
}

export function listCollaborationDatasets(client: ServiceClient, collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationDatasetsResponse> {
  return client.call('listCollaborationDatasets', { params: { collaboration_id: collaborationId }, query: api().toV2ListQuery(list) }, options);
}

export function getCollaborationDataset(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<CollaborationDatasetDetail> {
  return client.call('getCollaborationDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

/** Needs the `detailed_logs` right (403 `forbidden` otherwise), as do the other stats. */
export function getAttributeColumnStats(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<AttributeColumnStatsResponse> {
  return client.call('getAttributeColumnStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

export function getExportColumnStats(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<ExportColumnStatsResponse> {
  return client.call('getExportColumnStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

export function getKeyColumnStats(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<KeyColumnStatsResponse> {
  return client.call('getKeyColumnStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

export function getSummaryStats(client: ServiceClient, collaborationId: string, datasetId: string, options?: CallOptions): Answer<SummaryStatsResponse> {
  return client.call('getSummaryStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
}

export function listCollaborationDestinations(client: ServiceClient, collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationDestinationsResponse> {
  return client.call('listCollaborationDestinations', { params: { collaboration_id: collaborationId }, query: api().toV2ListQuery(list) }, options);
}

export function getCollaborationDestination(client: ServiceClient, collaborationId: string, destinationId: string, options?: CallOptions): Answer<GetCollaborationDestinationResponse> {
  return client.call('getCollaborationDestination', { params: { collaboration_id: collaborationId, destination_id: destinationId } }, options);
}

export function listCollaborationConnections(client: ServiceClient, collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationConnectionsResponse> {
  return client.call('listCollaborationConnections', { params: { collaboration_id: collaborationId }, query: api().toV2ListQuery(list) }, options);
}

export function getCollaborationConnection(client: ServiceClient, collaborationId: string, connectionId: string, options?: CallOptions): Answer<GetCollaborationConnectionResponse> {
  return client.call('getCollaborationConnection', { params: { collaboration_id: collaborationId, connection_id: connectionId } }, options);
}
