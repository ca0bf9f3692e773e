/**
 * `iql dataset <verb>`: the company's datasets (seed 002 §2.1, §4.1) — list, read, create one
 * in a vault for a prepare to publish into, change its names and description, delete it
 * (`--yes`), and the lineage of a published one (the configs of every step that made it).
 */
import type { DatasetV2 } from '../../../common/api';
import { listVerb } from './supply-common';
import { UsageError, type CliIo } from '../io';
import { formatTextTable } from './text-table';
import { argument, COMMON_VERB_OPTIONS, deleteWithYes, required, runVerbCommand, show, type Verb, type VerbContextOf } from './verb-command';

export const DATASET_USAGE = `usage: iql dataset <verb> [options]
  list [--format text|json]                      the datasets your company can see
  get DATASET [--format text|json]               one dataset, its publish details
  create --vault VAULT --private-id ID --public-name NAME [--description TEXT] [--type insight|identity|unified]
                                                 prints the new dataset's ID (private ID: letters and digits,
                                                 up to 17; public name: up to 100 of letters, digits, - _ space)
  update DATASET [--private-id ID] [--public-name NAME] [--description TEXT]
  delete DATASET --yes                           deletes it and its compute
  lineage DATASET [--format text|json]           the vault and configs a published dataset was made with`;

const DATASET_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  vault: { type: 'string' },
  'private-id': { type: 'string' },
  'public-name': { type: 'string' },
  description: { type: 'string' },
  type: { type: 'string' },
} as const;

type DatasetContext = VerbContextOf<typeof DATASET_OPTIONS>;

const TYPES = { insight: 'DATASET_TYPE_INSIGHT', identity: 'DATASET_TYPE_IDENTITY', unified: 'DATASET_TYPE_UNIFIED' } as const;

function datasetOf(context: DatasetContext): string {
  return argument(context, 0, "the dataset's ID", 'DS.1');
}

function typeOf(value: string | undefined): { dataset_type?: (typeof TYPES)[keyof typeof TYPES] } {
  if (value === undefined) return {};
  const type = Object.hasOwn(TYPES, value.toLowerCase()) ? TYPES[value.toLowerCase() as keyof typeof TYPES] : Object.values(TYPES).find((known) => known === value);
  if (type === undefined) throw new UsageError(`--type must be insight, identity or unified, not '${value}'`);
  return { dataset_type: type };
}

/** The fields the options change (create and update). */
function fieldsOf(context: DatasetContext): { private_id?: string; public_name?: string; description?: string } {
  const { options } = context;
  return {
    ...(options['private-id'] !== undefined ? { private_id: options['private-id'] } : {}),
    ...(options['public-name'] !== undefined ? { public_name: options['public-name'] } : {}),
    ...(options.description !== undefined ? { description: options.description } : {}),
  };
}

const VERBS: Readonly<Record<string, Verb<DatasetContext['options']>>> = {
  list: async (context) =>
    listVerb(context, 'listDatasetsV2', {}, {
      empty: 'No dataset.',
      header: ['ID', 'Private ID', 'Public name', 'Type', 'Owner', 'Published'],
      row: (item) => [item.dataset_id, item.private_id ?? '', item.public_name ?? '', typeName(item.dataset_type), item.owner_id ?? '', item.publish_details?.publish_date_time ?? ''],
    }),
  get: async (context) => {
    const id = datasetOf(context);
    return show(context, (call) => context.client.call('getDatasetV2', { params: { dataset_id: id } }, call), (value) => describeDataset(value.dataset));
  },
  create: async (context) => {
    const body = {
      cloud_vault_id: required(context.options.vault, '--vault'),
      private_id: required(context.options['private-id'], '--private-id'),
      public_name: required(context.options['public-name'], '--public-name'),
      ...fieldsOf(context),
      ...typeOf(context.options.type),
    };
    return show(context, (call) => context.client.call('createDataset', { body }, call), (value) => [value.dataset_id ?? '']);
  },
  update: async (context) => {
    const id = datasetOf(context);
    if (context.options.vault !== undefined || context.options.type !== undefined) throw new UsageError("a dataset's vault and type are set at creation");
    const body = fieldsOf(context);
    if (Object.keys(body).length === 0) throw new UsageError('say what to change: --private-id, --public-name or --description');
    return show(context, (call) => context.client.call('updateDataset', { params: { dataset_id: id }, body }, call), () => [`Updated ${id}.`]);
  },
  delete: async (context) => {
    const id = datasetOf(context);
    return deleteWithYes(context, id, 'deletes the dataset and its compute: queries and collaborations lose it', (call) => context.client.call('deleteDataset', { params: { dataset_id: id } }, call));
  },
  lineage: async (context) => {
    const id = datasetOf(context);
    return show(context, (call) => context.client.call('getDatasetLineage', { params: { dataset_id: id } }, call), (value) => [
      `Vault: ${value.cloud_vault_id ?? 'unknown'}`,
      ...formatTextTable(
        ['Import', 'Recordset', 'Normalization', 'Publish'],
        (value.lineage ?? []).map((step) => [step.import?.config_id ?? '', step.recordset_creation?.config_id ?? '', step.normalization?.config_id ?? '', step.publish?.config_id ?? '']),
      ),
    ]);
  },
};

function typeName(type: string | undefined): string {
  return (type ?? '').replace(/^DATASET_TYPE_/, '').toLowerCase();
}

function describeDataset(dataset: DatasetV2): string[] {
  return [
    `${dataset.dataset_id}  ${dataset.private_id ?? ''}  "${dataset.public_name ?? ''}"  (${typeName(dataset.dataset_type) || 'no type'})`,
    ...(dataset.description ? [dataset.description] : []),
    ...(dataset.owner_id ? [`Owner: ${dataset.owner_id}`] : []),
    ...(dataset.publish_details?.publish_date_time
      ? [`Published: ${dataset.publish_details.publish_date_time} from recordset ${dataset.publish_details.recordset_id ?? ''} (execution ${dataset.publish_details.execution_id ?? ''})`]
      : ['Not published yet.']),
  ];
}

export async function runDatasetCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'dataset', usage: DATASET_USAGE, options: DATASET_OPTIONS, verbs: VERBS }, args, io);
}
