// Corrections to the reference swagger files (../shared/api/*.swagger.json), applied by
// scripts/generate-api.mjs before anything else, where the swagger is wrong for the real
// service. Each entry names the file, the JSON path it sets (relative to the Swagger 2.0
// document, so it reads like the file it corrects) and the seed line that justifies it.
// Keep this list short and every entry cited: the swagger stays the source of truth for
// shapes; an entry here is a known error in it.

/** @type {readonly { file: 'v1' | 'v2', path: readonly string[], value: unknown, why: string }[]} */
export const apiOverlay = [
  {
    file: 'v1',
    path: ['definitions', 'tyraelQuery', 'properties', 'query_error'],
    value: { $ref: '#/definitions/rpcStatus', description: 'Set when the query failed (seed 000, section 7.3).' },
    // The swagger's Query (Create a Query, Get a Query) has only query_id and done, so a
    // failed query would be indistinguishable from a running one. Seed 000, section 7,
    // item 3 (000_b7c1c78b40fa4c50.txt line 233): "1.0: QueryError (`query_error`,
    // `push_error`) with code integer, message string, details array" is carried inside
    // the resource when asynchronous work fails.
    why: 'seed 000 §7.3 (line 233): a failed asynchronous query carries query_error',
  },
  {
    file: 'v2',
    path: ['definitions', 'Collaboration_Management.CollaborationMemberSummary', 'properties', 'rights'],
    value: { allOf: [{ $ref: '#/definitions/Collaboration_Management.MemberRights' }], description: 'The rights of the member (seed 001, section 2.1).' },
    // List Collaborations: the swagger's member summary is {display_name, id}, but seed 001
    // §2.1 (001_72bdb348946d69d2.txt line 20): "members (array of {display_name, id}; the
    // management playbook also returns rights per member) … owner (…; playbook adds rights)".
    // The explorer needs them to tell what the caller may do without a Get per collaboration.
    why: 'seed 001 §2.1 (line 20): List Collaborations returns rights per member and owner',
  },
  ...['Activation_Segments.ActivationSegment', 'Activation_Segments.ActivationSegmentOverview'].map((definition) => ({
    file: /** @type {const} */ ('v2'),
    path: ['definitions', definition, 'properties', 'results_expiry_date_time'],
    value: { type: 'string', format: 'date-time', description: 'When the calculated results expire (seed 001, section 2.4).' },
    // Missing from the swagger's segment and segment list item. Seed 001 §2.4 lists it for the
    // segment (001_72bdb348946d69d2.txt line 66: "results_expiry_date_time,
    // last_calculated_date_time, created_date_time, updated_date_time | date-time") and for
    // the list item (line 72: "List item carries: … results_expiry_date_time …").
    why: 'seed 001 §2.4 (lines 66, 72): segments carry results_expiry_date_time',
  })),
  {
    file: 'v2',
    path: ['paths', '/api/v2/files/{cloud_vault_id}/{name}', 'get', 'responses', '200', 'schema'],
    value: { $ref: '#/definitions/Files.ListResponse' },
    // List files points at the bare `ListResponse`, which is the cloud vaults' list
    // ({cloud_vaults, pagination}); the swagger's own `Files.ListResponse` ({files:
    // Files.File[], pagination}) is the answer of this operation. Seed 002 §4.2
    // (002_b1020f2a90e36300.txt line 143) notes the mismatch ("response shape given for this
    // operation carries `cloud_vaults`") and lists filters on fields of a file record (name,
    // size, created_date_time, metadata.origin.*), which only Files.File has.
    why: 'seed 002 §4.2 (line 143): List files answers file records, not cloud vaults',
  },
  {
    file: 'v2',
    path: ['paths', '/api/v2/recordset-configs/{config_id}', 'get', 'responses', '200', 'schema'],
    value: { $ref: '#/definitions/Recordset_Configs.GetConfigResponse' },
    // Get a Recordset Config points at the bare `GetConfigResponse`, the automation config's
    // answer. Seed 002 §4.8 (line 230): "the `config` shape shown for this operation is the
    // automation config shape of Document 2", while §2.8 (line 95) lists the recordset
    // config's fields, which the swagger's own `Recordset_Configs.GetConfigResponse` carries.
    why: 'seed 002 §2.8, §4.8 (lines 95, 230): Get a Recordset Config answers a recordset config',
  },
  ...['CreateDatasetRequest', 'Datasets.CreateDatasetRequest'].map((definition) => ({
    file: /** @type {const} */ ('v2'),
    path: ['definitions', definition, 'properties', 'cloud_vault_id'],
    value: { type: 'string', description: 'The cloud vault the dataset accepts input data from (seed 002, section 4.1).' },
    // Create Dataset's body has only the deprecated `region` to say where the data comes from.
    // Seed 002 §4.1 (002_b1020f2a90e36300.txt line 127): "body {cloud_vault_id; dataset_type;
    // …; region (deprecated, use cloud_vault_id)}": the vault replaces the region.
    why: 'seed 002 §4.1 (line 127): Create Dataset takes cloud_vault_id',
  })),
  ...['Normalization_Config.CreateConfigRequest', 'Normalization_Config.ConfigEntity'].map((definition) => ({
    file: /** @type {const} */ ('v2'),
    path: ['definitions', definition, 'properties', 'normalizer_config'],
    value: { allOf: [{ $ref: '#/definitions/Normalization_Config.NormalizerConfig' }], description: 'The normalization config (seed 002, section 2.6).' },
    // The swagger's create body and config record carry only the deprecated
    // normalization_config, so the config that replaces it could be neither sent nor read
    // back. Seed 002 §2.6 (002_b1020f2a90e36300.txt line 65): "Record: … normalizer_config,
    // normalization_config (deprecated)", and §4.6 (line 186): Create's body is
    // "{description; name; normalization_config (deprecated); normalizer_config}".
    why: 'seed 002 §2.6, §4.6 (lines 65, 186): a normalization config carries normalizer_config',
  })),
  {
    file: 'v2',
    path: ['definitions', 'Recordset_Configs.GetConfigResponse', 'properties', 'last_execution_id'],
    value: { type: 'string', description: 'The latest recordset creation run with this config (seed 002, section 4.8).' },
    // The swagger's answer has only `config`. Seed 002 §4.8 (002_b1020f2a90e36300.txt line
    // 230): Get a Recordset Config outputs "{config; last_execution_id}", as Get Automation
    // Config does; without it a client cannot find the config's latest run.
    why: 'seed 002 §4.8 (line 230): Get a Recordset Config answers last_execution_id',
  },
];
