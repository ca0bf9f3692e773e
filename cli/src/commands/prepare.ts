/**
 * `iql prepare <verb>`: preparing a normalized recordset for a dataset and publishing it
 * (seed 002 §2.7, §4.7) — prepare configs saved from `*.iqlprepare.json` files (which keys,
 * categories and export columns are kept, thresholds; an update replaces them), starting a
 * prepare with a saved config or a file's, publishing a finished prepare, each followed with
 * `--wait`, and the prepares; a saved config's selections are changed one by one by the verbs
 * of prepare-selection.ts.
 */
import { operations } from '../../../common/api/operations';
import { type CliIo } from '../io';
import { SELECTION_OPTIONS, SELECTION_USAGE, selectionVerbs } from './prepare-selection';
import { namesFile, readServiceFile, SERVICE_FILE_OPTIONS, type ServiceFileKind } from './service-file';
import { fieldLines, listVerb, objectSchemaOf, saveServiceFile, showExecution, startedExecution } from './supply-common';
import { argument, callOptions, readableStatus, required, runVerbCommand, show, type Verb, type VerbContextOf } from './verb-command';

export const PREPARE_USAGE = `usage: iql prepare <verb> [options]
  configs [--format text|json]                   your prepare configs
  config CONFIG|FILE [--format text|json]        one prepare config
  save FILE [--write-id]                         creates the config a *.iqlprepare.json file describes
                                                 (name, description, config: all_keys, key_selection,
                                                 category_selection, thresholds, …); a FILE with an "id"
                                                 replaces that config with the file's
  run --vault VAULT --dataset DATASET --recordset RECORDSET --config CONFIG|FILE [--wait]
                                                 prepares the recordset for the dataset (an unsaved FILE's
                                                 config is sent with the prepare); prints the execution's ID
  publish EXECUTION [--wait]                     publishes a completed prepare into its dataset
  list [--format text|json]                      prepares, newest first
  execution EXECUTION [--wait] [--format text|json]
${SELECTION_USAGE}`;

const PREPARE_OPTIONS = {
  ...SERVICE_FILE_OPTIONS,
  vault: { type: 'string' },
  dataset: { type: 'string' },
  recordset: { type: 'string' },
  config: { type: 'string' },
  ...SELECTION_OPTIONS,
} as const;

type PrepareContext = VerbContextOf<typeof PREPARE_OPTIONS>;

/** `*.iqlprepare.json`: the Create prepare config body. */
function prepareFile(): ServiceFileKind {
  return {
    noun: 'prepare config',
    schema: objectSchemaOf(operations.createPrepareConfig.request),
    required: [{ path: ['name'], kind: 'string', example: '"name": "All keys and categories"' }],
  };
}

/** A saved config's ID, or the config of a file never saved (sent embedded). */
async function configOf(given: string): Promise<{ config_id: string } | { config_embedded: Record<string, unknown> }> {
  if (!namesFile(given)) return { config_id: given };
  const file = await readServiceFile(given, prepareFile());
  if (file.id !== undefined) return { config_id: file.id };
  return { config_embedded: (file.body.config as Record<string, unknown> | undefined) ?? {} };
}

const VERBS: Readonly<Record<string, Verb<PrepareContext['options']>>> = {
  configs: async (context) =>
    listVerb(context, 'listPrepareConfigs', {}, {
      empty: 'Your company has no prepare config.',
      header: ['ID', 'Name', 'Updated'],
      row: (item) => [item.id ?? '', item.name ?? '', item.updated_date_time ?? ''],
    }),
  config: async (context) => {
    const given = argument(context, 0, "the config's ID or its *.iqlprepare.json file", 'PRC.1');
    const config = await configOf(given);
    const id = 'config_id' in config ? config.config_id : given;
    return show(context, (call) => context.client.call('getPrepareConfig', { params: { config_id: id } }, call), (value) => fieldLines(value.config));
  },
  save: async (context) => {
    const file = await readServiceFile(argument(context, 0, 'a *.iqlprepare.json file', 'all.iqlprepare.json'), prepareFile());
    return saveServiceFile(context, file, {
      create: (call) => context.client.call('createPrepareConfig', { body: file.body }, call),
      createdId: (value) => value.id,
      update: (id, call) => context.client.call('updatePrepareConfig', { params: { config_id: id }, body: file.body }, call),
    });
  },
  run: async (context) => {
    const { options } = context;
    const body = {
      cloud_vault_id: required(options.vault, '--vault'),
      dataset_id: required(options.dataset, '--dataset'),
      recordset_id: required(options.recordset, '--recordset'),
      ...(await configOf(required(options.config, '--config'))),
    };
    return startedExecution(context, 'prepare', await context.client.call('startPrepare', { body }, callOptions(context.io)));
  },
  publish: async (context) => {
    const id = argument(context, 0, "the prepare's execution ID", 'PRE.1');
    return startedExecution(context, 'publish', await context.client.call('publishPrepare', { params: { execution_id: id } }, callOptions(context.io)));
  },
  list: async (context) =>
    listVerb(context, 'listPrepares', {}, {
      empty: 'No prepare yet.',
      header: ['Execution', 'Dataset', 'Recordset', 'Status', 'Prepare status', 'Created'],
      row: (item) => [item.id ?? '', item.dataset_id ?? '', item.recordset_id ?? '', readableStatus(item.current_status), readableStatus(item.prepare_status), item.created_date_time ?? ''],
    }),
  execution: async (context) => showExecution(context, 'prepare', argument(context, 0, "the execution's ID", 'PRE.1')),
  ...selectionVerbs<PrepareContext['options']>(),
};

export async function runPrepareCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'prepare', usage: PREPARE_USAGE, options: PREPARE_OPTIONS, verbs: VERBS }, args, io);
}
