/**
 * The work of a prepare (seed 002 §2.7): from a normalized recordset, the key, category and
 * export columns its config keeps, written as a new recordset of origin PREPARE. Rows are
 * streamed in batches from one CSV file to the other (csv-parse → csv-stringify), never held
 * whole; an incremental source is merged with what was published before (incremental-prepare.ts).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { parse } from 'csv-parse';
import type { GlobalSchema } from './global-schema';
import type { PublishConfig } from './publish-config';
import { ExecutionFailure } from './supply-execution';
import type { ExecutionReporter } from './supply-execution';
import type { RecordsetColumnRecord, RecordsetRecord } from './supply-records';
import type { SupplyState } from './supply-state';
import { recordBatches } from './record-batches';
import { recordsetDataPath } from './vault-storage';
import { writeRecordsetFile } from './write-recordset-file';
import { IncrementalMerge } from './incremental-prepare';
import type { IncrementalRun, MergeCounts } from './incremental-prepare';

/** The task type of a prepared recordset's origin. */
export const PREPARE_TASK = 'PREPARE';
/** The task type of a normalized recordset's origin: the only recordsets a prepare reads. */
export const NORMALIZATION_TASK = 'NORMALIZATION';

/**
 * The columns of `recordset` that `config` keeps, in the recordset's order. A selected key or
 * category the recordset lacks fails the prepare (the user picked the wrong recordset or
 * config), and so does keeping no key: a dataset without keys cannot be queried.
 */
export function keptColumns(recordset: RecordsetRecord, config: PublishConfig, schema: GlobalSchema): RecordsetColumnRecord[] {
  const columns = recordset.columns;
  const missing = [
    ...config.keySelection
      .filter((id) => !columns.some((column) => column.kind === 'key' && String(column.keyId) === id))
      .map((id) => `key '${schema.keyById(Number(id))?.name ?? id}' (ID ${id})`),
    ...config.categorySelection
      .filter((id) => !columns.some((column) => column.kind === 'attribute' && column.categoryId === id))
      .map((id) => `category '${schema.categories.find((category) => category.id === id)?.name ?? id}' (ID ${id})`),
    ...config.exportColumnSelection
      .filter((name) => !columns.some((column) => column.kind === 'export' && column.name === name))
      .map((name) => `export column '${name}'`),
  ];
  if (missing.length > 0) {
    throw new ExecutionFailure(`recordset '${recordset.id}' has no column for ${missing.join(', ')}: select columns it has, or prepare another normalized recordset`);
  }
  const kept = columns.filter((column) => {
    if (column.kind === 'key') return config.allKeys || config.keySelection.includes(String(column.keyId));
    if (column.kind === 'attribute') return config.allCategories || (column.categoryId !== undefined && config.categorySelection.includes(column.categoryId));
    if (column.kind === 'export') return config.allExportColumns || config.exportColumnSelection.includes(column.name);
    // An incremental source's primary key and TTL go along, for the next incremental run to read.
    return recordset.incremental !== undefined && (column.name === recordset.incremental.primaryKeyColumn || column.name === recordset.incremental.ttlColumn);
  });
  if (!kept.some((column) => column.kind === 'key')) {
    throw new ExecutionFailure(`the prepare keeps no key column of recordset '${recordset.id}': a dataset needs a key to be queried; set all_keys or select keys`);
  }
  return kept;
}

export interface PrepareInput {
  readonly supply: SupplyState;
  readonly prepareId: string;
  readonly source: RecordsetRecord;
  readonly columns: readonly RecordsetColumnRecord[];
  /** The ID and name of the recordset to write. */
  readonly outputId: string;
  readonly outputName: string;
  readonly companyId: string;
  readonly userId: string;
  readonly now: () => number;
  /** For a source with incremental columns: what is carried forward (incremental-prepare.ts). */
  readonly incremental?: IncrementalRun;
}

/** What a prepare wrote: its recordset, and for an incremental run what it kept and dropped. */
export interface PreparedOutput {
  readonly recordset: RecordsetRecord;
  readonly merge?: MergeCounts;
}

/** Writes the prepared recordset and records it in `supply.recordsets`. */
export async function writePreparedRecordset(input: PrepareInput, reporter: ExecutionReporter): Promise<PreparedOutput> {
  const { supply, source } = input;
  const sourcePath = await dataPath(supply, source);
  const total = (await stat(sourcePath)).size;
  const origin = { taskType: PREPARE_TASK, taskId: input.prepareId, properties: { source_recordset_id: source.id } };
  const wanted = input.columns.map((column) => column.name);
  const readSource = (): AsyncGenerator<string[][]> => selectedRows(sourcePath, wanted, source.id, (read) => reporter.progress(total === 0 ? 99 : (read / total) * 99));
  let rows: AsyncIterable<string[][]> = readSource();
  let merge: IncrementalMerge | undefined;
  if (input.incremental !== undefined && source.incremental !== undefined) {
    const previous = input.incremental.previous;
    const readPrevious = previous === undefined ? undefined : selectedRows(await dataPath(supply, previous), wanted, previous.id, () => undefined);
    merge = new IncrementalMerge(wanted, source.incremental, input.incremental, source.secondaryDelimiter ?? '');
    rows = merge.rows(readSource, readPrevious);
  }
  let written;
  try {
    written = await writeRecordsetFile(supply.storage, source.vaultId, input.outputId, input.now(), origin, wanted, rows);
  } catch (error) {
    if (error instanceof ExecutionFailure) throw error;
    throw new ExecutionFailure(`the data file of recordset '${source.id}' cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const now = input.now();
  const record: RecordsetRecord = {
    id: input.outputId,
    companyId: input.companyId,
    createdBy: input.userId,
    createdAt: now,
    updatedAt: now,
    name: input.outputName,
    vaultId: source.vaultId,
    origin,
    // Without a merge the rows are the source's, so each kept column's statistics are the source's too.
    columns: merge ? input.columns.map((column, index) => ({ ...column, stats: merge.statistics(index) })) : input.columns,
    recordCount: written.recordCount,
    malformedLines: 0,
    fileCount: 1,
    size: written.size,
    ...(source.secondaryDelimiter ? { secondaryDelimiter: source.secondaryDelimiter } : {}),
    ...(source.incremental ? { incremental: source.incremental } : {}),
    locks: [],
  };
  supply.recordsets.set(record.id, record);
  return { recordset: record, ...(merge ? { merge: merge.counts } : {}) };
}

async function dataPath(supply: SupplyState, recordset: RecordsetRecord): Promise<string> {
  const path = supply.storage.absolutePath(recordset.vaultId, recordsetDataPath(recordset.id));
  if ((await stat(path).catch(() => undefined)) === undefined) {
    throw new ExecutionFailure(`the data of recordset '${recordset.id}' is gone from vault '${recordset.vaultId}': normalize again`);
  }
  return path;
}

/** The rows of a recordset's data file, each with the `wanted` columns in that order, in batches. */
async function* selectedRows(path: string, wanted: readonly string[], recordsetId: string, onBytes: (read: number) => void): AsyncGenerator<string[][]> {
  let read = 0;
  const reader = createReadStream(path);
  reader.on('data', (chunk) => {
    read += chunk.length;
    onBytes(read);
  });
  const parser = reader.pipe(parse({ bom: true, skip_empty_lines: true, relax_column_count: true }));
  reader.on('error', (error) => parser.destroy(error));
  const records = recordBatches<string[]>(parser);
  try {
    const { indexes, rows } = await columnIndexes(records, wanted, recordsetId);
    const select = (batch: readonly string[][]): string[][] => batch.map((record) => indexes.map((index) => record[index] ?? ''));
    yield select(rows);
    for await (const batch of records) yield select(batch);
  } finally {
    await records.return(undefined);
  }
}

/**
 * Where each wanted column is in the data file, read from its header row (the first record
 * `records` gives); `rows` are the records of that first batch after the header.
 */
async function columnIndexes(
  records: AsyncGenerator<string[][]>, wanted: readonly string[], sourceId: string,
): Promise<{ indexes: number[]; rows: string[][] }> {
  const first = await records.next();
  const header = first.done ? undefined : first.value[0];
  if (header === undefined) throw new ExecutionFailure(`the data file of recordset '${sourceId}' is empty: it has no header row`);
  const names = header.map((name) => name.trim());
  const indexes = wanted.map((name) => names.indexOf(name));
  const absent = wanted.filter((_name, index) => indexes[index] === -1);
  if (absent.length > 0) throw new ExecutionFailure(`the data file of recordset '${sourceId}' has no column ${absent.map((name) => `'${name}'`).join(', ')}`);
  return { indexes, rows: first.value.slice(1) };
}
