// The API 2.0 operations whose zod schemas common/api loads at run time from
// common/api/generated/v2-in-use/ (scripts/generate-api.mjs, step 6), as `METHOD path`.
// Loading the whole generated 2.0 file costs ~120 ms per process; this subset costs what its
// operations need. Add an operation here when common/api starts using its generated schemas,
// then run `npm run generate:api`.

/** @type {readonly string[]} */
export const v2OperationsInUse = [
  // Collaboration management (seed 001 §4.4).
  'POST /api/v2/collaborations',
  'POST /api/v2/collaborations/{collaboration_id}/close',
  'POST /api/v2/collaborations/{collaboration_id}/leave',
  'POST /api/v2/collaborations/{collaboration_id}/datasets',
  'DELETE /api/v2/collaborations/{collaboration_id}/datasets/{dataset_id}',
  'POST /api/v2/collaborations/{collaboration_id}/activation-datasets',
  'DELETE /api/v2/collaborations/{collaboration_id}/activation-datasets/{dataset_id}',
  'POST /api/v2/collaborations/{collaboration_id}/insight-datasets',
  'DELETE /api/v2/collaborations/{collaboration_id}/insight-datasets/{dataset_id}',
  'POST /api/v2/collaborations/{collaboration_id}/destinations',
  'DELETE /api/v2/collaborations/{collaboration_id}/destinations/{destination_id}',
  // The event log (seed 001 §4.4, §6).
  'GET /api/v2/collaborations/{collaboration_id}/events',
  'GET /api/v2/collaborations/{collaboration_id}/events/export',
  // Activation segments: where a segment may be exported (seed 001 §4.5).
  'GET /api/v2/collaborations/{collaboration_id}/activation-segments/{activation_segment_id}/destinations',
  'GET /api/v2/collaborations/{collaboration_id}/activation-segments/{activation_segment_id}/destinations/{destination_id}/push-schema',
  // Destination instances and types (seed 001 §4.6).
  'POST /api/v2/destinations/instances/{destination_id}/duplicate',
  'GET /api/v2/destinations/types/{destination_type_id}/external-config',
  // Users, matching, private paths (seed 001 §4.1).
  'GET /api/v2/accounts/users/display_name',
  'POST /api/v2/connections/pair/match-rate',
  'POST /api/v2/queries/pair/activation',
  'POST /api/v2/queries/private-path',
  'GET /api/v2/queries/private-path/{collaboration_id}',
  // Insight reports (seed 001 §4.2).
  'GET /api/v2/reports/insight',
  'POST /api/v2/reports/insight',
  'GET /api/v2/reports/insight/{report_id}/definition',
  'GET /api/v2/reports/insight/{report_id}/results/cross',
  'GET /api/v2/reports/insight/{report_id}/results/singles',
  'GET /api/v2/reports/insight/{report_id}/status',
  // Automation configs and executions (seed 001 §4.3).
  'GET /api/v2/automations/configs',
  'POST /api/v2/automations/configs',
  'DELETE /api/v2/automations/configs/{config_id}',
  'GET /api/v2/automations/configs/{config_id}',
  'PATCH /api/v2/automations/configs/{config_id}',
  'POST /api/v2/automations/configs/{config_id}/execute',
  'GET /api/v2/automations/executions',
  'GET /api/v2/automations/executions/{execution_id}',
];
