/**
 * The service layer's public face: the only code in the project that does network I/O.
 * Everything outside service/src imports from here. See service-error.ts for the
 * convention every function follows (results, never exceptions).
 */
export { ServiceClient } from './service-client';
export type { SegmentRef } from './service-client';
export { validateQuery, validateActivationQuery, explainQuery, createQuery, getQuery, getQueryResult } from './operations/queries';
export { queueActivation, listActivations, getActivation, listActivationDestinations, pushActivationResults, getActivationDestinationPushSchema, listActivationPushes, getActivationPush } from './operations/activations';
export { listDatasets, getDatasetMetadata, listConnections, getConnection, listPermissions, checkHealth, getDatasetUsage, getPermissionUsage, addDemoDatasets, listDatasetsV2, getDatasetV2 } from './operations/catalog';
export { listCollaborations, getCollaboration, createCollaboration, closeCollaboration, leaveCollaboration, listCollaborationEvents, exportCollaborationEvents, addCollaborationDataset, removeCollaborationDataset, addActivationDataset, removeActivationDataset, addInsightDataset, removeInsightDataset, addCollaborationDestination, removeCollaborationDestination, listCollaborationDatasets, getCollaborationDataset, getAttributeColumnStats, getExportColumnStats, getKeyColumnStats, getSummaryStats, listCollaborationDestinations, getCollaborationDestination, listCollaborationConnections, getCollaborationConnection } from './operations/collaborations';
export { listActivationSegments, createActivationSegment, getActivationSegment, updateActivationSegment, deleteActivationSegment, calculateActivationSegment, exportActivationSegment, listActivationSegmentExports, getActivationSegmentExport, listActivationSegmentDestinations, getActivationSegmentDestinationPushSchema } from './operations/segments';
export { listDestinationInstances, createDestinationInstance, getDestinationInstance, updateDestinationInstance, deleteDestinationInstance, listDestinationTypes, getDestinationTypeSchema, duplicateDestinationInstance, getDestinationTypeExternalConfig } from './operations/destinations';
export { listDisplayNames, calculateMatchRate, createPairQuery, createPrivatePath, getPrivatePath } from './operations/accounts';
export { api } from './lazy-api';
export { DEFAULT_TIMEOUTS, encodeQuery, formatFieldPath } from './service-transport';
export type { CallOptions, ServiceClientOptions, ServiceTimeouts } from './service-transport';
export type { CallInput, WireQuery, WireQueryValue } from '../../common/service-call';
export { checkProfile, ENVIRONMENT_PROFILE, isLoopbackHost, PRODUCTION_BASE_URL } from '../../common/service-profile';
export type { ServiceProfile } from '../../common/service-profile';
export { cancelledError, fail, succeed } from '../../common/service-result';
export type { MissingRight, ServiceError, ServiceErrorKind, ServicePosition, ServiceResult, TimeoutPhase } from '../../common/service-result';
export { findErrorPosition, findMissingRight, mapAsyncFailure, mapHttpError, readErrorBody } from './error-mapping';
export { DEFAULT_RETRY_OPTIONS, computeBackoffDelay, parseRetryAfter } from './retry-policy';
export type { RetryOptions } from './retry-policy';
export { listSecrets, redactText, REDACTED } from '../../common/redact';
export { collectAllPages, iteratePages } from './iterate-pages';
export type { IteratePagesOptions, Page } from './iterate-pages';
export { DEFAULT_POLL_OPTIONS, Poller } from './progress';
export type { PollClock, PollOptions, ProgressEvent, ProgressPhase, RunOptions } from './progress';
export { pollDelay, pollsToSee, pollWait } from '../../common/poll-policy';
export { runInsightQuery } from './run-insight-query';
export type { QueryRun } from './run-insight-query';
export { runActivation } from './run-activation';
export type { ActivationRun } from './run-activation';
export { calculateSegment } from './calculate-segment';
export { followSegmentExport } from './follow-segment-export';
export { followSupplyExecution, readExecution } from './follow-supply-execution';
export type { FollowOptions, SupplyExecutionKind, SupplyExecutionState } from './follow-supply-execution';
export { isQueryFailure, waitForQueryResult } from './wait-for-query';
export { signalFromCancellation } from './signal-from-cancellation';
export type { CancellationTokenLike, SignalBridge } from './signal-from-cancellation';
export { resolveTarget } from './service-target';
export type { ServiceTarget, TargetResolution, WantedTarget } from './service-target';
export { NO_PROFILES, profilesFromClient, profilesFromEnvironment, toServiceProfile } from './profile-registry';
export type { ProfileOrigin, ProfileSet } from './profile-registry';
export { ServiceHub, CATALOG_TTL_MS } from './service-hub';
export type { LoadedCatalog, ServiceHubOptions, ValidationOutcome } from './service-hub';
export { loadCatalog } from './catalog-loader';
export { CatalogStore } from './catalog-store';
export type { CatalogCodec, StoredCatalog, StoredCatalogIdentity } from './catalog-store';
export type { CatalogAssembly, CatalogLoadOptions } from './catalog-loader';
export { describeServiceTrouble } from './service-trouble';
export { describeEmptyCatalog } from './empty-catalog';
