/**
 * `ServiceClient`: one object per profile with a typed method per service operation. Each
 * method is a thin call through `ServiceTransport` (retries, timeouts, error mapping); the
 * contract of every method is the transport's: it resolves to a `ServiceResult`, never throws,
 * and stops promptly when `options.signal` aborts.
 *
 * Bodies and answers use the wire types of common/api (snake_case, 64-bit counts as strings).
 */
import type {
  AddDemoDatasetsResponse,
  GetActivationDestinationPushSchemaResponse,
  GetActivationPushResponse,
  GetDatasetUsageResponse,
  GetPermissionUsageResponse,
  ListActivationDestinationsResponse,
  ListActivationPushesResponse,
  PushActivationResultsRequest,
  PushActivationResultsResponse,
  UsageQuery,
  ActivationSegmentResponse,
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
  CalculateActivationSegmentResponse,
  CollaborationDatasetDetail,
  CreateActivationSegmentRequest,
  CreateQueryRequest,
  CreateQueryResponse,
  Dataset,
  DeleteActivationSegmentResponse,
  ExplainQueryRequest,
  ExplainQueryResponse,
  ExportActivationSegmentRequest,
  ExportActivationSegmentResponse,
  ExportColumnStatsResponse,
  GetActivationResponse,
  GetActivationSegmentExportResponse,
  GetActivationSegmentDestinationPushSchemaResponse,
  ListActivationSegmentDestinationsResponse,
  GetCollaborationConnectionResponse,
  GetCollaborationDestinationResponse,
  GetCollaborationResponse,
  GetConnectionResponse,
  GetDatasetMetadataResponse,
  GetDatasetV2Response,
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
  GetQueryResponse,
  HealthResponse,
  KeyColumnStatsResponse,
  ListActivationSegmentExportsResponse,
  ListActivationSegmentsResponse,
  ListActivationsQuery,
  ListActivationsResponse,
  ListCollaborationConnectionsResponse,
  ListCollaborationDatasetsResponse,
  ListCollaborationDestinationsResponse,
  ListCollaborationsResponse,
  ListConnectionsQuery,
  ListConnectionsResponse,
  ListDatasetsQuery,
  ListDatasetsResponse,
  ListDatasetsV2Response,
  ListPermissionsQuery,
  ListPermissionsResponse,
  OperationId,
  OperationResponse,
  QueryResult,
  QueueActivationRequest,
  QueueActivationResponse,
  SummaryStatsResponse,
  UpdateActivationSegmentRequest,
  V2ListParams,
  CalculateMatchRateRequest,
  CalculateMatchRateResponse,
  CreatePairQueryRequest,
  CreatePairQueryResponse,
  CreatePrivatePathRequest,
  CreatePrivatePathResponse,
  GetPrivatePathResponse,
  ListDisplayNamesResponse,
  ValidateActivationRequest,
  ValidateQueryRequest,
  ValidationResponse,
} from '../../common/api';
import { DatasetSchema, toV2ListQuery } from '../../common/api';
import { readItemsStreamed } from './read-items-streamed';
import { DATASET_CATEGORIES } from './dataset-categories';
import type { ServiceResult } from '../../common/service-result';
import type { ServiceProfile } from '../../common/service-profile';
import { ServiceTransport } from './service-transport';
import type { CallOptions, ServiceClientOptions } from './service-transport';
import type { CallInput } from '../../common/service-call';
import type { SegmentRef } from '../../common/protocol/jobs';

type Answer<T> = Promise<ServiceResult<T>>;

export type { SegmentRef } from '../../common/protocol/jobs';

export class ServiceClient {
  private constructor(private readonly transport: ServiceTransport) {}

  /**
   * Builds a client for one profile. Fails (without throwing) with `misconfigured` when the
   * base URL is not https (plain http is allowed only for loopback hosts) or is malformed, and
   * with `unauthorized` when the key is empty. Call `close()` when the profile is dropped.
   */
  static create(profile: ServiceProfile, options: ServiceClientOptions): ServiceResult<ServiceClient> {
    const transport = ServiceTransport.create(profile, options);
    return transport.ok ? { ok: true, value: new ServiceClient(transport.value) } : transport;
  }

  get profileName(): string {
    return this.transport.profile.name;
  }

  /** The generic form behind every method: any operation of the table, by id. */
  call<K extends OperationId>(operation: K, input: CallInput<K>, options?: CallOptions): Answer<OperationResponse<K>> {
    return this.transport.call(operation, input, options);
  }

  /** Releases the connection pool of this profile. Later calls fail with `misconfigured`. */
  close(): Promise<void> {
    return this.transport.close();
  }

  // API 1.0: queries. Validate and explain are retried on transient failures; create is not.

  validateQuery(body: ValidateQueryRequest, options?: CallOptions): Answer<ValidationResponse> {
    return this.call('validateQuery', { body }, options);
  }
  validateActivationQuery(body: ValidateActivationRequest, options?: CallOptions): Answer<ValidationResponse> {
    return this.call('validateActivationQuery', { body }, options);
  }
  explainQuery(body: ExplainQueryRequest, options?: CallOptions): Answer<ExplainQueryResponse> {
    return this.call('explainQuery', { body }, options);
  }
  createQuery(body: CreateQueryRequest, options?: CallOptions): Answer<CreateQueryResponse> {
    return this.call('createQuery', { body }, options);
  }
  getQuery(queryId: string, options?: CallOptions): Answer<GetQueryResponse> {
    return this.call('getQuery', { params: { query_id: queryId } }, options);
  }
  /** 404 (`not-found`) while the result is not ready yet. */
  getQueryResult(queryId: string, options?: CallOptions): Answer<QueryResult> {
    return this.call('getQueryResult', { params: { query_id: queryId } }, options);
  }

  // API 1.0: activations.

  queueActivation(body: QueueActivationRequest, options?: CallOptions): Answer<QueueActivationResponse> {
    return this.call('queueActivation', { body }, options);
  }
  listActivations(query?: ListActivationsQuery, options?: CallOptions): Answer<ListActivationsResponse> {
    return this.call('listActivations', { query }, options);
  }
  getActivation(activationId: string, options?: CallOptions): Answer<GetActivationResponse> {
    return this.call('getActivation', { params: { activation_id: activationId } }, options);
  }

  // API 1.0: catalog.

  listDatasets(query?: ListDatasetsQuery, options?: CallOptions): Answer<ListDatasetsResponse> {
    return this.call('listDatasets', { query }, options);
  }
  /**
   * List Datasets read as it arrives: each dataset is checked on its own and handed to
   * `convert`, and only what `convert` returns is kept, so the whole answer (about 70 MB of
   * JSON for 10,000 datasets of 50 categories) is never in memory at once. Resolves to the
   * converted datasets in the service's order; fails as `listDatasets` does. After a failed
   * attempt that is retried, `convert` sees the datasets again from the first.
   */
  listDatasetsConverted<T>(convert: (dataset: Dataset) => T, query?: ListDatasetsQuery, options?: CallOptions): Answer<T[]> {
    return this.transport.callReading('listDatasets', { query }, readItemsStreamed('datasets', DatasetSchema, convert, DATASET_CATEGORIES), options);
  }
  getDatasetMetadata(privateId: string, options?: CallOptions): Answer<GetDatasetMetadataResponse> {
    return this.call('getDatasetMetadata', { params: { private_id: privateId } }, options);
  }
  listConnections(query?: ListConnectionsQuery, options?: CallOptions): Answer<ListConnectionsResponse> {
    return this.call('listConnections', { query }, options);
  }
  getConnection(firstPrivateId: string, secondPrivateId: string, options?: CallOptions): Answer<GetConnectionResponse> {
    return this.call('getConnection', { params: { first_private_id: firstPrivateId, second_private_id: secondPrivateId } }, options);
  }
  listPermissions(query?: ListPermissionsQuery, options?: CallOptions): Answer<ListPermissionsResponse> {
    return this.call('listPermissions', { query }, options);
  }
  checkHealth(options?: CallOptions): Answer<HealthResponse> {
    return this.call('checkHealth', {}, options);
  }

  // API 1.0: credit usage and the demo datasets.

  /** The credits spent on a dataset the caller's company owns, as a time series (with each permission's share). */
  getDatasetUsage(privateId: string, query?: UsageQuery, options?: CallOptions): Answer<GetDatasetUsageResponse> {
    return this.call('getDatasetUsage', { params: { private_id: privateId }, query }, options);
  }
  /** The credits the recipient spent through one permission (dataset `privateId`, recipient `recipientId`). */
  getPermissionUsage(privateId: string, recipientId: string, query?: UsageQuery, options?: CallOptions): Answer<GetPermissionUsageResponse> {
    return this.call('getPermissionUsage', { params: { private_id: privateId, recipient_id: recipientId }, query }, options);
  }
  /** Grants the caller's company the demo datasets (once; a repeat changes nothing) and answers those permissions. */
  addDemoDatasets(options?: CallOptions): Answer<AddDemoDatasetsResponse> {
    return this.call('addDemoDatasets', { body: {} }, options);
  }

  // API 2.0: collaborations. List methods read one page; see iteratePages for all of them.

  listCollaborations(list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationsResponse> {
    return this.call('listCollaborations', { query: toV2ListQuery(list) }, options);
  }
  getCollaboration(collaborationId: string, options?: CallOptions): Answer<GetCollaborationResponse> {
    return this.call('getCollaboration', { params: { collaboration_id: collaborationId } }, options);
  }
  /** Sent once (it creates); the members given here are fixed for the collaboration's life. */
  createCollaboration(body: CreateCollaborationRequest, options?: CallOptions): Answer<CreateCollaborationResponse> {
    return this.call('createCollaboration', { body }, options);
  }
  /** Owner only; irreversible. */
  closeCollaboration(collaborationId: string, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('closeCollaboration', { params: { collaboration_id: collaborationId } }, options);
  }
  /** Any member but the owner; afterwards the collaboration and its log are no longer visible. */
  leaveCollaboration(collaborationId: string, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('leaveCollaboration', { params: { collaboration_id: collaborationId } }, options);
  }
  /** Needs `detailed_logs`; `filter` on `event_type` and `company_id`, `orderBy` on `event_date_time`. */
  listCollaborationEvents(collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationEventsResponse> {
    return this.call('listCollaborationEvents', { params: { collaboration_id: collaborationId }, query: toV2ListQuery(list) }, options);
  }
  /** The same events as CSV text (no pagination). */
  exportCollaborationEvents(
    collaborationId: string,
    list?: Pick<V2ListParams, 'filter' | 'orderBy'>,
    options?: CallOptions,
  ): Answer<ExportCollaborationEventsResponse> {
    return this.call('exportCollaborationEvents', { params: { collaboration_id: collaborationId }, query: toV2ListQuery(list) }, options);
  }
  /** Needs `contributor` and an open collaboration; only the caller's own datasets. */
  addCollaborationDataset(collaborationId: string, body: AddDatasetRequest, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('addCollaborationDataset', { params: { collaboration_id: collaborationId }, body }, options);
  }
  /** `datasetId`: the dataset's ID (or its collaboration dataset name); only the caller's own. */
  removeCollaborationDataset(collaborationId: string, datasetId: string, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('removeCollaborationDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  addActivationDataset(collaborationId: string, body: AddActivationDatasetRequest, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('addActivationDataset', { params: { collaboration_id: collaborationId }, body }, options);
  }
  removeActivationDataset(collaborationId: string, datasetId: string, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('removeActivationDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  addInsightDataset(collaborationId: string, body: AddInsightDatasetRequest, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('addInsightDataset', { params: { collaboration_id: collaborationId }, body }, options);
  }
  removeInsightDataset(collaborationId: string, datasetId: string, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('removeInsightDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  /** A destination instance the caller's company owns. */
  addCollaborationDestination(collaborationId: string, body: AddDestinationRequest, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('addCollaborationDestination', { params: { collaboration_id: collaborationId }, body }, options);
  }
  removeCollaborationDestination(collaborationId: string, destinationId: string, options?: CallOptions): Answer<EmptyAnswer> {
    return this.call('removeCollaborationDestination', { params: { collaboration_id: collaborationId, destination_id: destinationId } }, options);
  }
  listCollaborationDatasets(collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationDatasetsResponse> {
    return this.call('listCollaborationDatasets', { params: { collaboration_id: collaborationId }, query: toV2ListQuery(list) }, options);
  }
  getCollaborationDataset(collaborationId: string, datasetId: string, options?: CallOptions): Answer<CollaborationDatasetDetail> {
    return this.call('getCollaborationDataset', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  /** Needs the `detailed_logs` right (403 `forbidden` otherwise), as do the other stats. */
  getAttributeColumnStats(collaborationId: string, datasetId: string, options?: CallOptions): Answer<AttributeColumnStatsResponse> {
    return this.call('getAttributeColumnStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  getExportColumnStats(collaborationId: string, datasetId: string, options?: CallOptions): Answer<ExportColumnStatsResponse> {
    return this.call('getExportColumnStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  getKeyColumnStats(collaborationId: string, datasetId: string, options?: CallOptions): Answer<KeyColumnStatsResponse> {
    return this.call('getKeyColumnStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  getSummaryStats(collaborationId: string, datasetId: string, options?: CallOptions): Answer<SummaryStatsResponse> {
    return this.call('getSummaryStats', { params: { collaboration_id: collaborationId, dataset_id: datasetId } }, options);
  }
  listCollaborationDestinations(collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationDestinationsResponse> {
    return this.call('listCollaborationDestinations', { params: { collaboration_id: collaborationId }, query: toV2ListQuery(list) }, options);
  }
  getCollaborationDestination(collaborationId: string, destinationId: string, options?: CallOptions): Answer<GetCollaborationDestinationResponse> {
    return this.call('getCollaborationDestination', { params: { collaboration_id: collaborationId, destination_id: destinationId } }, options);
  }
  listCollaborationConnections(collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListCollaborationConnectionsResponse> {
    return this.call('listCollaborationConnections', { params: { collaboration_id: collaborationId }, query: toV2ListQuery(list) }, options);
  }
  getCollaborationConnection(collaborationId: string, connectionId: string, options?: CallOptions): Answer<GetCollaborationConnectionResponse> {
    return this.call('getCollaborationConnection', { params: { collaboration_id: collaborationId, connection_id: connectionId } }, options);
  }

  // API 2.0: activation segments. Create, update, delete, calculate and export are sent once.

  listActivationSegments(collaborationId: string, list?: V2ListParams, options?: CallOptions): Answer<ListActivationSegmentsResponse> {
    return this.call('listActivationSegments', { params: { collaboration_id: collaborationId }, query: toV2ListQuery(list) }, options);
  }
  createActivationSegment(collaborationId: string, body: CreateActivationSegmentRequest, options?: CallOptions): Answer<ActivationSegmentResponse> {
    return this.call('createActivationSegment', { params: { collaboration_id: collaborationId }, body }, options);
  }
  getActivationSegment(segment: SegmentRef, options?: CallOptions): Answer<ActivationSegmentResponse> {
    return this.call('getActivationSegment', { params: segmentParams(segment) }, options);
  }
  updateActivationSegment(segment: SegmentRef, body: UpdateActivationSegmentRequest, options?: CallOptions): Answer<ActivationSegmentResponse> {
    return this.call('updateActivationSegment', { params: segmentParams(segment), body }, options);
  }
  deleteActivationSegment(segment: SegmentRef, options?: CallOptions): Answer<DeleteActivationSegmentResponse> {
    return this.call('deleteActivationSegment', { params: segmentParams(segment) }, options);
  }
  /** Answers the 1.0 `query_id` to follow with getQuery/getQueryResult (see calculateSegment). */
  calculateActivationSegment(segment: SegmentRef, options?: CallOptions): Answer<CalculateActivationSegmentResponse> {
    return this.call('calculateActivationSegment', { params: segmentParams(segment) }, options);
  }
  exportActivationSegment(segment: SegmentRef, body: ExportActivationSegmentRequest, options?: CallOptions): Answer<ExportActivationSegmentResponse> {
    return this.call('exportActivationSegment', { params: segmentParams(segment), body }, options);
  }
  listActivationSegmentExports(segment: SegmentRef, list?: V2ListParams, options?: CallOptions): Answer<ListActivationSegmentExportsResponse> {
    return this.call('listActivationSegmentExports', { params: segmentParams(segment), query: toV2ListQuery(list) }, options);
  }
  getActivationSegmentExport(segment: SegmentRef, exportId: string, options?: CallOptions): Answer<GetActivationSegmentExportResponse> {
    return this.call('getActivationSegmentExport', { params: { ...segmentParams(segment), export_id: exportId } }, options);
  }
  /** The collaboration's destinations an export of this segment may go to. */
  listActivationSegmentDestinations(segment: SegmentRef, list?: V2ListParams, options?: CallOptions): Answer<ListActivationSegmentDestinationsResponse> {
    return this.call('listActivationSegmentDestinations', { params: segmentParams(segment), query: toV2ListQuery(list) }, options);
  }
  /** The JSON Schema an export's `push_config` to this destination must satisfy (its defaults are the instance's). */
  getActivationSegmentDestinationPushSchema(segment: SegmentRef, destinationId: string, options?: CallOptions): Answer<GetActivationSegmentDestinationPushSchemaResponse> {
    return this.call('getActivationSegmentDestinationPushSchema', { params: { ...segmentParams(segment), destination_id: destinationId } }, options);
  }

  // API 2.0, deprecated: query-based activation pushes (use activation segment exports). The push is sent once.

  /** Deprecated. The destinations an activation (`queryId`: its activation ID) may be pushed to. */
  listActivationDestinations(queryId: string, list?: V2ListParams, options?: CallOptions): Answer<ListActivationDestinationsResponse> {
    return this.call('listActivationDestinations', { params: { query_id: queryId }, query: toV2ListQuery(list) }, options);
  }
  /** Deprecated. Pushes an activation's rows to a destination; follow it with getActivationPush. */
  pushActivationResults(queryId: string, destinationId: string, body: PushActivationResultsRequest, options?: CallOptions): Answer<PushActivationResultsResponse> {
    return this.call('pushActivationResults', { params: { query_id: queryId, destination_id: destinationId }, body }, options);
  }
  /** Deprecated. The JSON Schema a push's `push_config` to this destination must satisfy. */
  getActivationDestinationPushSchema(queryId: string, destinationId: string, options?: CallOptions): Answer<GetActivationDestinationPushSchemaResponse> {
    return this.call('getActivationDestinationPushSchema', { params: { query_id: queryId, destination_id: destinationId } }, options);
  }
  /** Deprecated. The pushes of an activation. */
  listActivationPushes(queryId: string, list?: V2ListParams, options?: CallOptions): Answer<ListActivationPushesResponse> {
    return this.call('listActivationPushes', { params: { query_id: queryId }, query: toV2ListQuery(list) }, options);
  }
  /** Deprecated. One push, with its push_config. */
  getActivationPush(queryId: string, pushId: string, options?: CallOptions): Answer<GetActivationPushResponse> {
    return this.call('getActivationPush', { params: { query_id: queryId, push_id: pushId } }, options);
  }

  // API 2.0: the caller's own datasets.

  listDatasetsV2(list?: V2ListParams, options?: CallOptions): Answer<ListDatasetsV2Response> {
    return this.call('listDatasetsV2', { query: toV2ListQuery(list) }, options);
  }
  getDatasetV2(datasetId: string, options?: CallOptions): Answer<GetDatasetV2Response> {
    return this.call('getDatasetV2', { params: { dataset_id: datasetId } }, options);
  }

  // API 2.0: destination instances (the caller's) and destination types. Writes are sent once.

  listDestinationInstances(list?: V2ListParams, options?: CallOptions): Answer<ListDestinationInstancesResponse> {
    return this.call('listDestinationInstances', { query: toV2ListQuery(list) }, options);
  }
  /** A 400 `invalid` names the config path its type's JSON Schema refused, e.g. `config.port: must be <= 65535`. */
  createDestinationInstance(body: CreateDestinationInstanceRequest, options?: CallOptions): Answer<CreateDestinationInstanceResponse> {
    return this.call('createDestinationInstance', { body }, options);
  }
  getDestinationInstance(destinationId: string, options?: CallOptions): Answer<DestinationInstanceResponse> {
    return this.call('getDestinationInstance', { params: { destination_id: destinationId } }, options);
  }
  /** `config` replaces the whole configuration; a secret sent as `X-INFOSUM-REDACTED` keeps its stored value. */
  updateDestinationInstance(destinationId: string, body: UpdateDestinationInstanceRequest, options?: CallOptions): Answer<DestinationInstanceResponse> {
    return this.call('updateDestinationInstance', { params: { destination_id: destinationId }, body }, options);
  }
  deleteDestinationInstance(destinationId: string, options?: CallOptions): Answer<DeleteDestinationInstanceResponse> {
    return this.call('deleteDestinationInstance', { params: { destination_id: destinationId } }, options);
  }
  listDestinationTypes(options?: CallOptions): Answer<ListDestinationTypesResponse> {
    return this.call('listDestinationTypes', {}, options);
  }
  /** The JSON Schema (`connection_specification`) an instance's config of this type must satisfy. */
  getDestinationTypeSchema(destinationTypeId: string, options?: CallOptions): Answer<GetDestinationTypeSchemaResponse> {
    return this.call('getDestinationTypeSchema', { params: { destination_type_id: destinationTypeId } }, options);
  }
  /** A copy of one of the caller's instances under a new ID (name, type, config and secrets included). */
  duplicateDestinationInstance(destinationId: string, options?: CallOptions): Answer<DuplicateDestinationInstanceResponse> {
    return this.call('duplicateDestinationInstance', { params: { destination_id: destinationId }, body: {} }, options);
  }
  /** What the company must set up on the third party's side for this type (`external_config`). */
  getDestinationTypeExternalConfig(destinationTypeId: string, options?: CallOptions): Answer<GetDestinationTypeExternalConfigResponse> {
    return this.call('getDestinationTypeExternalConfig', { params: { destination_type_id: destinationTypeId } }, options);
  }
  /**
   * The display and company names of these users (Document 2 §4.1: `filter` is required and
   * names user IDs; written `user_id eq A or user_id eq B`). Users the caller's company has no
   * dealings with are left out, like IDs that name no one.
   */
  listDisplayNames(userIds: readonly string[], list?: Pick<V2ListParams, 'page' | 'perPage'>, options?: CallOptions): Answer<ListDisplayNamesResponse> {
    const filter = userIds.map((id) => `user_id eq ${id}`).join(' or ');
    return this.call('listDisplayNames', { query: toV2ListQuery({ ...list, filter }) }, options);
  }
  /** The share of the advertiser dataset's individuals the publisher dataset holds (a whole percentage, int64 on the wire). */
  calculateMatchRate(body: CalculateMatchRateRequest, options?: CallOptions): Answer<CalculateMatchRateResponse> {
    return this.call('calculateMatchRate', { body }, options);
  }
  /** An activation of the caller's dataset matched with a collaborator's; the emulator's `query_id` is read with `getActivation`. */
  createPairQuery(body: CreatePairQueryRequest, options?: CallOptions): Answer<CreatePairQueryResponse> {
    return this.call('createPairQuery', { body }, options);
  }
  /** A private-path collaboration allowing these datasets; answers its `collaboration_id`. */
  createPrivatePath(body: CreatePrivatePathRequest, options?: CallOptions): Answer<CreatePrivatePathResponse> {
    return this.call('createPrivatePath', { body }, options);
  }
  /** The datasets of a private path, with their use time. */
  getPrivatePath(collaborationId: string, options?: CallOptions): Answer<GetPrivatePathResponse> {
    return this.call('getPrivatePath', { params: { collaboration_id: collaborationId } }, options);
  }
}

function segmentParams(segment: SegmentRef): { collaboration_id: string; activation_segment_id: string } {
  return { collaboration_id: segment.collaborationId, activation_segment_id: segment.segmentId };
}
