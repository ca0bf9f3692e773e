/**
 * The work of a recordset creation execution (seed 002 §2.8, §4.8): the vault files it names
 * (a folder stands for its files, its subfolders' too with `include_subfolders`; no path at all
 * for every file of the vault outside `Recordsets/`) are read with the execution's settings,
 * streamed into the recordset's data file, and the recordset appears once all is written,
 * with every column's statistics. A missing file, a file in another format than the others,
 * or files whose columns differ fail the execution with the file's name.
 */
import { stat } from 'node:fs/promises';
import { ColumnStatisticsCounter } from './column-statistics';
import { delimiterText, readCsvTable, readParquetTable } from './read-table-files';
import type { ReadCounts } from './read-table-files';
import type { ExecutionReporter } from './supply-execution';
import { ExecutionFailure } from './supply-execution';
import type { RecordsetExecutionRecord } from './supply-records';
import type { SupplyState } from './supply-state';
import { RECORDSETS_FOLDER, VaultStorage } from './vault-storage';
import type { FileOrigin } from './vault-storage';
import { storeRecordset, writeRecordsetFile } from './write-recordset-file';

/** Rows read between two progress reports. */
const REPORT_EVERY = 10_000;

interface InputFile {
  readonly name: string;
  readonly path: string;
  readonly size: number;
  readonly format: 'CSV' | 'PARQUET';
}

/** The format a file is read in: the settings' file_type, or by its extension under AUTO. */
export function fileFormat(name: string, fileType: 'AUTO' | 'CSV' | 'PARQUET'): 'CSV' | 'PARQUET' {
  if (fileType !== 'AUTO') return fileType;
  return /\.(parquet|pq)$/i.test(name) ? 'PARQUET' : 'CSV';
}

export async function runRecordsetCreation(
  supply: SupplyState, execution: RecordsetExecutionRecord, now: () => number, reporter: ExecutionReporter,
): Promise<string> {
  const files = await inputFiles(supply.storage, execution);
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
  const counts: ReadCounts = { lines: 0, malformed: 0, bytes: 0 };
  let header: string[] | undefined;
  let counters: ColumnStatisticsCounter[] = [];
  let reportedAt = 0;
  const secondary = delimiterText(execution.settings.secondaryDelimiter);
  const report = (): void => {
    execution.linesProcessed = counts.lines;
    execution.malformedLines = counts.malformed;
    execution.totalLines = counts.lines;
    reporter.progress(totalBytes === 0 ? 0 : (counts.bytes / totalBytes) * 100);
  };

  async function* batches(): AsyncGenerator<string[][]> {
    for (const file of files) {
      const table = file.format === 'PARQUET'
        ? readParquetTable(file.path, file.name, counts)
        : readCsvTable(file.path, file.name, execution.settings, counts);
      let first = true;
      for await (const batch of table) {
        if (first) {
          first = false;
          const row = batch[0] ?? [];
          if (header === undefined) {
            header = row;
            counters = row.map(() => new ColumnStatisticsCounter(secondary));
          } else if (row.join('\u0000') !== header.join('\u0000')) {
            throw new ExecutionFailure(`file '${file.name}' has the columns ${row.join(', ')}, not ${header.join(', ')} as '${files[0]?.name ?? ''}'`);
          }
          continue;
        }
        for (const row of batch) {
          for (let index = 0; index < row.length; index++) counters[index]?.add(row[index]);
        }
        if (counts.lines - reportedAt >= REPORT_EVERY) {
          reportedAt = counts.lines;
          report();
        }
        yield batch;
      }
    }
  }

  const origin: FileOrigin = { taskType: 'RECORDSET_CREATION', taskId: execution.id, properties: {} };
  // The header is known once the first file's first batch is read: the writer takes it lazily.
  const generator = batches();
  const first = await generator.next();
  const columns = header ?? [];
  async function* all(): AsyncGenerator<string[][]> {
    if (!first.done) yield first.value;
    yield* generator;
  }
  const written = await writeRecordsetFile(supply.storage, execution.vaultId, execution.recordsetId, now(), origin, columns, all());
  report();
  const recordset = storeRecordset(supply, {
    id: execution.recordsetId,
    companyId: execution.companyId,
    createdBy: execution.createdBy,
    name: execution.recordsetName,
    vaultId: execution.vaultId,
    origin,
    columns: columns.map((name, index) => ({ name, kind: 'raw', isCustom: false, stats: (counters[index] ?? new ColumnStatisticsCounter()).result })),
    malformedLines: counts.malformed,
    fileCount: files.length,
    secondaryDelimiter: secondary,
  }, written, now());
  return `read ${counts.lines} lines of ${files.length} file${files.length === 1 ? '' : 's'} into recordset '${recordset.name}'`
    + ` (${written.recordCount} records, ${counts.malformed} malformed lines skipped)`;
}

/** The files the execution reads, in name order, each checked to exist; all in one format. */
async function inputFiles(storage: VaultStorage, execution: RecordsetExecutionRecord): Promise<InputFile[]> {
  const { vaultId, settings } = execution;
  const wanted = execution.filepaths.length > 0 ? execution.filepaths : [''];
  const found: { name: string; size: number }[] = [];
  for (const written of wanted) {
    const name = VaultStorage.safePath(written) ?? '';
    const info = name === '' ? undefined : await stat(storage.absolutePath(vaultId, name)).catch(() => undefined);
    if (info?.isFile()) {
      found.push({ name, size: info.size });
      continue;
    }
    if (name !== '' && !info?.isDirectory()) throw new ExecutionFailure(`file '${written}' does not exist in cloud vault '${vaultId}'`);
    const inFolder = (await storage.list(vaultId, name)).filter((entry) => {
      const relative = name === '' ? entry.name : entry.name.slice(name.length + 1);
      if (entry.name.startsWith(`${RECORDSETS_FOLDER}/`)) return false;
      return settings.includeSubfolders || !relative.includes('/');
    });
    found.push(...inFolder.map((entry) => ({ name: entry.name, size: entry.size })));
  }
  if (found.length === 0) throw new ExecutionFailure(`no files to read in cloud vault '${vaultId}' at ${wanted.map((path) => `'${path || '/'}'`).join(', ')}`);
  const files = found.map((file) => ({ ...file, path: storage.absolutePath(vaultId, file.name), format: fileFormat(file.name, settings.fileType) }));
  const other = files.find((file) => file.format !== files[0]?.format);
  if (other) {
    throw new ExecutionFailure(`the files of one recordset must be in one format: '${files[0]?.name ?? ''}' is ${files[0]?.format ?? ''}, '${other.name}' is ${other.format}`);
  }
  return files;
}
