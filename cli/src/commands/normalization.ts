/**
 * `iql normalization <verb>`: mapping a recordset's columns to the global schema (seed 002
 * §2.5, §2.6, §4.5, §4.6) — the schema's categories and keys (the ids a normalization file
 * names), normalization configs saved from `*.iqlnormalization.json` files (an update replaces
 * the whole config), starting a normalization and following it (`--wait`), its executions.
 */
import { operations } from '../../../common/api/operations';
import { collectAllPages } from '../../../service/src';
import { UsageError, type CliIo } from '../io';
import { idFromArgument, readServiceFile, SERVICE_FILE_OPTIONS, type ServiceFileKind } from './service-file';
import { fieldLines, listVerb, objectSchemaOf, percent, saveServiceFile, showExecution, startedExecution } from './supply-common';
import { formatTextTable } from './text-table';
import { argument, callOptions, formatOf, readableStatus, required, runVerbCommand, show, writeJson, writeLines, type Verb, type VerbContextOf } from './verb-command';
import { reportFailure } from './service-session';

export const NORMALIZATION_USAGE = `usage: iql normalization <verb> [options]
  schema [--format text|json]                    the global schema: categories and keys, with the ids a
                                                 normalization file refers to
  configs [--format text|json]                   your normalization configs
  config CONFIG|FILE [--format text|json]        one normalization config
  save FILE [--write-id]                         creates the config a *.iqlnormalization.json file describes
                                                 (name, description, normalizer_config); a FILE with an
                                                 "id" replaces that config with the file's
  run --vault VAULT --input RECORDSET --config CONFIG|FILE --output NAME [--speed SHARDS] [--wait]
                                                 normalizes the recordset into a new one named NAME; prints
                                                 the execution's ID, --wait follows it to the end
  list [--format text|json]                      normalizations, newest first
  execution EXECUTION [--wait] [--format text|json]`;

const NORMALIZATION_OPTIONS = {
  ...SERVICE_FILE_OPTIONS,
  vault: { type: 'string' },
  input: { type: 'string' },
  config: { type: 'string' },
  output: { type: 'string' },
  speed: { type: 'string' },
} as const;

type NormalizationContext = VerbContextOf<typeof NORMALIZATION_OPTIONS>;

/** `*.iqlnormalization.json`: the Create a normalization config body. */
function normalizationFile(): ServiceFileKind {
  return {
    noun: 'normalization config',
    schema: objectSchemaOf(operations.createNormalizationConfig.request),
    required: [{ path: ['name'], kind: 'string', example: '"name": "Customers to global schema"' }],
  };
}

async function configOf(context: NormalizationContext, given = argument(context, 0, "the config's ID or its *.iqlnormalization.json file", 'NMC.1')): Promise<string> {
  return idFromArgument(given, `save the config first with 'iql normalization save ${given} --write-id'`);
}

const VERBS: Readonly<Record<string, Verb<NormalizationContext['options']>>> = {
  schema: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const categories = await collectAllPages(context.client, 'listGlobalSchemaCategories', {}, callOptions(context.io));
    if (!categories.ok) return reportFailure(context.io, context.command, context.target, categories.error);
    const keys = await collectAllPages(context.client, 'listGlobalSchemaKeys', {}, callOptions(context.io));
    if (!keys.ok) return reportFailure(context.io, context.command, context.target, keys.error);
    if (format === 'json') {
      writeJson(context.io, { categories: categories.value, keys: keys.value });
    } else {
      writeLines(context.io, [
        'Keys:',
        ...formatTextTable(['ID', 'Name'], keys.value.map((key) => [String(key.id ?? ''), key.name ?? ''])),
        '',
        'Categories:',
        ...formatTextTable(['ID', 'Name', 'Description'], categories.value.map((category) => [String(category.id ?? ''), category.name ?? '', category.description ?? ''])),
      ]);
    }
    return 0;
  },
  configs: async (context) =>
    listVerb(context, 'listNormalizationConfigs', {}, {
      empty: 'Your company has no normalization config.',
      header: ['ID', 'Name', 'Updated'],
      row: (item) => [item.id ?? '', item.name ?? '', item.updated_date_time ?? ''],
    }),
  config: async (context) => {
    const id = await configOf(context);
    return show(context, (call) => context.client.call('getNormalizationConfig', { params: { config_id: id } }, call), (value) => fieldLines(value.config));
  },
  save: async (context) => {
    const file = await readServiceFile(argument(context, 0, 'a *.iqlnormalization.json file', 'customers.iqlnormalization.json'), normalizationFile());
    const { name, description, normalizer_config: config } = file.body as { name?: string; description?: string; normalizer_config?: Record<string, unknown> };
    return saveServiceFile(context, file, {
      create: (call) => context.client.call('createNormalizationConfig', { body: file.body }, call),
      createdId: (value) => value.id,
      // An update is a full replacement, sent as POST {payload}: the file's fields.
      update: (id, call) =>
        context.client.call('updateNormalizationConfig', { params: { config_id: id }, body: { payload: { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}), ...(config !== undefined ? { config } : {}) } } }, call),
    });
  },
  run: async (context) => {
    const { options } = context;
    const speed = options.speed === undefined ? undefined : Number(options.speed);
    if (speed !== undefined && !(Number.isInteger(speed) && speed > 0)) throw new UsageError(`--speed is a number of shards, a whole number above 0, not '${options.speed}'`);
    const body = {
      cloud_vault_id: required(options.vault, '--vault'),
      input_recordset_id: required(options.input, '--input'),
      normalization_config_id: await configOf(context, required(options.config, '--config')),
      output_recordset_name: required(options.output, '--output'),
      ...(speed !== undefined ? { processing_speed: speed } : {}),
    };
    return startedExecution(context, 'normalization', await context.client.call('startNormalization', { body }, callOptions(context.io)));
  },
  list: async (context) =>
    listVerb(context, 'listNormalizations', {}, {
      empty: 'No normalization yet.',
      header: ['Execution', 'Config', 'Input', 'Output', 'Status', 'Done', 'Created'],
      row: (item) => [item.id ?? '', item.config_id ?? '', item.input_recordset_id ?? '', item.output_recordset_id ?? item.output_recordset_name ?? '', readableStatus(item.current_status), percent(item.progress), item.created_date_time ?? ''],
    }),
  execution: async (context) => showExecution(context, 'normalization', argument(context, 0, "the execution's ID", 'NRM.1')),
};

export async function runNormalizationCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'normalization', usage: NORMALIZATION_USAGE, options: NORMALIZATION_OPTIONS, verbs: VERBS }, args, io);
}
