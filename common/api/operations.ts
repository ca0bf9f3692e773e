/**
 * The table of service operations the project uses: method, path template, API generation,
 * retry safety and the schemas of the request body and the 200 answer. The client sends from
 * this table and the emulator routes by it, so the two sides cannot disagree on a path.
 *
 * Paths come from the reference swagger files (shared/api/*.swagger.json); `title` is the
 * operation's name in the service documentation and appears in error messages.
 */
import type { z } from 'zod';
import { supplySchema } from './lazy-supply';
import { matchPathTemplate } from './path-template';
import { ListActivationsResponseSchema, GetActivationResponseSchema, QueueActivationRequestSchema, QueueActivationResponseSchema, ValidateActivationRequestSchema } from './v1-activations';
import { GetConnectionResponseSchema, ListConnectionsResponseSchema } from './v1-connections';
import { GetDatasetMetadataResponseSchema, ListDatasetsResponseSchema } from './v1-datasets';
import { HealthResponseSchema, ListPermissionsResponseSchema } from './v1-permissions';
import {
  AddDemoDatasetsRequestSchema, AddDemoDatasetsResponseSchema, GetDatasetUsageResponseSchema, GetPermissionUsageResponseSchema,
} from './v1-usage';
import {
  GetActivationDestinationPushSchemaResponseSchema,
  GetActivationPushResponseSchema,
  ListActivationDestinationsResponseSchema,
  ListActivationPushesResponseSchema,
  PushActivationResultsRequestSchema,
  PushActivationResultsResponseSchema,
} from './v2-activation-pushes';
import {
  CreateQueryRequestSchema,
  CreateQueryResponseSchema,
  ExplainQueryRequestSchema,
  ExplainQueryResponseSchema,
  GetQueryResponseSchema,
  QueryResultSchema,
  ValidateQueryRequestSchema,
} from './v1-queries';
import { ValidationResponseSchema } from './v1-shared';
import {
  ActivationSegmentResponseSchema,
  CalculateActivationSegmentResponseSchema,
  CreateActivationSegmentRequestSchema,
  DeleteActivationSegmentResponseSchema,
  ExportActivationSegmentRequestSchema,
  ExportActivationSegmentResponseSchema,
  GetActivationSegmentExportResponseSchema,
  ListActivationSegmentExportsResponseSchema,
  ListActivationSegmentsResponseSchema,
  UpdateActivationSegmentRequestSchema,
} from './v2-activation-segments';
import {
  GetActivationSegmentDestinationPushSchemaResponseSchema, ListActivationSegmentDestinationsResponseSchema,
} from './v2-activation-segment-destinations';
import {
  AttributeColumnStatsResponseSchema,
  CollaborationDatasetDetailSchema,
  ExportColumnStatsResponseSchema,
  KeyColumnStatsResponseSchema,
  ListCollaborationDatasetsResponseSchema,
  SummaryStatsResponseSchema,
} from './v2-collaboration-datasets';
import { GetCollaborationResponseSchema, ListCollaborationsResponseSchema } from './v2-collaborations';
import { GetDatasetV2ResponseSchema, ListDatasetsV2ResponseSchema } from './v2-datasets';
import {
  CreateDestinationInstanceRequestSchema,
  CreateDestinationInstanceResponseSchema,
  DeleteDestinationInstanceResponseSchema,
  DestinationInstanceResponseSchema,
  GetDestinationTypeSchemaResponseSchema,
  ListDestinationInstancesResponseSchema,
  ListDestinationTypesResponseSchema,
  UpdateDestinationInstanceRequestSchema,
} from './v2-destination-instances';
import {
  DuplicateDestinationInstanceRequestSchema, DuplicateDestinationInstanceResponseSchema, GetDestinationTypeExternalConfigResponseSchema,
} from './v2-destination-instance-extras';
import {
  AutomationConfigResponseSchema, CreateAutomationConfigRequestSchema, DeleteAutomationConfigResponseSchema, ExecuteAutomationConfigResponseSchema,
  GetAutomationConfigResponseSchema, GetAutomationExecutionResponseSchema, ListAutomationConfigsResponseSchema, ListAutomationExecutionsResponseSchema,
  UpdateAutomationConfigRequestSchema, UpdateAutomationConfigResponseSchema,
} from './v2-automations';
import {
  CreateInsightReportRequestSchema, CreateInsightReportResponseSchema, GetInsightReportCrossResponseSchema, GetInsightReportDefinitionResponseSchema,
  GetInsightReportStatusResponseSchema, ListInsightReportSinglesResponseSchema, ListInsightReportsResponseSchema,
} from './v2-insight-reports';
import { ExportCollaborationEventsResponseSchema, ListCollaborationEventsResponseSchema } from './v2-collaboration-events';
import {
  CalculateMatchRateRequestSchema,
  CalculateMatchRateResponseSchema,
  CreatePairQueryRequestSchema,
  CreatePairQueryResponseSchema,
  CreatePrivatePathRequestSchema,
  CreatePrivatePathResponseSchema,
  GetPrivatePathResponseSchema,
  ListDisplayNamesResponseSchema,
} from './v2-users-matching-private-paths';
import {
  AddActivationDatasetRequestSchema,
  AddActivationDatasetResponseSchema,
  AddDatasetRequestSchema,
  AddDatasetResponseSchema,
  AddDestinationRequestSchema,
  AddDestinationResponseSchema,
  AddInsightDatasetRequestSchema,
  AddInsightDatasetResponseSchema,
  CloseCollaborationResponseSchema,
  CreateCollaborationRequestSchema,
  CreateCollaborationResponseSchema,
  LeaveCollaborationResponseSchema,
  RemoveActivationDatasetResponseSchema,
  RemoveDatasetResponseSchema,
  RemoveDestinationResponseSchema,
  RemoveInsightDatasetResponseSchema,
} from './v2-collaboration-management';
import {
  GetCollaborationConnectionResponseSchema,
  GetCollaborationDestinationResponseSchema,
  ListCollaborationConnectionsResponseSchema,
  ListCollaborationDestinationsResponseSchema,
} from './v2-destinations';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Which error body the operation answers with: 1.0 `{message, metadata}` or 2.0 `{error: …}`. */
export type ApiGeneration = 'v1' | 'v2';

export interface OperationDefinition {
  /** The operation's name in the service documentation, used in messages. */
  readonly title: string;
  readonly method: HttpMethod;
  /** Path template; `{name}` marks a path parameter. */
  readonly path: string;
  readonly api: ApiGeneration;
  /**
   * True when sending the request twice cannot create or change anything twice, so it may be
   * re-sent after an ambiguous failure (a reset connection, a 503). False for every operation
   * that creates, queues, calculates, exports, updates or deletes.
   */
  readonly retrySafe: boolean;
  /** Schema of the JSON body; absent when the operation sends none (or `{}`). */
  readonly request?: z.ZodType;
  /** Schema of the 200 answer. */
  readonly response: z.ZodType;
  /** For paged 2.0 lists: the answer's field that holds the page's items. */
  readonly itemsField?: string;
  /** `csv` when the 200 answer is CSV text rather than JSON (`response` is then a string schema). */
  readonly answerFormat?: 'csv';
  /** For paged lists whose page object is not `pagination` (List Activation Query Pushes: `pagination_response`). */
  readonly paginationField?: string;
  /**
   * True for the operations the service documents as deprecated (seed 000 §9.3, seed 001 §4.5:
   * the query-based activation pushes, replaced by activation segment exports). They are still
   * served; the emulator answers them with a `Deprecation` header (RFC 9745).
   */
  readonly deprecated?: boolean;
  /**
   * True when the path's last parameter is a path inside a vault (`/api/v2/files/{cloud_vault_id}/{name}`):
   * it keeps its slashes, each segment percent-encoded, and may be blank (the whole vault).
   */
  readonly restParam?: boolean;
}

const seg = '/api/v2/collaborations/{collaboration_id}/activation-segments/{activation_segment_id}';
const cds = '/api/v2/collaborations/{collaboration_id}/datasets/{dataset_id}';
const clb = '/api/v2/collaborations/{collaboration_id}';
const aqy = '/api/v2/activations/queries/{query_id}';
const rpt = '/api/v2/reports/insight/{report_id}';
const atc = '/api/v2/automations/configs/{config_id}';

export const operations = {
  // API 1.0: queries, validation, explain.
  validateQuery: { title: 'ValidateQuery', method: 'POST', path: '/api/v1/validate', api: 'v1', retrySafe: true, request: ValidateQueryRequestSchema, response: ValidationResponseSchema },
  validateActivationQuery: { title: 'Validates an Activation Query', method: 'POST', path: '/api/v1/activations/validate', api: 'v1', retrySafe: true, request: ValidateActivationRequestSchema, response: ValidationResponseSchema },
  explainQuery: { title: 'ExplainQuery', method: 'POST', path: '/api/v1/explain', api: 'v1', retrySafe: true, request: ExplainQueryRequestSchema, response: ExplainQueryResponseSchema },
  createQuery: { title: 'Create a Query', method: 'POST', path: '/api/v1/queries', api: 'v1', retrySafe: false, request: CreateQueryRequestSchema, response: CreateQueryResponseSchema },
  getQuery: { title: 'Get a Query', method: 'GET', path: '/api/v1/queries/{query_id}', api: 'v1', retrySafe: true, response: GetQueryResponseSchema },
  getQueryResult: { title: 'Get a Result', method: 'GET', path: '/api/v1/queries/{query_id}/result', api: 'v1', retrySafe: true, response: QueryResultSchema },
  // API 1.0: activations.
  queueActivation: { title: 'Queue an Activation', method: 'POST', path: '/api/v1/activations', api: 'v1', retrySafe: false, request: QueueActivationRequestSchema, response: QueueActivationResponseSchema },
  listActivations: { title: 'List Activations', method: 'GET', path: '/api/v1/activations', api: 'v1', retrySafe: true, response: ListActivationsResponseSchema },
  getActivation: { title: 'Get an Activation', method: 'GET', path: '/api/v1/activations/{activation_id}', api: 'v1', retrySafe: true, response: GetActivationResponseSchema },
  // API 1.0: catalog.
  listDatasets: { title: 'List Datasets', method: 'GET', path: '/api/v1/datasets', api: 'v1', retrySafe: true, response: ListDatasetsResponseSchema },
  getDatasetMetadata: { title: 'Get Dataset metadata', method: 'GET', path: '/api/v1/datasets/{private_id}', api: 'v1', retrySafe: true, response: GetDatasetMetadataResponseSchema },
  listConnections: { title: 'List all available Connections', method: 'GET', path: '/api/v1/connections', api: 'v1', retrySafe: true, response: ListConnectionsResponseSchema },
  getConnection: { title: 'Get metadata for a Connection', method: 'GET', path: '/api/v1/connections/{first_private_id}/{second_private_id}', api: 'v1', retrySafe: true, response: GetConnectionResponseSchema },
  listPermissions: { title: 'List all Permissions', method: 'GET', path: '/api/v1/permissions', api: 'v1', retrySafe: true, response: ListPermissionsResponseSchema },
  // API 1.0: credit usage and the demo datasets.
  getDatasetUsage: { title: 'Get Dataset credit usage', method: 'GET', path: '/api/v1/usage/datasets/{private_id}', api: 'v1', retrySafe: true, response: GetDatasetUsageResponseSchema },
  getPermissionUsage: { title: 'Get Permission credit usage', method: 'GET', path: '/api/v1/usage/permissions/{private_id}/{recipient_id}', api: 'v1', retrySafe: true, response: GetPermissionUsageResponseSchema },
  addDemoDatasets: { title: 'Add access to the Demo Datasets', method: 'POST', path: '/api/v1/demo_datasets', api: 'v1', retrySafe: false, request: AddDemoDatasetsRequestSchema, response: AddDemoDatasetsResponseSchema },
  checkHealth: { title: 'Health check', method: 'GET', path: '/api/v1/health', api: 'v1', retrySafe: true, response: HealthResponseSchema },
  // API 2.0: collaborations and their datasets.
  listCollaborations: { title: 'List Collaborations', method: 'GET', path: '/api/v2/collaborations', api: 'v2', retrySafe: true, response: ListCollaborationsResponseSchema, itemsField: 'collaborations' },
  getCollaboration: { title: 'Get Collaboration', method: 'GET', path: '/api/v2/collaborations/{collaboration_id}', api: 'v2', retrySafe: true, response: GetCollaborationResponseSchema },
  listCollaborationDatasets: { title: 'List Datasets (collaboration)', method: 'GET', path: '/api/v2/collaborations/{collaboration_id}/datasets', api: 'v2', retrySafe: true, response: ListCollaborationDatasetsResponseSchema, itemsField: 'datasets' },
  getCollaborationDataset: { title: 'Get Dataset (collaboration)', method: 'GET', path: cds, api: 'v2', retrySafe: true, response: CollaborationDatasetDetailSchema },
  getAttributeColumnStats: { title: 'Get Attribute Stats', method: 'GET', path: `${cds}/stats/attribute_columns`, api: 'v2', retrySafe: true, response: AttributeColumnStatsResponseSchema },
  getExportColumnStats: { title: 'Get Export Column Stats', method: 'GET', path: `${cds}/stats/export_columns`, api: 'v2', retrySafe: true, response: ExportColumnStatsResponseSchema },
  getKeyColumnStats: { title: 'Get Key Stats', method: 'GET', path: `${cds}/stats/key_columns`, api: 'v2', retrySafe: true, response: KeyColumnStatsResponseSchema },
  getSummaryStats: { title: 'Get Dataset Stats', method: 'GET', path: `${cds}/stats/summary`, api: 'v2', retrySafe: true, response: SummaryStatsResponseSchema },
  // API 2.0: collaboration management and the event log.
  createCollaboration: { title: 'Create Collaboration', method: 'POST', path: '/api/v2/collaborations', api: 'v2', retrySafe: false, request: CreateCollaborationRequestSchema, response: CreateCollaborationResponseSchema },
  closeCollaboration: { title: 'Close Collaboration', method: 'POST', path: `${clb}/close`, api: 'v2', retrySafe: false, response: CloseCollaborationResponseSchema },
  leaveCollaboration: { title: 'Leave Collaboration', method: 'POST', path: `${clb}/leave`, api: 'v2', retrySafe: false, response: LeaveCollaborationResponseSchema },
  listCollaborationEvents: { title: 'List Collaboration Events', method: 'GET', path: `${clb}/events`, api: 'v2', retrySafe: true, response: ListCollaborationEventsResponseSchema, itemsField: 'events' },
  exportCollaborationEvents: { title: 'Export Collaboration Events', method: 'GET', path: `${clb}/events/export`, api: 'v2', retrySafe: true, response: ExportCollaborationEventsResponseSchema, answerFormat: 'csv' },
  addCollaborationDataset: { title: 'Add Dataset', method: 'POST', path: `${clb}/datasets`, api: 'v2', retrySafe: false, request: AddDatasetRequestSchema, response: AddDatasetResponseSchema },
  removeCollaborationDataset: { title: 'Remove Dataset', method: 'DELETE', path: cds, api: 'v2', retrySafe: false, response: RemoveDatasetResponseSchema },
  addActivationDataset: { title: 'Add Activation Dataset', method: 'POST', path: `${clb}/activation-datasets`, api: 'v2', retrySafe: false, request: AddActivationDatasetRequestSchema, response: AddActivationDatasetResponseSchema },
  removeActivationDataset: { title: 'Remove Activation Dataset', method: 'DELETE', path: `${clb}/activation-datasets/{dataset_id}`, api: 'v2', retrySafe: false, response: RemoveActivationDatasetResponseSchema },
  addInsightDataset: { title: 'Add Insight Dataset', method: 'POST', path: `${clb}/insight-datasets`, api: 'v2', retrySafe: false, request: AddInsightDatasetRequestSchema, response: AddInsightDatasetResponseSchema },
  removeInsightDataset: { title: 'Remove Insight Dataset', method: 'DELETE', path: `${clb}/insight-datasets/{dataset_id}`, api: 'v2', retrySafe: false, response: RemoveInsightDatasetResponseSchema },
  addCollaborationDestination: { title: 'Add Destination', method: 'POST', path: `${clb}/destinations`, api: 'v2', retrySafe: false, request: AddDestinationRequestSchema, response: AddDestinationResponseSchema },
  removeCollaborationDestination: { title: 'Remove Destination', method: 'DELETE', path: `${clb}/destinations/{destination_id}`, api: 'v2', retrySafe: false, response: RemoveDestinationResponseSchema },
  // API 2.0: destinations and connections of a collaboration.
  listCollaborationDestinations: { title: 'List Destinations', method: 'GET', path: '/api/v2/collaborations/{collaboration_id}/destinations', api: 'v2', retrySafe: true, response: ListCollaborationDestinationsResponseSchema, itemsField: 'destinations' },
  getCollaborationDestination: { title: 'Get Destination', method: 'GET', path: '/api/v2/collaborations/{collaboration_id}/destinations/{destination_id}', api: 'v2', retrySafe: true, response: GetCollaborationDestinationResponseSchema },
  listCollaborationConnections: { title: 'List Connections (collaboration)', method: 'GET', path: '/api/v2/collaborations/{collaboration_id}/connections', api: 'v2', retrySafe: true, response: ListCollaborationConnectionsResponseSchema, itemsField: 'connections' },
  getCollaborationConnection: { title: 'Get Connection (collaboration)', method: 'GET', path: '/api/v2/collaborations/{collaboration_id}/connections/{connection_id}', api: 'v2', retrySafe: true, response: GetCollaborationConnectionResponseSchema },
  // API 2.0: activation segments.
  listActivationSegments: { title: 'List Activation Segments', method: 'GET', path: '/api/v2/collaborations/{collaboration_id}/activation-segments', api: 'v2', retrySafe: true, response: ListActivationSegmentsResponseSchema, itemsField: 'activation_segments' },
  createActivationSegment: { title: 'Create Activation Segment', method: 'POST', path: '/api/v2/collaborations/{collaboration_id}/activation-segments', api: 'v2', retrySafe: false, request: CreateActivationSegmentRequestSchema, response: ActivationSegmentResponseSchema },
  getActivationSegment: { title: 'Get Activation Segment', method: 'GET', path: seg, api: 'v2', retrySafe: true, response: ActivationSegmentResponseSchema },
  updateActivationSegment: { title: 'Update Activation Segment', method: 'PATCH', path: seg, api: 'v2', retrySafe: false, request: UpdateActivationSegmentRequestSchema, response: ActivationSegmentResponseSchema },
  deleteActivationSegment: { title: 'Delete Activation Segment', method: 'DELETE', path: seg, api: 'v2', retrySafe: false, response: DeleteActivationSegmentResponseSchema },
  calculateActivationSegment: { title: 'Calculate Activation Segment', method: 'POST', path: `${seg}/calculate`, api: 'v2', retrySafe: false, response: CalculateActivationSegmentResponseSchema },
  exportActivationSegment: { title: 'Export Activation Segment Results', method: 'POST', path: `${seg}/export`, api: 'v2', retrySafe: false, request: ExportActivationSegmentRequestSchema, response: ExportActivationSegmentResponseSchema },
  listActivationSegmentExports: { title: 'List Activation Segment Exports', method: 'GET', path: `${seg}/exports`, api: 'v2', retrySafe: true, response: ListActivationSegmentExportsResponseSchema, itemsField: 'activation_exports' },
  getActivationSegmentExport: { title: 'Get Activation Segment Export', method: 'GET', path: `${seg}/exports/{export_id}`, api: 'v2', retrySafe: true, response: GetActivationSegmentExportResponseSchema },
  listActivationSegmentDestinations: { title: 'List Activation Segment Destinations', method: 'GET', path: `${seg}/destinations`, api: 'v2', retrySafe: true, response: ListActivationSegmentDestinationsResponseSchema, itemsField: 'destinations' },
  getActivationSegmentDestinationPushSchema: { title: 'Get Activation Segment Destination Push Schema', method: 'GET', path: `${seg}/destinations/{destination_id}/push-schema`, api: 'v2', retrySafe: true, response: GetActivationSegmentDestinationPushSchemaResponseSchema },
  // API 2.0, deprecated: query-based activation pushes (use segment exports instead).
  listActivationDestinations: { title: 'List Activation Destinations', method: 'GET', path: `${aqy}/destinations`, api: 'v2', retrySafe: true, response: ListActivationDestinationsResponseSchema, itemsField: 'destinations', deprecated: true },
  pushActivationResults: { title: 'Push Activation Result to Destination', method: 'POST', path: `${aqy}/destinations/{destination_id}/push`, api: 'v2', retrySafe: false, request: PushActivationResultsRequestSchema, response: PushActivationResultsResponseSchema, deprecated: true },
  getActivationDestinationPushSchema: { title: 'Get Activation Destination Push Schema', method: 'GET', path: `${aqy}/destinations/{destination_id}/push-schema`, api: 'v2', retrySafe: true, response: GetActivationDestinationPushSchemaResponseSchema, deprecated: true },
  listActivationPushes: { title: 'List Activation Query Pushes', method: 'GET', path: `${aqy}/pushes`, api: 'v2', retrySafe: true, response: ListActivationPushesResponseSchema, itemsField: 'activation_pushes', paginationField: 'pagination_response', deprecated: true },
  getActivationPush: { title: 'Get Activation Query Push', method: 'GET', path: `${aqy}/pushes/{push_id}`, api: 'v2', retrySafe: true, response: GetActivationPushResponseSchema, deprecated: true },
  // API 2.0: the caller's datasets.
  listDatasetsV2: { title: 'List Datasets (2.0)', method: 'GET', path: '/api/v2/datasets', api: 'v2', retrySafe: true, response: ListDatasetsV2ResponseSchema, itemsField: 'datasets' },
  getDatasetV2: { title: 'Get Dataset (2.0)', method: 'GET', path: '/api/v2/datasets/{dataset_id}', api: 'v2', retrySafe: true, response: GetDatasetV2ResponseSchema },
  // API 2.0: destination instances and types (Document 2 §4.6).
  listDestinationInstances: { title: 'List Destination Instances', method: 'GET', path: '/api/v2/destinations/instances', api: 'v2', retrySafe: true, response: ListDestinationInstancesResponseSchema, itemsField: 'destinations' },
  createDestinationInstance: { title: 'Create Destination Instance', method: 'POST', path: '/api/v2/destinations/instances', api: 'v2', retrySafe: false, request: CreateDestinationInstanceRequestSchema, response: CreateDestinationInstanceResponseSchema },
  getDestinationInstance: { title: 'Get Destination Instance', method: 'GET', path: '/api/v2/destinations/instances/{destination_id}', api: 'v2', retrySafe: true, response: DestinationInstanceResponseSchema },
  updateDestinationInstance: { title: 'Update Destination Instance', method: 'PATCH', path: '/api/v2/destinations/instances/{destination_id}', api: 'v2', retrySafe: false, request: UpdateDestinationInstanceRequestSchema, response: DestinationInstanceResponseSchema },
  deleteDestinationInstance: { title: 'Delete Destination Instance', method: 'DELETE', path: '/api/v2/destinations/instances/{destination_id}', api: 'v2', retrySafe: false, response: DeleteDestinationInstanceResponseSchema },
  listDestinationTypes: { title: 'List Destination types', method: 'GET', path: '/api/v2/destinations/types', api: 'v2', retrySafe: true, response: ListDestinationTypesResponseSchema },
  getDestinationTypeSchema: { title: 'Get Destination Type Schema', method: 'GET', path: '/api/v2/destinations/types/{destination_type_id}/schema', api: 'v2', retrySafe: true, response: GetDestinationTypeSchemaResponseSchema },
  duplicateDestinationInstance: { title: 'Duplicate Destination Instance', method: 'POST', path: '/api/v2/destinations/instances/{destination_id}/duplicate', api: 'v2', retrySafe: false, request: DuplicateDestinationInstanceRequestSchema, response: DuplicateDestinationInstanceResponseSchema },
  getDestinationTypeExternalConfig: { title: 'Get Destination Type External Config', method: 'GET', path: '/api/v2/destinations/types/{destination_type_id}/external-config', api: 'v2', retrySafe: true, response: GetDestinationTypeExternalConfigResponseSchema },
  // API 2.0: users, matching and private paths (Document 2 §4.1).
  listDisplayNames: { title: "List users' display name and company name", method: 'GET', path: '/api/v2/accounts/users/display_name', api: 'v2', retrySafe: true, response: ListDisplayNamesResponseSchema, itemsField: 'users' },
  calculateMatchRate: { title: 'Calculate match rate', method: 'POST', path: '/api/v2/connections/pair/match-rate', api: 'v2', retrySafe: true, request: CalculateMatchRateRequestSchema, response: CalculateMatchRateResponseSchema },
  createPairQuery: { title: 'Create a PAIR enabled activation query', method: 'POST', path: '/api/v2/queries/pair/activation', api: 'v2', retrySafe: false, request: CreatePairQueryRequestSchema, response: CreatePairQueryResponseSchema },
  createPrivatePath: { title: 'Create new private path collaboration', method: 'POST', path: '/api/v2/queries/private-path', api: 'v2', retrySafe: false, request: CreatePrivatePathRequestSchema, response: CreatePrivatePathResponseSchema },
  getPrivatePath: { title: 'Get details of an existing private path collaboration', method: 'GET', path: '/api/v2/queries/private-path/{collaboration_id}', api: 'v2', retrySafe: true, response: GetPrivatePathResponseSchema },
  // Insight reports (seed 001 §4.2).
  listInsightReports: { title: 'List insight reports', method: 'GET', path: '/api/v2/reports/insight', api: 'v2', retrySafe: true, response: ListInsightReportsResponseSchema, itemsField: 'reports' },
  createInsightReport: { title: 'Create a new insight report', method: 'POST', path: '/api/v2/reports/insight', api: 'v2', retrySafe: false, request: CreateInsightReportRequestSchema, response: CreateInsightReportResponseSchema },
  getInsightReportDefinition: { title: 'Get details of an insight report', method: 'GET', path: `${rpt}/definition`, api: 'v2', retrySafe: true, response: GetInsightReportDefinitionResponseSchema },
  getInsightReportCrossResult: { title: 'Get a cross category result', method: 'GET', path: `${rpt}/results/cross`, api: 'v2', retrySafe: true, response: GetInsightReportCrossResponseSchema },
  listInsightReportSingles: { title: 'List the single category results', method: 'GET', path: `${rpt}/results/singles`, api: 'v2', retrySafe: true, response: ListInsightReportSinglesResponseSchema, itemsField: 'results' },
  getInsightReportStatus: { title: 'Get the status of an insight report', method: 'GET', path: `${rpt}/status`, api: 'v2', retrySafe: true, response: GetInsightReportStatusResponseSchema },
  // Automation configs and executions (seed 001 §4.3).
  listAutomationConfigs: { title: 'List Automation Configs', method: 'GET', path: '/api/v2/automations/configs', api: 'v2', retrySafe: true, response: ListAutomationConfigsResponseSchema, itemsField: 'configs' },
  createAutomationConfig: { title: 'Create Automation Config', method: 'POST', path: '/api/v2/automations/configs', api: 'v2', retrySafe: false, request: CreateAutomationConfigRequestSchema, response: AutomationConfigResponseSchema },
  deleteAutomationConfig: { title: 'Delete Automation Config', method: 'DELETE', path: `${atc}`, api: 'v2', retrySafe: false, response: DeleteAutomationConfigResponseSchema },
  getAutomationConfig: { title: 'Get Automation Config', method: 'GET', path: `${atc}`, api: 'v2', retrySafe: true, response: GetAutomationConfigResponseSchema },
  updateAutomationConfig: { title: 'Update Automation Config', method: 'PATCH', path: `${atc}`, api: 'v2', retrySafe: false, request: UpdateAutomationConfigRequestSchema, response: UpdateAutomationConfigResponseSchema },
  executeAutomationConfig: { title: 'Execute Automation Config', method: 'POST', path: `${atc}/execute`, api: 'v2', retrySafe: false, response: ExecuteAutomationConfigResponseSchema },
  listAutomationExecutions: { title: 'List Executions', method: 'GET', path: '/api/v2/automations/executions', api: 'v2', retrySafe: true, response: ListAutomationExecutionsResponseSchema, itemsField: 'executions' },
  getAutomationExecution: { title: 'Get Execution', method: 'GET', path: '/api/v2/automations/executions/{execution_id}', api: 'v2', retrySafe: true, response: GetAutomationExecutionResponseSchema },
  // Data supply (seed 002): datasets, lineage, cloud vaults and files, import connectors and
  // importers, the global schema, normalization, prepare and publish, recordsets.
  createDataset: { title: 'Creates a dataset', method: 'POST', path: '/api/v2/datasets', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreateDatasetRequestSchema), response: supplySchema((s) => s.CreateDatasetResponseSchema) },
  deleteDataset: { title: 'Deletes a dataset', method: 'DELETE', path: '/api/v2/datasets/{dataset_id}', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeleteDatasetResponseSchema) },
  updateDataset: { title: 'Updates the top level information about a dataset', method: 'PATCH', path: '/api/v2/datasets/{dataset_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.UpdateDatasetRequestSchema), response: supplySchema((s) => s.UpdateDatasetResponseSchema) },
  getDatasetLineage: { title: 'Get the lineage of a published dataset', method: 'GET', path: '/api/v2/lineage/publish/{dataset_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetDatasetLineageResponseSchema) },
  listCloudVaults: { title: 'List Cloud Vaults', method: 'GET', path: '/api/v2/cloud_vaults', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListCloudVaultsResponseSchema), itemsField: 'cloud_vaults' },
  createCloudVault: { title: 'Create a new Cloud Vault', method: 'POST', path: '/api/v2/cloud_vaults', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreateCloudVaultRequestSchema), response: supplySchema((s) => s.CreateCloudVaultResponseSchema) },
  deleteCloudVault: { title: 'Delete a Cloud Vault', method: 'DELETE', path: '/api/v2/cloud_vaults/{cloud_vault_id}', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeleteCloudVaultResponseSchema) },
  getCloudVault: { title: 'Get a Cloud Vault', method: 'GET', path: '/api/v2/cloud_vaults/{cloud_vault_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetCloudVaultResponseSchema) },
  updateCloudVault: { title: 'Update a Cloud Vault', method: 'PATCH', path: '/api/v2/cloud_vaults/{cloud_vault_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.UpdateCloudVaultRequestSchema), response: supplySchema((s) => s.UpdateCloudVaultResponseSchema) },
  deleteVaultFile: { title: 'Delete file', method: 'DELETE', path: '/api/v2/files/{cloud_vault_id}/{name}', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeleteVaultFileResponseSchema) , restParam: true },
  listVaultFiles: { title: 'List files', method: 'GET', path: '/api/v2/files/{cloud_vault_id}/{name}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListVaultFilesResponseSchema), itemsField: 'files' , restParam: true },
  listImportConnectors: { title: 'List Import Connector Configs', method: 'GET', path: '/api/v2/imports/connector-configs', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListImportConnectorsResponseSchema), itemsField: 'configs' },
  createImportConnector: { title: 'Create Import Connector Config', method: 'POST', path: '/api/v2/imports/connector-configs', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreateImportConnectorRequestSchema), response: supplySchema((s) => s.CreateImportConnectorResponseSchema) },
  refreshImportConnectorGpgKeys: { title: 'Refresh the ICC GPG Keys', method: 'POST', path: '/api/v2/imports/connector-configs/gpg-keys/{config_id}/refresh', api: 'v2', retrySafe: false, request: supplySchema((s) => s.RefreshImportConnectorGpgKeysRequestSchema), response: supplySchema((s) => s.RefreshImportConnectorGpgKeysResponseSchema) },
  getServerHostKey: { title: 'Get server host key', method: 'GET', path: '/api/v2/imports/connector-configs/host-key/{host}/{port}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetServerHostKeyResponseSchema) },
  deleteImportConnector: { title: 'Delete Import Connector Config', method: 'DELETE', path: '/api/v2/imports/connector-configs/{config_id}', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeleteImportConnectorResponseSchema) },
  getImportConnector: { title: 'Get Import Connector Config', method: 'GET', path: '/api/v2/imports/connector-configs/{config_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetImportConnectorResponseSchema) },
  updateImportConnector: { title: 'Update Import Connector Config', method: 'PATCH', path: '/api/v2/imports/connector-configs/{config_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.UpdateImportConnectorRequestSchema), response: supplySchema((s) => s.UpdateImportConnectorResponseSchema) },
  listImporters: { title: 'List Importers', method: 'GET', path: '/api/v2/imports/importers', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListImportersResponseSchema), itemsField: 'imports' },
  createImporter: { title: 'Create Importer', method: 'POST', path: '/api/v2/imports/importers', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreateImporterRequestSchema), response: supplySchema((s) => s.CreateImporterResponseSchema) },
  getImporter: { title: 'Get Importer', method: 'GET', path: '/api/v2/imports/importers/{import_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetImporterResponseSchema) },
  updateImporter: { title: 'Update Importer', method: 'PATCH', path: '/api/v2/imports/importers/{import_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.UpdateImporterRequestSchema), response: supplySchema((s) => s.UpdateImporterResponseSchema) },
  listImportExecutions: { title: 'List Import Executions', method: 'GET', path: '/api/v2/imports/executions', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListImportExecutionsResponseSchema), itemsField: 'executions' },
  getImportExecution: { title: 'Gets Import Execution', method: 'GET', path: '/api/v2/imports/executions/{execution_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetImportExecutionResponseSchema) },
  executeImport: { title: 'Execute Import', method: 'POST', path: '/api/v2/imports/importers/{import_id}/execute', api: 'v2', retrySafe: false, response: supplySchema((s) => s.ExecuteImportResponseSchema) },
  listGlobalSchemaCategories: { title: 'List Global Schema Categories', method: 'GET', path: '/api/v2/normalizations/global-schema/categories', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListGlobalSchemaCategoriesResponseSchema), itemsField: 'categories' },
  listGlobalSchemaKeys: { title: 'List Global Schema Keys', method: 'GET', path: '/api/v2/normalizations/global-schema/keys', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListGlobalSchemaKeysResponseSchema), itemsField: 'keys' },
  listGlobalSchemaKeyCategories: { title: 'List Global Schema Key Categories', method: 'GET', path: '/api/v2/normalizations/global-schema/keys/categories', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListGlobalSchemaKeyCategoriesResponseSchema), itemsField: 'categories' },
  listNormalizationConfigs: { title: 'List company Normalization Configurations', method: 'GET', path: '/api/v2/normalizations/configs', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListNormalizationConfigsResponseSchema), itemsField: 'configs' },
  createNormalizationConfig: { title: 'Creates a normalization config', method: 'POST', path: '/api/v2/normalizations/configs', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreateNormalizationConfigRequestSchema), response: supplySchema((s) => s.CreateNormalizationConfigResponseSchema) },
  getNormalizationConfig: { title: 'Get a Normalization Configuration', method: 'GET', path: '/api/v2/normalizations/configs/{config_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetNormalizationConfigResponseSchema) },
  updateNormalizationConfig: { title: 'Updates a normalization config', method: 'POST', path: '/api/v2/normalizations/configs/{config_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.UpdateNormalizationConfigRequestSchema), response: supplySchema((s) => s.UpdateNormalizationConfigResponseSchema) },
  startNormalization: { title: 'Start a Normalization', method: 'POST', path: '/api/v2/normalizations/execute', api: 'v2', retrySafe: false, request: supplySchema((s) => s.StartNormalizationRequestSchema), response: supplySchema((s) => s.StartNormalizationResponseSchema) },
  listNormalizations: { title: 'List company Normalizations', method: 'GET', path: '/api/v2/normalizations/executions', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListNormalizationsResponseSchema), itemsField: 'normalizations' },
  getNormalization: { title: 'Get a Normalization', method: 'GET', path: '/api/v2/normalizations/executions/{execution_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetNormalizationResponseSchema) },
  listPrepareConfigs: { title: 'List Dataset Prepare Configurations', method: 'GET', path: '/api/v2/dataset-prepare-configs', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListPrepareConfigsResponseSchema), itemsField: 'configs' },
  createPrepareConfig: { title: 'Creates a reusable dataset prepare config', method: 'POST', path: '/api/v2/dataset-prepare-configs', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreatePrepareConfigRequestSchema), response: supplySchema((s) => s.CreatePrepareConfigResponseSchema) },
  getPrepareConfig: { title: 'Get a Dataset Prepare Configuration', method: 'GET', path: '/api/v2/dataset-prepare-configs/{config_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetPrepareConfigResponseSchema) },
  updatePrepareConfig: { title: 'Update a Dataset Prepare Configuration', method: 'PUT', path: '/api/v2/dataset-prepare-configs/{config_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.UpdatePrepareConfigRequestSchema), response: supplySchema((s) => s.UpdatePrepareConfigResponseSchema) },
  deletePrepareConfigCategories: { title: 'Delete categories with a filter', method: 'DELETE', path: '/api/v2/dataset-prepare-configs/{config_id}/categories', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeletePrepareConfigCategoriesResponseSchema) },
  listPrepareConfigCategories: { title: 'List the categories', method: 'GET', path: '/api/v2/dataset-prepare-configs/{config_id}/categories', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListPrepareConfigCategoriesResponseSchema), itemsField: 'categories' },
  addPrepareConfigCategories: { title: 'Add a category', method: 'POST', path: '/api/v2/dataset-prepare-configs/{config_id}/categories', api: 'v2', retrySafe: false, request: supplySchema((s) => s.AddPrepareConfigCategoriesRequestSchema), response: supplySchema((s) => s.AddPrepareConfigCategoriesResponseSchema) },
  deletePrepareConfigExportColumns: { title: 'Delete export columns with a filter', method: 'DELETE', path: '/api/v2/dataset-prepare-configs/{config_id}/export-columns', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeletePrepareConfigExportColumnsResponseSchema) },
  listPrepareConfigExportColumns: { title: 'List the export columns', method: 'GET', path: '/api/v2/dataset-prepare-configs/{config_id}/export-columns', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListPrepareConfigExportColumnsResponseSchema), itemsField: 'export_columns' },
  addPrepareConfigExportColumns: { title: 'Add an export column', method: 'POST', path: '/api/v2/dataset-prepare-configs/{config_id}/export-columns', api: 'v2', retrySafe: false, request: supplySchema((s) => s.AddPrepareConfigExportColumnsRequestSchema), response: supplySchema((s) => s.AddPrepareConfigExportColumnsResponseSchema) },
  deletePrepareConfigKeys: { title: 'Delete a key', method: 'DELETE', path: '/api/v2/dataset-prepare-configs/{config_id}/keys', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeletePrepareConfigKeysResponseSchema) },
  listPrepareConfigKeys: { title: 'List the keys', method: 'GET', path: '/api/v2/dataset-prepare-configs/{config_id}/keys', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListPrepareConfigKeysResponseSchema), itemsField: 'keys' },
  addPrepareConfigKeys: { title: 'Add a key', method: 'POST', path: '/api/v2/dataset-prepare-configs/{config_id}/keys', api: 'v2', retrySafe: false, request: supplySchema((s) => s.AddPrepareConfigKeysRequestSchema), response: supplySchema((s) => s.AddPrepareConfigKeysResponseSchema) },
  startPrepare: { title: 'Start a Prepare', method: 'POST', path: '/api/v2/prepares/execute', api: 'v2', retrySafe: false, request: supplySchema((s) => s.StartPrepareRequestSchema), response: supplySchema((s) => s.StartPrepareResponseSchema) },
  listPrepares: { title: 'List company Prepares', method: 'GET', path: '/api/v2/prepares/executions', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListPreparesResponseSchema), itemsField: 'prepares' },
  getPrepare: { title: 'Get details on a Prepare operation', method: 'GET', path: '/api/v2/prepares/executions/{execution_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetPrepareResponseSchema) },
  publishPrepare: { title: 'Publishes prepared data to a dataset', method: 'POST', path: '/api/v2/prepares/{execution_id}/publish', api: 'v2', retrySafe: false, response: supplySchema((s) => s.PublishPrepareResponseSchema) },
  listRecordsets: { title: 'List recordsets', method: 'GET', path: '/api/v2/recordsets/{cloud_vault_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListRecordsetsResponseSchema), itemsField: 'recordsets' },
  deleteRecordset: { title: 'Delete recordset', method: 'DELETE', path: '/api/v2/recordsets/{cloud_vault_id}/{recordset_id}', api: 'v2', retrySafe: false, response: supplySchema((s) => s.DeleteRecordsetResponseSchema) },
  getRecordset: { title: 'Get information about a specific recordset', method: 'GET', path: '/api/v2/recordsets/{cloud_vault_id}/{recordset_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetRecordsetResponseSchema) },
  renameRecordset: { title: 'Renames a recordset', method: 'PATCH', path: '/api/v2/recordsets/{cloud_vault_id}/{recordset_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.RenameRecordsetRequestSchema), response: supplySchema((s) => s.RenameRecordsetResponseSchema) },
  listRecordsetColumns: { title: 'List recordset columns', method: 'GET', path: '/api/v2/recordsets/{cloud_vault_id}/{recordset_id}/columns', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListRecordsetColumnsResponseSchema), itemsField: 'columns' },
  listRecordsetConfigs: { title: 'List Recordset Configs', method: 'GET', path: '/api/v2/recordset-configs', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListRecordsetConfigsResponseSchema), itemsField: 'configs' },
  createRecordsetConfig: { title: 'Create a Recordset Config', method: 'POST', path: '/api/v2/recordset-configs', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreateRecordsetConfigRequestSchema), response: supplySchema((s) => s.CreateRecordsetConfigResponseSchema) },
  getRecordsetConfig: { title: 'Get a Recordset Config', method: 'GET', path: '/api/v2/recordset-configs/{config_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetRecordsetConfigResponseSchema) },
  updateRecordsetConfig: { title: 'Update a Recordset Config', method: 'PATCH', path: '/api/v2/recordset-configs/{config_id}', api: 'v2', retrySafe: false, request: supplySchema((s) => s.UpdateRecordsetConfigRequestSchema), response: supplySchema((s) => s.UpdateRecordsetConfigResponseSchema) },
  createRecordset: { title: 'Create a Recordset', method: 'POST', path: '/api/v2/recordset-creation/execute', api: 'v2', retrySafe: false, request: supplySchema((s) => s.CreateRecordsetRequestSchema), response: supplySchema((s) => s.CreateRecordsetResponseSchema) },
  listRecordsetExecutions: { title: 'List Executions (recordset)', method: 'GET', path: '/api/v2/recordset-creation/executions', api: 'v2', retrySafe: true, response: supplySchema((s) => s.ListRecordsetExecutionsResponseSchema), itemsField: 'executions' },
  getRecordsetExecution: { title: 'Get a Recordset Execution', method: 'GET', path: '/api/v2/recordset-creation/executions/{execution_id}', api: 'v2', retrySafe: true, response: supplySchema((s) => s.GetRecordsetExecutionResponseSchema) },
} as const satisfies Record<string, OperationDefinition>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** The parsed (output) type of an operation's 200 answer. */
export type OperationResponse<K extends OperationId> = z.output<Operations[K]['response']>;

/** The JSON body an operation sends, or `undefined` for operations without one. */
export type OperationRequestBody<K extends OperationId> = Operations[K] extends { readonly request: infer S extends z.ZodType }
  ? z.input<S>
  : undefined;

type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | PathParamNames<Rest> : never;

/** The path parameters of an operation, by name, e.g. `{ query_id: string }`. */
export type OperationPathParams<K extends OperationId> = { readonly [N in PathParamNames<Operations[K]['path']>]: string };

/** Operations whose answer is a 2.0 page (they carry `pagination` and an `itemsField`). */
export type PagedOperationId = {
  [K in OperationId]: Operations[K] extends { readonly itemsField: string } ? K : never;
}[OperationId];

/** The item type of a paged operation. */
// An items field the answer may leave out (an optional array) still names the item type.
export type PagedItem<K extends PagedOperationId> =
  NonNullable<OperationResponse<K>[Operations[K]['itemsField'] & keyof OperationResponse<K>]> extends readonly (infer T)[] ? T : never;

/**
 * Fills a path template with parameters, percent-encoding each value so that an identifier
 * with `/` or `?` cannot change the path. Contract: never throws; a missing parameter leaves
 * an empty segment, which the service answers with 404.
 */
export function buildOperationPath(template: string, params: Readonly<Record<string, string>>, restParam = false): string {
  const names = [...template.matchAll(/\{([a-z_]+)\}/g)].map((found) => found[1]);
  const rest = restParam ? names.at(-1) : undefined;
  return template.replace(/\{([a-z_]+)\}/g, (_whole, name: string) => {
    const value = params[name] ?? '';
    // A vault path keeps its folders: each segment is encoded, the slashes between them are not.
    return name === rest ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
  });
}

/** The result of matching an incoming request to an operation (for the emulator's router). */
export interface OperationMatch {
  readonly id: OperationId;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Finds the operation a method and path (without query string) address, decoding path
 * parameters. Where two templates match (`/activations/validate` and
 * `/activations/{activation_id}` differ only by method, but a literal segment should always
 * win), the template with fewer parameters wins. Contract: never throws; undefined when no
 * operation matches, including a malformed percent-encoding.
 */
export function matchOperation(method: string, pathname: string): OperationMatch | undefined {
  let best: { match: OperationMatch; paramCount: number } | undefined;
  for (const [id, definition] of Object.entries(operations) as [OperationId, OperationDefinition][]) {
    if (definition.method !== method.toUpperCase()) continue;
    const params = matchPathTemplate(definition.path, pathname, definition.restParam === true);
    if (params === undefined) continue;
    const paramCount = Object.keys(params).length;
    if (best === undefined || paramCount < best.paramCount) best = { match: { id, params }, paramCount };
  }
  return best?.match;
}
