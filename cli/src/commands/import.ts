/**
 * `iql import <verb>`: bringing files into a cloud vault (seed 002 §2.3, §2.4, §4.3, §4.4) —
 * import connector configs (how to reach a remote source) saved from `*.iqlconnector.json`
 * files whose secrets come from the environment (supply-secrets.ts), importers (a connector,
 * file patterns and a vault folder) saved from `*.iqlimporter.json` files, running an importer
 * and following its execution. Connectors and importers are named by ID or by their file.
 */
import { operations } from '../../../common/api/operations';
import { type CliIo } from '../io';
import { idFromArgument, readServiceFile, SERVICE_FILE_OPTIONS, type ServiceFileKind } from './service-file';
import { listVerb, objectSchemaOf, percent, redactingIo, saveServiceFile, showExecution, startedExecution } from './supply-common';
import { fillSecrets } from './supply-secrets';
import { argument, callOptions, deleteWithYes, readableStatus, runVerbCommand, show, type Verb, type VerbContextOf } from './verb-command';

export const IMPORT_USAGE = `usage: iql import <verb> [options]
  connectors [--format text|json]                your import connector configs
  connector CONNECTOR|FILE [--format text|json]  one connector config (secrets are never shown)
  save-connector FILE [--write-id]               creates the connector a *.iqlconnector.json file describes
                                                 (the Create Import Connector "config" object: name,
                                                 sftp_connector, s3_connector or gcs_connector, …); a FILE
                                                 with an "id" updates it. Secret fields hold "$secret" and
                                                 are read from IQL_SECRET_<FIELD_PATH>, e.g.
                                                 IQL_SECRET_SFTP_CONNECTOR_PASSWORD
  delete-connector CONNECTOR|FILE --yes          deletes it (refused while an importer uses it)
  refresh-gpg CONNECTOR|FILE [--expires DATETIME]   a new GPG key pair; prints the public key
  host-key HOST PORT                             the SFTP server's host key, for "host_keys"
  importers [--format text|json]                 your importers
  importer IMPORTER|FILE [--format text|json]    one importer
  save-importer FILE [--write-id]                creates the importer a *.iqlimporter.json file describes
                                                 (the Create Importer "import" object: name, icc_id,
                                                 cloud_vault_id, target_folder, data_filter); with "id": updates
  run IMPORTER|FILE [--target-folder FOLDER] [--wait]   runs it; prints the execution's ID, --wait follows it
  executions [IMPORTER|FILE] [--format text|json]   import executions (of one importer)
  execution EXECUTION [--wait] [--format text|json] one import execution (--wait: until it ends)`;

const IMPORT_OPTIONS = {
  ...SERVICE_FILE_OPTIONS,
  'target-folder': { type: 'string' },
  expires: { type: 'string' },
} as const;

type ImportContext = VerbContextOf<typeof IMPORT_OPTIONS>;

/** `*.iqlconnector.json`: the `config` object of Create Import Connector. */
function connectorFile(): ServiceFileKind {
  return {
    noun: 'import connector',
    schema: objectSchemaOf(operations.createImportConnector.request, 'config'),
    required: [{ path: ['name'], kind: 'string', example: '"name": "Partner SFTP"' }],
  };
}

/** `*.iqlimporter.json`: the `import` object of Create Importer. */
function importerFile(): ServiceFileKind {
  return {
    noun: 'importer',
    schema: objectSchemaOf(operations.createImporter.request, 'import'),
    required: [
      { path: ['name'], kind: 'string', example: '"name": "Daily customers"' },
      { path: ['icc_id'], kind: 'string', example: '"icc_id": "ICC.1" (the connector\'s ID: iql import connectors)' },
      { path: ['cloud_vault_id'], kind: 'string', example: '"cloud_vault_id": "VLT.1" (iql vault list)' },
    ],
  };
}

async function connectorOf(context: ImportContext): Promise<string> {
  const given = argument(context, 0, "the connector's ID or its *.iqlconnector.json file", 'ICC.1');
  return idFromArgument(given, `save the connector first with 'iql import save-connector ${given} --write-id'`);
}

async function importerOf(context: ImportContext, given = argument(context, 0, "the importer's ID or its *.iqlimporter.json file", 'IMP.1')): Promise<string> {
  return idFromArgument(given, `save the importer first with 'iql import save-importer ${given} --write-id'`);
}

const VERBS: Readonly<Record<string, Verb<ImportContext['options']>>> = {
  connectors: async (context) =>
    listVerb(context, 'listImportConnectors', {}, {
      empty: 'Your company has no import connector.',
      header: ['ID', 'Name', 'Type', 'GPG', 'Created'],
      row: (item) => [item.id ?? '', item.name ?? '', item.connector_type ?? '', item.is_gpg === true ? 'yes' : 'no', item.created_date_time ?? ''],
    }),
  connector: async (context) => {
    const id = await connectorOf(context);
    return show(context, (call) => context.client.call('getImportConnector', { params: { config_id: id } }, call), (value) => {
      const config = value.config ?? {};
      const blocks = (['sftp_connector', 's3_connector', 'gcs_connector'] as const).filter((block) => config[block] !== undefined);
      return [
        `${config.id ?? id}  ${config.name ?? ''}  (${config.connector_type ?? 'unknown type'})`,
        ...(config.description ? [config.description] : []),
        ...blocks.map((block) => `${block}: ${JSON.stringify(config[block])}`),
        ...(config.is_gpg === true ? [`GPG: yes${config.gpg?.expiration_datetime ? `, key expires ${config.gpg.expiration_datetime}` : ''}`] : []),
      ];
    });
  },
  'save-connector': async (context) => {
    const file = await readServiceFile(argument(context, 0, 'a *.iqlconnector.json file', 'partner.iqlconnector.json'), connectorFile());
    const { body, secrets } = fillSecrets(file.path, file.text, file.body, context.io.env ?? process.env);
    // Whatever the service answers (a refusal may quote the body), the secrets stay hidden.
    const hiding = { ...context, io: redactingIo(context.io, secrets) };
    return saveServiceFile(hiding, file, {
      create: (call) => context.client.call('createImportConnector', { body: { config: body } }, call),
      createdId: (value) => value.config_id,
      update: (id, call) => context.client.call('updateImportConnector', { params: { config_id: id }, body }, call),
    });
  },
  'delete-connector': async (context) => {
    const id = await connectorOf(context);
    return deleteWithYes(context, id, 'deletes the import connector config', (call) => context.client.call('deleteImportConnector', { params: { config_id: id } }, call));
  },
  'refresh-gpg': async (context) => {
    const id = await connectorOf(context);
    const body = context.options.expires === undefined ? {} : { gpg_key_expiration: { expiration_datetime: context.options.expires } };
    return show(context, (call) => context.client.call('refreshImportConnectorGpgKeys', { params: { config_id: id }, body }, call), (value) => [
      value.public_key ?? '',
      `Files must now be encrypted with this public key.`,
    ]);
  },
  'host-key': async (context) => {
    const host = argument(context, 0, 'the host and port', 'sftp.example.com 22');
    const port = argument(context, 1, 'the port after the host', `${host} 22`);
    return show(context, (call) => context.client.call('getServerHostKey', { params: { host, port } }, call), (value) => [value.host_key ?? '']);
  },
  importers: async (context) =>
    listVerb(context, 'listImporters', {}, {
      empty: 'Your company has no importer.',
      header: ['ID', 'Name', 'Connector', 'Vault', 'Target folder'],
      row: (item) => [item.id ?? '', item.name ?? '', item.icc_id ?? '', item.cloud_vault_id ?? '', item.target_folder ?? ''],
    }),
  importer: async (context) => {
    const id = await importerOf(context);
    return show(context, (call) => context.client.call('getImporter', { params: { import_id: id } }, call), (value) => {
      const item = value.import ?? {};
      return [
        `${item.id ?? id}  ${item.name ?? ''}`,
        ...(item.description ? [item.description] : []),
        `Connector: ${item.icc_id ?? 'none'}`,
        `Vault: ${item.cloud_vault_id ?? 'none'}, folder ${item.target_folder ?? '(root)'}`,
        ...(item.data_filter?.filter && item.data_filter.filter.length > 0 ? [`Files: ${item.data_filter.filter.join(', ')}`] : []),
      ];
    });
  },
  'save-importer': async (context) => {
    const file = await readServiceFile(argument(context, 0, 'a *.iqlimporter.json file', 'daily.iqlimporter.json'), importerFile());
    return saveServiceFile(context, file, {
      create: (call) => context.client.call('createImporter', { body: { import: file.body } }, call),
      createdId: (value) => value.import_id,
      update: (id, call) => context.client.call('updateImporter', { params: { import_id: id }, body: file.body }, call),
    });
  },
  run: async (context) => {
    const id = await importerOf(context);
    const folder = context.options['target-folder'];
    const started = await context.client.call('executeImport', { params: { import_id: id }, ...(folder !== undefined ? { query: { target_folder: folder } } : {}) }, callOptions(context.io));
    return startedExecution(context, 'import', started);
  },
  executions: async (context) => {
    const given = context.args[0];
    const importer = given === undefined ? undefined : await importerOf(context, given);
    return listVerb(context, 'listImportExecutions', {}, {
      empty: importer === undefined ? 'No import execution yet.' : `No execution of ${importer} yet.`,
      header: ['Execution', 'Importer', 'Vault', 'Status', 'Done', 'Created'],
      row: (item) => [item.id ?? '', item.import_id ?? '', item.cloud_vault_id ?? '', readableStatus(item.current_status), percent(item.progress), item.created_date_time ?? ''],
      keep: (item) => importer === undefined || item.import_id === importer,
    });
  },
  execution: async (context) => showExecution(context, 'import', argument(context, 0, "the execution's ID", 'IEX.1')),
};

export async function runImportCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'import', usage: IMPORT_USAGE, options: IMPORT_OPTIONS, verbs: VERBS }, args, io);
}
