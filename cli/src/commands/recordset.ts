/**
 * `iql recordset <verb>`: recordsets, the tables made of a vault's files (seed 002 §2.8, §4.8)
 * — list and read them and their columns, rename, delete (`--yes`), create one from files with
 * a saved recordset config or a `*.iqlrecordset.json` file (followed with `--wait`), its
 * executions, and the recordset configs saved from such files.
 */
import { operations } from '../../../common/api/operations';
import { UsageError, type CliIo } from '../io';
import { namesFile, readServiceFile, SERVICE_FILE_OPTIONS, type ServiceFileKind } from './service-file';
import { fieldLines, listVerb, objectSchemaOf, percent, saveServiceFile, showExecution, startedExecution } from './supply-common';
import { argument, callOptions, deleteWithYes, readableStatus, required, runVerbCommand, show, type Verb, type VerbContextOf } from './verb-command';

export const RECORDSET_USAGE = `usage: iql recordset <verb> [options]
  list VAULT [--format text|json]                the vault's recordsets
  get VAULT RECORDSET [--format text|json]       one recordset: counts, headers, origin
  columns VAULT RECORDSET [--format text|json]   its columns: key, attribute or raw, statistics
  rename VAULT RECORDSET NAME
  delete VAULT RECORDSET --yes                   deletes it and its data
  create --vault VAULT --name NAME --config CONFIG|FILE [--file PATH]... [--include-subfolders] [--wait]
                                                 makes a recordset of the vault's files (--file: full paths
                                                 from the vault root; none: the whole vault) read as a saved
                                                 config or a *.iqlrecordset.json file says; prints the
                                                 execution's ID, --wait follows it to the end
  executions [--format text|json]                recordset creations, newest first
  execution EXECUTION [--wait] [--format text|json]
  configs [--format text|json]                   your recordset configs
  config CONFIG|FILE [--format text|json]        one recordset config
  save-config FILE [--write-id]                  creates the config a *.iqlrecordset.json file describes
                                                 (name, header_row, primary_delimiter, header_names, …);
                                                 a FILE with an "id" updates it`;

const RECORDSET_OPTIONS = {
  ...SERVICE_FILE_OPTIONS,
  vault: { type: 'string' },
  name: { type: 'string' },
  config: { type: 'string' },
  file: { type: 'string', multiple: true },
  'include-subfolders': { type: 'boolean' },
} as const;

type RecordsetContext = VerbContextOf<typeof RECORDSET_OPTIONS>;

/** `*.iqlrecordset.json`: the Create a Recordset Config body. */
function recordsetConfigFile(): ServiceFileKind {
  return {
    noun: 'recordset config',
    schema: objectSchemaOf(operations.createRecordsetConfig.request),
    required: [
      { path: ['name'], kind: 'string', example: '"name": "Comma separated" (letters, digits, _, - and spaces)' },
      { path: ['primary_delimiter'], kind: 'string', example: '"primary_delimiter": ","' },
    ],
  };
}

/** The fields of a recordset config that also make an execution_config. */
const EXECUTION_CONFIG_FIELDS = ['file_type', 'header_names', 'header_row', 'include_subfolders', 'primary_delimiter', 'secondary_delimiter'];

function pathOf(context: RecordsetContext): { cloud_vault_id: string; recordset_id: string } {
  const vault = argument(context, 0, 'the vault and the recordset', 'VLT.1 RS.1');
  return { cloud_vault_id: vault, recordset_id: argument(context, 1, 'the recordset after the vault', `${vault} RS.1`) };
}

async function configOf(context: RecordsetContext, given = argument(context, 0, "the config's ID or its *.iqlrecordset.json file", 'RSC.1')): Promise<string | { execution_config: Record<string, unknown> }> {
  if (!namesFile(given)) return given;
  const file = await readServiceFile(given, recordsetConfigFile());
  if (file.id !== undefined) return file.id;
  // A file never saved is used as it is, for this recordset only.
  return { execution_config: Object.fromEntries(Object.entries(file.body).filter(([field]) => EXECUTION_CONFIG_FIELDS.includes(field))) };
}

const VERBS: Readonly<Record<string, Verb<RecordsetContext['options']>>> = {
  list: async (context) => {
    const vault = argument(context, 0, "the vault's ID", 'VLT.1');
    return listVerb(context, 'listRecordsets', { params: { cloud_vault_id: vault } }, {
      empty: `${vault} holds no recordset.`,
      header: ['ID', 'Name', 'Records', 'Keys', 'Attributes', 'Raw', 'Publishable', 'Created'],
      row: (item) => [item.id ?? '', item.name ?? '', String(item.record_count ?? ''), String(item.key_column_count ?? ''), String(item.attribute_column_count ?? ''), String(item.raw_column_count ?? ''), item.is_publishable === true ? 'yes' : 'no', item.created_date_time ?? ''],
    });
  },
  get: async (context) => {
    const params = pathOf(context);
    return show(context, (call) => context.client.call('getRecordset', { params }, call), (value) => fieldLines(value.recordset));
  },
  columns: async (context) =>
    listVerb(context, 'listRecordsetColumns', { params: pathOf(context) }, {
      empty: 'The recordset has no column.',
      header: ['Column', 'Kind', 'Maps to', 'Values', 'Nulls', 'Invalid'],
      row: (item) => [
        item.name ?? '',
        item.key_column ? 'key' : item.attribute_column ? 'attribute' : 'raw',
        item.key_column?.name ?? mapsTo(item.attribute_column),
        String(item.statistics?.value_count ?? ''),
        String(item.statistics?.null_count ?? ''),
        String(item.statistics?.invalid_count ?? ''),
      ],
    }),
  rename: async (context) => {
    const params = pathOf(context);
    const name = argument(context, 2, 'the new name', `${params.cloud_vault_id} ${params.recordset_id} "Customers 2026"`);
    return show(context, (call) => context.client.call('renameRecordset', { params, body: { new_name: name } }, call), () => [`Renamed ${params.recordset_id} to ${name}.`]);
  },
  delete: async (context) => {
    const params = pathOf(context);
    return deleteWithYes(context, params.recordset_id, 'deletes the recordset and its data', (call) => context.client.call('deleteRecordset', { params }, call));
  },
  create: async (context) => {
    const { options } = context;
    const vault = required(options.vault, '--vault');
    const name = required(options.name, '--name');
    const config = await configOf(context, required(options.config, '--config'));
    const body = {
      cloud_vault_id: vault,
      recordset_name: name,
      ...(typeof config === 'string' ? { config_id: config } : config),
      ...(options.file !== undefined ? { filepaths: options.file } : {}),
      ...(options['include-subfolders'] === true ? { include_subfolders: true } : {}),
    };
    return startedExecution(context, 'recordset', await context.client.call('createRecordset', { body }, callOptions(context.io)));
  },
  executions: async (context) =>
    listVerb(context, 'listRecordsetExecutions', {}, {
      empty: 'No recordset creation yet.',
      header: ['Execution', 'Vault', 'Recordset', 'Name', 'Status', 'Done', 'Created'],
      row: (item) => [item.id ?? '', item.cloud_vault_id ?? '', item.recordset_id ?? '', item.recordset_name ?? '', readableStatus(item.current_status), percent(item.progress), item.created_date_time ?? ''],
    }),
  execution: async (context) => showExecution(context, 'recordset', argument(context, 0, "the execution's ID", 'RSE.1')),
  configs: async (context) =>
    listVerb(context, 'listRecordsetConfigs', {}, {
      empty: 'Your company has no recordset config.',
      header: ['ID', 'Name', 'Type', 'Header row', 'Delimiter'],
      row: (item) => [item.id ?? '', item.name ?? '', item.file_type ?? '', item.header_row === true ? 'yes' : 'no', item.primary_delimiter ?? ''],
    }),
  config: async (context) => {
    const id = await configOf(context);
    if (typeof id !== 'string') throw new UsageError(`the file has no "id" yet: save it first with 'iql recordset save-config ${context.args[0] ?? 'FILE'} --write-id'`);
    return show(context, (call) => context.client.call('getRecordsetConfig', { params: { config_id: id } }, call), (value) => fieldLines(value.config));
  },
  'save-config': async (context) => {
    const file = await readServiceFile(argument(context, 0, 'a *.iqlrecordset.json file', 'comma.iqlrecordset.json'), recordsetConfigFile());
    return saveServiceFile(context, file, {
      create: (call) => context.client.call('createRecordsetConfig', { body: file.body as never }, call),
      createdId: (value) => value.config_id,
      update: (id, call) => context.client.call('updateRecordsetConfig', { params: { config_id: id }, body: file.body }, call),
    });
  },
};

export async function runRecordsetCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'recordset', usage: RECORDSET_USAGE, options: RECORDSET_OPTIONS, verbs: VERBS }, args, io);
}

/** An attribute column's category, with its representation as IQL names one (`Age/Five Year Bins`) when that is not the category's own name. */
function mapsTo(column: { category_name?: string; representation_name?: string } | undefined): string {
  const category = column?.category_name ?? '';
  const representation = column?.representation_name;
  return representation === undefined || representation === '' || representation === category ? category : `${category}/${representation}`;
}
