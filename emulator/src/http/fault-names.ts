/**
 * Names that `--faults` accepts for operations: one short name per operation, a few group
 * names, `*` for every operation, and each operation's id from common/api/operations.ts.
 */
import { operations } from '../../../common/api';
import type { OperationId } from '../../../common/api';

/** The short name of each operation, as `--faults` writes it. */
export const OPERATION_FAULT_NAMES: Readonly<Record<OperationId, string>> = {
  validateQuery: 'validate',
  validateActivationQuery: 'validate-activation',
  explainQuery: 'explain',
  createQuery: 'create-query',
  getQuery: 'get-query',
  getQueryResult: 'get-result',
  queueActivation: 'queue-activation',
  listActivations: 'list-activations',
  getActivation: 'get-activation',
  listDatasets: 'list-datasets',
  getDatasetMetadata: 'get-dataset',
  listConnections: 'list-connections',
  getConnection: 'get-connection',
  listPermissions: 'permissions',
  getDatasetUsage: 'dataset-usage',
  getPermissionUsage: 'permission-usage',
  addDemoDatasets: 'add-demo-datasets',
  checkHealth: 'health',
  listCollaborations: 'list-collaborations',
  getCollaboration: 'get-collaboration',
  listCollaborationDatasets: 'list-collaboration-datasets',
  getCollaborationDataset: 'get-collaboration-dataset',
  getAttributeColumnStats: 'attribute-stats',
  getExportColumnStats: 'export-column-stats',
  getKeyColumnStats: 'key-stats',
  getSummaryStats: 'summary-stats',
  createCollaboration: 'create-collaboration',
  closeCollaboration: 'close-collaboration',
  leaveCollaboration: 'leave-collaboration',
  listCollaborationEvents: 'list-events',
  exportCollaborationEvents: 'export-events',
  addCollaborationDataset: 'add-dataset',
  removeCollaborationDataset: 'remove-dataset',
  addActivationDataset: 'add-activation-dataset',
  removeActivationDataset: 'remove-activation-dataset',
  addInsightDataset: 'add-insight-dataset',
  removeInsightDataset: 'remove-insight-dataset',
  addCollaborationDestination: 'add-destination',
  removeCollaborationDestination: 'remove-destination',
  listCollaborationDestinations: 'list-destinations',
  getCollaborationDestination: 'get-destination',
  listCollaborationConnections: 'list-collaboration-connections',
  getCollaborationConnection: 'get-collaboration-connection',
  listActivationSegments: 'list-segments',
  createActivationSegment: 'create-segment',
  getActivationSegment: 'get-segment',
  updateActivationSegment: 'update-segment',
  deleteActivationSegment: 'delete-segment',
  calculateActivationSegment: 'calculate-segment',
  exportActivationSegment: 'export-segment',
  listActivationSegmentExports: 'list-exports',
  getActivationSegmentExport: 'get-export',
  listActivationSegmentDestinations: 'list-segment-destinations',
  getActivationSegmentDestinationPushSchema: 'get-segment-push-schema',
  listActivationDestinations: 'list-activation-destinations',
  pushActivationResults: 'push-activation',
  getActivationDestinationPushSchema: 'get-activation-push-schema',
  listActivationPushes: 'list-activation-pushes',
  getActivationPush: 'get-activation-push',
  listDatasetsV2: 'list-datasets-v2',
  getDatasetV2: 'get-dataset-v2',
  listDestinationInstances: 'list-destination-instances',
  createDestinationInstance: 'create-destination-instance',
  getDestinationInstance: 'get-destination-instance',
  updateDestinationInstance: 'update-destination-instance',
  deleteDestinationInstance: 'delete-destination-instance',
  listDestinationTypes: 'list-destination-types',
  getDestinationTypeSchema: 'get-destination-type-schema',
  duplicateDestinationInstance: 'duplicate-destination-instance',
  getDestinationTypeExternalConfig: 'get-destination-type-external-config',
  listDisplayNames: 'display-names',
  calculateMatchRate: 'match-rate',
  createPairQuery: 'create-pair-query',
  createPrivatePath: 'create-private-path',
  getPrivatePath: 'get-private-path',
  listInsightReports: 'list-reports',
  createInsightReport: 'create-report',
  getInsightReportDefinition: 'get-report',
  getInsightReportCrossResult: 'get-report-cross',
  listInsightReportSingles: 'list-report-singles',
  getInsightReportStatus: 'get-report-status',
  listAutomationConfigs: 'list-automations',
  createAutomationConfig: 'create-automation',
  deleteAutomationConfig: 'delete-automation',
  getAutomationConfig: 'get-automation',
  updateAutomationConfig: 'update-automation',
  executeAutomationConfig: 'execute-automation',
  listAutomationExecutions: 'list-executions',
  getAutomationExecution: 'get-execution',
};

/** Group names, for faults that should hit every operation of one kind. */
export const FAULT_GROUPS: Readonly<Record<string, readonly OperationId[]>> = {
  queries: ['createQuery', 'getQuery', 'getQueryResult'],
  datasets: ['listDatasets', 'getDatasetMetadata'],
  activations: ['queueActivation', 'listActivations', 'getActivation'],
  connections: ['listConnections', 'getConnection'],
  collaborations: ['listCollaborations', 'getCollaboration'],
  'collaboration-management': ['createCollaboration', 'closeCollaboration', 'leaveCollaboration'],
  events: ['listCollaborationEvents', 'exportCollaborationEvents'],
  'collaboration-assets': [
    'addCollaborationDataset', 'removeCollaborationDataset', 'addActivationDataset', 'removeActivationDataset',
    'addInsightDataset', 'removeInsightDataset', 'addCollaborationDestination', 'removeCollaborationDestination',
  ],
  'collaboration-datasets': ['listCollaborationDatasets', 'getCollaborationDataset'],
  stats: ['getAttributeColumnStats', 'getExportColumnStats', 'getKeyColumnStats', 'getSummaryStats'],
  destinations: ['listCollaborationDestinations', 'getCollaborationDestination'],
  segments: [
    'listActivationSegments', 'createActivationSegment', 'getActivationSegment', 'updateActivationSegment',
    'deleteActivationSegment', 'calculateActivationSegment',
  ],
  exports: [
    'exportActivationSegment', 'listActivationSegmentExports', 'getActivationSegmentExport', 'listActivationSegmentDestinations',
    'getActivationSegmentDestinationPushSchema',
  ],
  'datasets-v2': ['listDatasetsV2', 'getDatasetV2'],
  'destination-instances': [
    'listDestinationInstances', 'createDestinationInstance', 'getDestinationInstance', 'updateDestinationInstance',
    'deleteDestinationInstance', 'listDestinationTypes', 'getDestinationTypeSchema',
    'duplicateDestinationInstance', 'getDestinationTypeExternalConfig',
  ],
  'private-paths': ['createPrivatePath', 'getPrivatePath'],
  usage: ['getDatasetUsage', 'getPermissionUsage'],
  reports: [
    'listInsightReports', 'createInsightReport', 'getInsightReportDefinition', 'getInsightReportCrossResult', 'listInsightReportSingles',
    'getInsightReportStatus',
  ],
  automations: [
    'listAutomationConfigs', 'createAutomationConfig', 'deleteAutomationConfig', 'getAutomationConfig', 'updateAutomationConfig',
    'executeAutomationConfig', 'listAutomationExecutions', 'getAutomationExecution',
  ],
  pushes: ['listActivationDestinations', 'pushActivationResults', 'getActivationDestinationPushSchema', 'listActivationPushes', 'getActivationPush'],
};

/** The operations a fault name stands for, or undefined when the name is unknown. */
export function resolveFaultName(name: string): readonly OperationId[] | undefined {
  const ids = Object.keys(operations) as OperationId[];
  if (name === '*') return ids;
  const group = FAULT_GROUPS[name];
  if (group) return group;
  const byShortName = ids.filter((id) => OPERATION_FAULT_NAMES[id] === name);
  if (byShortName.length > 0) return byShortName;
  return ids.includes(name as OperationId) ? [name as OperationId] : undefined;
}

/** Every name `--faults` accepts, for help and error messages. */
export function listFaultNames(): string[] {
  return ['*', ...Object.keys(FAULT_GROUPS), ...Object.values(OPERATION_FAULT_NAMES)];
}
