/**
 * The work of Publish (seed 002 §2.7, §3): a prepared recordset becomes its dataset's data.
 * The CSV is read by the folder loader's own reader (data/read-dataset-csv.ts), so a
 * published dataset is built exactly like a folder's (dictionary columns, numeric checks),
 * and its catalog entry carries the keys, the global schema's category definitions, the
 * export columns as output columns and the prepare config's thresholds. The dataset set of
 * the server changes only once the whole file has been read (PublishedDatasets.put): a
 * failed publish leaves the dataset as it was, and a new publish replaces it whole.
 */
import { createReadStream } from 'node:fs';
import type { CatalogCategory, DataType } from '../data/catalog-schema';
import { DATA_TYPES } from '../data/catalog-schema';
import type { EmulatorData, LoadedDataset, ResolvedDataset } from '../data/loaded-data';
import { readDatasetCsv } from '../data/read-dataset-csv';
import { PublishedDatasets } from '../state/published-datasets';
import { globalSchemaOf } from './global-schema';
import type { PublishConfig } from './publish-config';
import { ExecutionFailure } from './supply-execution';
import type { PrepareRecord, RecordsetColumnRecord, RecordsetRecord, SupplyDatasetRecord } from './supply-records';
import type { SupplyState } from './supply-state';
import { recordsetDataPath } from './vault-storage';

/** The datasets types whose output columns activation queries may export. */
const ACTIVATION_TYPES: ReadonlySet<string> = new Set(['DATASET_TYPE_IDENTITY', 'DATASET_TYPE_UNIFIED']);

/** The catalog entry of a data-supply dataset, its columns those of `columns` (none before a publish). */
export function supplyDatasetMeta(
  data: EmulatorData,
  record: SupplyDatasetRecord,
  columns: readonly RecordsetColumnRecord[] = [],
  config?: PublishConfig,
): ResolvedDataset {
  return {
    private_id: record.privateId,
    dataset_id: record.datasetId,
    public_name: record.publicName,
    description: record.description,
    owner_company_id: record.companyId,
    activation: ACTIVATION_TYPES.has(record.datasetType),
    redaction_threshold: config?.redactionThreshold ?? 0,
    rounding_threshold: config?.roundingThreshold ?? 0,
    keys: columns.filter((column) => column.kind === 'key').map((column) => column.name),
    output_columns: columns.filter((column) => column.kind === 'export').map((column) => column.name),
    categories: columns.filter((column) => column.kind === 'attribute').map((column) => categoryOf(data, column)),
    file: recordsetDataPath(record.published?.recordsetId ?? ''),
  };
}

/**
 * A category of the global schema keeps its definition (data type, representations) under
 * the column's name; a custom one is a single plain representation of its data type.
 */
function categoryOf(data: EmulatorData, column: RecordsetColumnRecord): CatalogCategory {
  const global = column.isCustom ? undefined : globalSchemaOf(data).categoryByName(column.categoryName ?? column.name);
  if (global) return { ...global.definition, label: column.name };
  const dataType = (DATA_TYPES as readonly string[]).includes(column.dataType ?? '') ? (column.dataType as DataType) : 'STRINGS';
  return { label: column.name, data_type: dataType, representations: [{ label: column.name }] };
}

export interface PublishInput {
  readonly data: EmulatorData;
  readonly supply: SupplyState;
  readonly prepare: PrepareRecord;
  readonly prepared: RecordsetRecord;
  readonly userId: string;
  readonly now: () => number;
}

/** Reads the prepared rows and makes them the dataset's data; answers the history message. */
export async function publishPrepared(input: PublishInput): Promise<string> {
  const { data, supply, prepare, prepared } = input;
  const record = supply.datasets.get(prepare.datasetId);
  if (!record) throw new ExecutionFailure(`dataset '${prepare.datasetId}' was deleted: create it again and prepare anew`);
  const meta = { ...supplyDatasetMeta(data, record, prepared.columns, prepare.config), file: recordsetDataPath(prepared.id) };
  const path = supply.storage.absolutePath(prepared.vaultId, recordsetDataPath(prepared.id));
  const read = await readDatasetCsv(() => createReadStream(path), `recordset '${prepared.id}'`, meta);
  if (!read.ok) {
    const where = read.problem.line === undefined ? '' : ` (line ${read.problem.line})`;
    throw new ExecutionFailure(`the prepared rows of recordset '${prepared.id}' cannot be published${where}: ${read.problem.message}`);
  }
  // The dataset may have been renamed or deleted while the file was read: publish what it is now.
  const current = supply.datasets.get(prepare.datasetId);
  if (!current) throw new ExecutionFailure(`dataset '${prepare.datasetId}' was deleted while publishing`);
  const dataset: LoadedDataset = {
    meta: { ...read.dataset.meta, private_id: current.privateId, public_name: current.publicName, description: current.description },
    rowCount: read.dataset.rowCount,
    columns: read.dataset.columns,
  };
  PublishedDatasets.of(data).put(dataset);
  current.published = { executionId: prepare.id, recordsetId: prepared.id, at: input.now(), by: input.userId };
  current.updatedAt = input.now();
  return `published ${dataset.rowCount} rows of recordset '${prepared.id}' to dataset '${current.privateId}'`;
}
