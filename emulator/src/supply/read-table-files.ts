/**
 * Reading the files of a recordset creation (seed 002 §2.8) as rows of text cells, streamed in
 * batches: CSV through csv-parse (what its buffer holds at a time, whatever the file's size),
 * Parquet through hyparquet one row group at a time. Each reader yields the header first, as
 * a batch of its own, then batches of rows.
 *
 * A CSV line that cannot be read — bad quoting, or a number of fields other than the
 * header's — is counted in `malformed` and skipped, not fatal (§2.8 `malformed_lines`).
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { recordBatches } from './record-batches';
import type { ReadSettings } from './supply-records';
import { ExecutionFailure } from './supply-execution';

/** What the readers report while they run (shared by every file of one execution). */
export interface ReadCounts {
  /** Data lines read (records, malformed ones included). */
  lines: number;
  malformed: number;
  /** Bytes of input read so far (Parquet: the row groups read). */
  bytes: number;
}

/** The delimiter as written in a config: one character, or the escapes `\t` and `\u0001`-style. */
export function delimiterText(written: string): string {
  if (written === '\\t') return '\t';
  const unicode = /^\\u([0-9A-Fa-f]{4})$/.exec(written);
  return unicode ? String.fromCharCode(parseInt(unicode[1] ?? '0', 16)) : written;
}

/** The rows of one CSV file, its header first (the header row's cells, or `header_names`). */
export async function* readCsvTable(path: string, name: string, settings: ReadSettings, counts: ReadCounts): AsyncGenerator<string[][]> {
  const input = createReadStream(path);
  input.on('data', (chunk) => {
    counts.bytes += chunk.length;
  });
  const parser = parse({
    delimiter: delimiterText(settings.primaryDelimiter || ','),
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    skip_records_with_error: true,
  });
  // Records the parser could not read (bad quoting) are skipped by it and counted here.
  parser.on('skip', () => {
    counts.lines++;
    counts.malformed++;
  });
  input.pipe(parser);
  input.on('error', (error) => parser.destroy(error));
  let header: string[] | undefined = settings.headerNames.length > 0 ? [...settings.headerNames] : undefined;
  let headerPending = settings.headerRow;
  if (header) yield [header];
  for await (const records of recordBatches<string[]>(parser)) {
    const rows: string[][] = [];
    for (const record of records) {
      if (headerPending) {
        headerPending = false;
        if (!header) {
          header = record.map((cell) => cell.trim());
          checkHeader(header, name);
          yield [header];
        }
        continue;
      }
      if (!header) throw new ExecutionFailure(`file ${quoted(name)}: the files have no header row and the config gives no header_names`);
      counts.lines++;
      if (record.length !== header.length) {
        counts.malformed++;
        continue;
      }
      rows.push(record);
    }
    if (rows.length > 0) yield rows;
  }
  if (!header) throw new ExecutionFailure(`file ${quoted(name)} is empty: it has no header row`);
}

/** The rows of one Parquet file, its column names first, read row group by row group. */
export async function* readParquetTable(path: string, name: string, counts: ReadCounts): AsyncGenerator<string[][]> {
  const { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } = await import('hyparquet');
  const file = await asyncBufferFromFile(path);
  let metadata;
  try {
    metadata = await parquetMetadataAsync(file);
  } catch (error) {
    throw new ExecutionFailure(`file ${quoted(name)} is not a Parquet file: ${error instanceof Error ? error.message : String(error)}`);
  }
  const header = parquetSchema(metadata).children.map((child) => child.element.name);
  checkHeader(header, name);
  yield [header];
  let rowStart = 0;
  for (const group of metadata.row_groups) {
    const rowEnd = rowStart + Number(group.num_rows);
    const rows = await parquetReadObjects({ file, metadata, rowStart, rowEnd });
    counts.lines += rows.length;
    counts.bytes += Number(group.total_byte_size);
    yield rows.map((row) => header.map((column) => cellText(row[column])));
    rowStart = rowEnd;
  }
}

/** A Parquet value as the text of a CSV cell. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? String(inner) : inner));
}

function checkHeader(header: readonly string[], name: string): void {
  const seen = new Set<string>();
  for (const column of header) {
    if (column === '') throw new ExecutionFailure(`file ${quoted(name)}: a column of the header has no name`);
    if (seen.has(column)) throw new ExecutionFailure(`file ${quoted(name)}: the header names column ${quoted(column)} twice`);
    seen.add(column);
  }
}

function quoted(text: string): string {
  return `'${text}'`;
}
