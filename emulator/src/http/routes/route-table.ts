/** Every operation of common/api/operations.ts and the handler answering it. */
import type { RouteTable } from '../route-context';
import {
  queueActivationRoute, getActivationRoute, listActivationsRoute, validateActivationRoute,
} from './v1-activation-routes';
import {
  checkHealthRoute, getConnectionRoute, getDatasetMetadataRoute, listConnectionsRoute, listDatasetsRoute, listPermissionsRoute,
} from './v1-catalog-routes';
import { addDemoDatasetsRoute, getDatasetUsageRoute, getPermissionUsageRoute } from './v1-usage-routes';
import { createQueryRoute, explainQueryRoute, getQueryResultRoute, getQueryRoute, validateQueryRoute } from './v1-query-routes';
import {
  getAttributeColumnStatsRoute, getCollaborationConnectionRoute, getCollaborationDatasetRoute, getCollaborationDestinationRoute,
  getCollaborationRoute, getExportColumnStatsRoute, getKeyColumnStatsRoute, getSummaryStatsRoute, listCollaborationConnectionsRoute,
  listCollaborationDatasetsRoute, listCollaborationDestinationsRoute, listCollaborationsRoute,
} from './v2-collaboration-routes';
import { getDatasetV2Route, listDatasetsV2Route } from './v2-dataset-routes';
import { listGlobalSchemaCategoriesRoute, listGlobalSchemaKeyCategoriesRoute, listGlobalSchemaKeysRoute } from './v2-global-schema-routes';
import {
  createNormalizationConfigRoute, getNormalizationConfigRoute, listNormalizationConfigsRoute, updateNormalizationConfigRoute,
} from './v2-normalization-config-routes';
import { getNormalizationRoute, listNormalizationsRoute, startNormalizationRoute } from './v2-normalization-routes';
import { createRecordsetConfigRoute, getRecordsetConfigRoute, listRecordsetConfigsRoute, updateRecordsetConfigRoute } from './v2-recordset-config-routes';
import { createRecordsetRoute, getRecordsetExecutionRoute, listRecordsetExecutionsRoute } from './v2-recordset-creation-routes';
import {
  deleteRecordsetRoute, getRecordsetRoute, listRecordsetColumnsRoute, listRecordsetsRoute, renameRecordsetRoute,
} from './v2-recordset-routes';
import { createDatasetRoute, deleteDatasetRoute, getDatasetLineageRoute, updateDatasetRoute } from './v2-dataset-management-routes';
import {
  addPrepareConfigCategoriesRoute, addPrepareConfigExportColumnsRoute, addPrepareConfigKeysRoute, createPrepareConfigRoute, deletePrepareConfigCategoriesRoute,
  deletePrepareConfigExportColumnsRoute, deletePrepareConfigKeysRoute, getPrepareConfigRoute, listPrepareConfigCategoriesRoute, listPrepareConfigExportColumnsRoute,
  listPrepareConfigKeysRoute, listPrepareConfigsRoute, updatePrepareConfigRoute,
} from './v2-prepare-config-routes';
import { getPrepareRoute, listPreparesRoute, publishPrepareRoute, startPrepareRoute } from './v2-prepare-routes';
import {
  createDestinationInstanceRoute, deleteDestinationInstanceRoute, getDestinationInstanceRoute, getDestinationTypeSchemaRoute,
  listDestinationInstancesRoute, listDestinationTypesRoute, updateDestinationInstanceRoute,
} from './v2-destination-routes';
import { duplicateDestinationInstanceRoute, getDestinationTypeExternalConfigRoute } from './v2-destination-extra-routes';
import { closeCollaborationRoute, createCollaborationRoute, leaveCollaborationRoute } from './v2-collaboration-management-routes';
import { exportCollaborationEventsRoute, listCollaborationEventsRoute } from './v2-event-routes';
import {
  addActivationDatasetRoute, addDatasetRoute, addDestinationRoute, addInsightDatasetRoute, removeActivationDatasetRoute, removeDatasetRoute,
  removeDestinationRoute, removeInsightDatasetRoute,
} from './v2-collaboration-asset-routes';
import {
  calculateActivationSegmentRoute, createActivationSegmentRoute, deleteActivationSegmentRoute, exportActivationSegmentRoute,
  getActivationSegmentExportRoute, getActivationSegmentRoute, listActivationSegmentExportsRoute, listActivationSegmentsRoute,
  updateActivationSegmentRoute,
} from './v2-segment-routes';
import { getActivationSegmentDestinationPushSchemaRoute, listActivationSegmentDestinationsRoute } from './v2-segment-destination-routes';
import {
  getActivationDestinationPushSchemaRoute, getActivationPushRoute, listActivationDestinationsRoute, listActivationPushesRoute,
  pushActivationResultsRoute,
} from './v2-activation-push-routes';
import { listDisplayNamesRoute } from './v2-display-name-routes';
import {
  createAutomationConfigRoute, deleteAutomationConfigRoute, executeAutomationConfigRoute, getAutomationConfigRoute, getAutomationExecutionRoute,
  listAutomationConfigsRoute, listAutomationExecutionsRoute, updateAutomationConfigRoute,
} from './v2-automation-routes';
import {
  createInsightReportRoute, getInsightReportCrossResultRoute, getInsightReportDefinitionRoute, getInsightReportStatusRoute,
  listInsightReportSinglesRoute, listInsightReportsRoute,
} from './v2-insight-report-routes';
import { calculateMatchRateRoute } from './v2-match-rate-routes';
import { createPairQueryRoute } from './v2-pair-query-routes';
import { createPrivatePathRoute, getPrivatePathRoute } from './v2-private-path-routes';
import { createCloudVaultRoute, deleteCloudVaultRoute, getCloudVaultRoute, listCloudVaultsRoute, updateCloudVaultRoute } from './v2-cloud-vault-routes';
import { deleteVaultFileRoute, listVaultFilesRoute } from './v2-vault-file-routes';
import {
  createImportConnectorRoute, deleteImportConnectorRoute, getImportConnectorRoute, getServerHostKeyRoute, listImportConnectorsRoute, refreshImportConnectorGpgKeysRoute,
  updateImportConnectorRoute,
} from './v2-import-connector-routes';
import {
  createImporterRoute, executeImportRoute, getImportExecutionRoute, getImporterRoute, listImportExecutionsRoute, listImportersRoute, updateImporterRoute,
} from './v2-importer-routes';

export const ROUTES: RouteTable = {
  validateQuery: validateQueryRoute,
  validateActivationQuery: validateActivationRoute,
  explainQuery: explainQueryRoute,
  createQuery: createQueryRoute,
  getQuery: getQueryRoute,
  getQueryResult: getQueryResultRoute,
  queueActivation: queueActivationRoute,
  listActivations: listActivationsRoute,
  getActivation: getActivationRoute,
  listDatasets: listDatasetsRoute,
  getDatasetMetadata: getDatasetMetadataRoute,
  listConnections: listConnectionsRoute,
  getConnection: getConnectionRoute,
  listPermissions: listPermissionsRoute,
  getDatasetUsage: getDatasetUsageRoute,
  getPermissionUsage: getPermissionUsageRoute,
  addDemoDatasets: addDemoDatasetsRoute,
  checkHealth: checkHealthRoute,
  listCollaborations: listCollaborationsRoute,
  getCollaboration: getCollaborationRoute,
  listCollaborationDatasets: listCollaborationDatasetsRoute,
  getCollaborationDataset: getCollaborationDatasetRoute,
  getAttributeColumnStats: getAttributeColumnStatsRoute,
  getExportColumnStats: getExportColumnStatsRoute,
  getKeyColumnStats: getKeyColumnStatsRoute,
  getSummaryStats: getSummaryStatsRoute,
  createCollaboration: createCollaborationRoute,
  closeCollaboration: closeCollaborationRoute,
  leaveCollaboration: leaveCollaborationRoute,
  listCollaborationEvents: listCollaborationEventsRoute,
  exportCollaborationEvents: exportCollaborationEventsRoute,
  addCollaborationDataset: addDatasetRoute,
  removeCollaborationDataset: removeDatasetRoute,
  addActivationDataset: addActivationDatasetRoute,
  removeActivationDataset: removeActivationDatasetRoute,
  addInsightDataset: addInsightDatasetRoute,
  removeInsightDataset: removeInsightDatasetRoute,
  addCollaborationDestination: addDestinationRoute,
  removeCollaborationDestination: removeDestinationRoute,
  listCollaborationDestinations: listCollaborationDestinationsRoute,
  getCollaborationDestination: getCollaborationDestinationRoute,
  listCollaborationConnections: listCollaborationConnectionsRoute,
  getCollaborationConnection: getCollaborationConnectionRoute,
  listActivationSegments: listActivationSegmentsRoute,
  createActivationSegment: createActivationSegmentRoute,
  getActivationSegment: getActivationSegmentRoute,
  updateActivationSegment: updateActivationSegmentRoute,
  deleteActivationSegment: deleteActivationSegmentRoute,
  calculateActivationSegment: calculateActivationSegmentRoute,
  exportActivationSegment: exportActivationSegmentRoute,
  listActivationSegmentExports: listActivationSegmentExportsRoute,
  getActivationSegmentExport: getActivationSegmentExportRoute,
  listActivationSegmentDestinations: listActivationSegmentDestinationsRoute,
  getActivationSegmentDestinationPushSchema: getActivationSegmentDestinationPushSchemaRoute,
  listActivationDestinations: listActivationDestinationsRoute,
  pushActivationResults: pushActivationResultsRoute,
  getActivationDestinationPushSchema: getActivationDestinationPushSchemaRoute,
  listActivationPushes: listActivationPushesRoute,
  getActivationPush: getActivationPushRoute,
  listDatasetsV2: listDatasetsV2Route,
  getDatasetV2: getDatasetV2Route,
  listDestinationInstances: listDestinationInstancesRoute,
  createDestinationInstance: createDestinationInstanceRoute,
  getDestinationInstance: getDestinationInstanceRoute,
  updateDestinationInstance: updateDestinationInstanceRoute,
  deleteDestinationInstance: deleteDestinationInstanceRoute,
  listDestinationTypes: listDestinationTypesRoute,
  getDestinationTypeSchema: getDestinationTypeSchemaRoute,
  duplicateDestinationInstance: duplicateDestinationInstanceRoute,
  getDestinationTypeExternalConfig: getDestinationTypeExternalConfigRoute,
  listDisplayNames: listDisplayNamesRoute,
  calculateMatchRate: calculateMatchRateRoute,
  createPairQuery: createPairQueryRoute,
  createPrivatePath: createPrivatePathRoute,
  getPrivatePath: getPrivatePathRoute,
  listInsightReports: listInsightReportsRoute,
  createInsightReport: createInsightReportRoute,
  getInsightReportDefinition: getInsightReportDefinitionRoute,
  getInsightReportCrossResult: getInsightReportCrossResultRoute,
  listInsightReportSingles: listInsightReportSinglesRoute,
  getInsightReportStatus: getInsightReportStatusRoute,
  listAutomationConfigs: listAutomationConfigsRoute,
  createAutomationConfig: createAutomationConfigRoute,
  deleteAutomationConfig: deleteAutomationConfigRoute,
  getAutomationConfig: getAutomationConfigRoute,
  updateAutomationConfig: updateAutomationConfigRoute,
  executeAutomationConfig: executeAutomationConfigRoute,
  listAutomationExecutions: listAutomationExecutionsRoute,
  getAutomationExecution: getAutomationExecutionRoute,
  createDataset: createDatasetRoute,
  deleteDataset: deleteDatasetRoute,
  updateDataset: updateDatasetRoute,
  getDatasetLineage: getDatasetLineageRoute,
  listCloudVaults: listCloudVaultsRoute,
  createCloudVault: createCloudVaultRoute,
  deleteCloudVault: deleteCloudVaultRoute,
  getCloudVault: getCloudVaultRoute,
  updateCloudVault: updateCloudVaultRoute,
  deleteVaultFile: deleteVaultFileRoute,
  listVaultFiles: listVaultFilesRoute,
  listImportConnectors: listImportConnectorsRoute,
  createImportConnector: createImportConnectorRoute,
  refreshImportConnectorGpgKeys: refreshImportConnectorGpgKeysRoute,
  getServerHostKey: getServerHostKeyRoute,
  deleteImportConnector: deleteImportConnectorRoute,
  getImportConnector: getImportConnectorRoute,
  updateImportConnector: updateImportConnectorRoute,
  listImporters: listImportersRoute,
  createImporter: createImporterRoute,
  getImporter: getImporterRoute,
  updateImporter: updateImporterRoute,
  listImportExecutions: listImportExecutionsRoute,
  getImportExecution: getImportExecutionRoute,
  executeImport: executeImportRoute,
  listGlobalSchemaCategories: listGlobalSchemaCategoriesRoute,
  listGlobalSchemaKeys: listGlobalSchemaKeysRoute,
  listGlobalSchemaKeyCategories: listGlobalSchemaKeyCategoriesRoute,
  listNormalizationConfigs: listNormalizationConfigsRoute,
  createNormalizationConfig: createNormalizationConfigRoute,
  getNormalizationConfig: getNormalizationConfigRoute,
  updateNormalizationConfig: updateNormalizationConfigRoute,
  startNormalization: startNormalizationRoute,
  listNormalizations: listNormalizationsRoute,
  getNormalization: getNormalizationRoute,
  listPrepareConfigs: listPrepareConfigsRoute,
  createPrepareConfig: createPrepareConfigRoute,
  getPrepareConfig: getPrepareConfigRoute,
  updatePrepareConfig: updatePrepareConfigRoute,
  deletePrepareConfigCategories: deletePrepareConfigCategoriesRoute,
  listPrepareConfigCategories: listPrepareConfigCategoriesRoute,
  addPrepareConfigCategories: addPrepareConfigCategoriesRoute,
  deletePrepareConfigExportColumns: deletePrepareConfigExportColumnsRoute,
  listPrepareConfigExportColumns: listPrepareConfigExportColumnsRoute,
  addPrepareConfigExportColumns: addPrepareConfigExportColumnsRoute,
  deletePrepareConfigKeys: deletePrepareConfigKeysRoute,
  listPrepareConfigKeys: listPrepareConfigKeysRoute,
  addPrepareConfigKeys: addPrepareConfigKeysRoute,
  startPrepare: startPrepareRoute,
  listPrepares: listPreparesRoute,
  getPrepare: getPrepareRoute,
  publishPrepare: publishPrepareRoute,
  listRecordsets: listRecordsetsRoute,
  deleteRecordset: deleteRecordsetRoute,
  getRecordset: getRecordsetRoute,
  renameRecordset: renameRecordsetRoute,
  listRecordsetColumns: listRecordsetColumnsRoute,
  listRecordsetConfigs: listRecordsetConfigsRoute,
  createRecordsetConfig: createRecordsetConfigRoute,
  getRecordsetConfig: getRecordsetConfigRoute,
  updateRecordsetConfig: updateRecordsetConfigRoute,
  createRecordset: createRecordsetRoute,
  listRecordsetExecutions: listRecordsetExecutionsRoute,
  getRecordsetExecution: getRecordsetExecutionRoute,
};
