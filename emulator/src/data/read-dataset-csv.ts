/**
 * Streams one dataset's CSV into dictionary-encoded columns. The file is never held in
 * memory whole: csv-parse reads it chunk by chunk and each record is copied straight into its
 * columns, so memory grows with the number of distinct values, not with the size of the text.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { CastingContext, Parser } from 'csv-parse';
import { NUMERIC_DATA_TYPES } from './catalog-schema';
import type { DataType } from './catalog-schema';
import { printableText } from '../printable-text';
import { pipeIntoCsvParser } from './csv-record-delimiter';
import { DictionaryColumnBuilder, parsePlainNumber } from './dictionary-column';
import type { DatasetColumn } from './dictionary-column';
import { EmptyColumnSets } from './empty-columns';
import type { FolderProblem } from './folder-problem';
import type { LoadedDataset, ResolvedDataset } from './loaded-data';

export type DatasetReadResult =
  | { readonly ok: true; readonly dataset: LoadedDataset }
  | { readonly ok: false; readonly problem: FolderProblem };

interface ColumnSlot {
  readonly builder: DictionaryColumnBuilder;
  /** Position of the column in each record. */
  readonly index: number;
  /** 'integer' or 'number' for numeric categories: their new values are checked once each. */
  readonly numeric: 'integer' | 'number' | undefined;
}

/** A problem found in a record, before its line is known. */
interface RecordProblem {
  /** 0 = the header record. */
  readonly record: number;
  readonly message: string;
}

const PARSE_OPTIONS = { bom: true, skip_empty_lines: true } as const;

/**
 * Reads the stream `open()` returns (named `file` in problems) as the CSV of `meta`: the
 * header must name every key, category and output column of the dataset, and numeric
 * categories must hold numbers. `open` is called a second time only to find the line of a
 * faulty record (records can span lines inside quotes, so the line is not the record number).
 * Resolves with the first problem found; never rejects. A file without rows gets its columns
 * from `emptyColumns`, shared with every other such dataset of the same columns.
 */
export async function readDatasetCsv(
  open: () => Readable,
  file: string,
  meta: ResolvedDataset,
  emptyColumns: EmptyColumnSets = new EmptyColumnSets(),
): Promise<DatasetReadResult> {
  const outcome = await readRecords(open(), meta, emptyColumns);
  if ('dataset' in outcome) return { ok: true, dataset: outcome.dataset };
  if ('problem' in outcome) return { ok: false, problem: { file, ...outcome.problem } };
  const line = await findRecordLine(open(), outcome.recordProblem.record);
  return { ok: false, problem: { file, line, message: outcome.recordProblem.message } };
}

type ReadOutcome =
  | { readonly dataset: LoadedDataset }
  | { readonly problem: Omit<FolderProblem, 'file'> }
  | { readonly recordProblem: RecordProblem };

function readRecords(input: Readable, meta: ResolvedDataset, emptyColumns: EmptyColumnSets): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    const dataTypes = new Map<string, DataType>(meta.categories.map((category) => [category.label, category.data_type]));
    const shown = new Set([...meta.categories.map((category) => category.label), ...meta.output_columns]);
    const wanted = [...new Set([...meta.keys, ...shown])];
    let slots: ColumnSlot[] | undefined;
    let rowCount = 0;
    let settled = false;
    const finish = (outcome: ReadOutcome): void => {
      if (settled) return;
      settled = true;
      input.destroy();
      resolve(outcome);
    };

    const readHeader = (record: string[]): RecordProblem | undefined => {
      const names = record.map((name) => name.trim());
      const seen = new Set<string>();
      for (const name of names) {
        if (seen.has(name)) return { record: 0, message: `column '${name}' appears twice in the header` };
        seen.add(name);
      }
      const missing = wanted.filter((name) => !seen.has(name));
      if (missing.length > 0) {
        return {
          record: 0,
          message:
            `the header lacks ${missing.map((name) => `'${name}'`).join(', ')}, which catalog.json lists for dataset ` +
            `'${meta.private_id}'; the header has ${names.map((name) => `'${truncate(name)}'`).join(', ')}`,
        };
      }
      slots = wanted.map((name): ColumnSlot => {
        const dataType = dataTypes.get(name);
        const numeric = dataType !== undefined && NUMERIC_DATA_TYPES.has(dataType);
        return {
          // A column that is only a key is matched and counted, never shown: fingerprints suffice.
          builder: new DictionaryColumnBuilder(name, !shown.has(name)),
          index: names.indexOf(name),
          numeric: numeric ? (dataType === 'INTEGERS' ? 'integer' : 'number') : undefined,
        };
      });
      return undefined;
    };

    const readRow = (record: string[], current: readonly ColumnSlot[]): RecordProblem | undefined => {
      for (const slot of current) {
        const cell = record[slot.index];
        const { isNew } = slot.builder.add(cell);
        // A value is checked the first time it appears; later rows only reuse its code.
        if (isNew && slot.numeric !== undefined && cell !== undefined) {
          const value = parsePlainNumber(cell);
          if (Number.isNaN(value) || (slot.numeric === 'integer' && !Number.isInteger(value))) {
            const expected = slot.numeric === 'integer' ? 'an integer' : 'a number';
            return {
              record: rowCount + 1,
              message: `column '${slot.builder.name}' must hold ${expected} or nothing, found '${truncate(cell)}'`,
            };
          }
        }
      }
      rowCount++;
      return undefined;
    };

    const attach = (parser: Parser): void => {
      parser.on('readable', () => {
        let record: unknown;
        while (!settled && (record = parser.read()) !== null) {
          const cells = record as string[];
          const problem = slots === undefined ? readHeader(cells) : readRow(cells, slots);
          if (problem) finish({ recordProblem: problem });
        }
      });
      parser.on('error', (error: Error & { lines?: number }) => {
        finish({ problem: { line: error.lines, message: `malformed CSV: ${error.message}` } });
      });
      parser.on('end', () => {
        if (slots === undefined) {
          finish({ problem: { line: 1, message: 'the file is empty: its first row must name the columns' } });
          return;
        }
        finish({ dataset: buildDataset(meta, rowCount, slots, emptyColumns) });
      });
    };
    input.on('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'ENOENT'
          ? `file not found: create it, or fix the "file" of dataset '${meta.private_id}' in catalog.json`
          : `cannot read the file: ${error.message}`;
      finish({ problem: { message } });
    });
    pipeIntoCsvParser(input, PARSE_OPTIONS, attach);
  });
}

/** The 1-based line on which record number `target` (0 = header) starts. */
function findRecordLine(input: Readable, target: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    let found: number | undefined;
    const parser = parse({
      ...PARSE_OPTIONS,
      // Slow (csv-parse builds a context per record), which is why only this second pass uses it.
      on_record: (record: string[], context: CastingContext) => {
        if (found === undefined && context.records === target + 1) {
          found = context.lines - countLineBreaks(record);
          input.destroy();
        }
        return null;
      },
    });
    const done = (): void => resolve(found);
    parser.on('end', done);
    parser.on('error', done);
    input.on('close', () => setImmediate(done));
    input.pipe(parser);
  });
}

function countLineBreaks(record: readonly string[]): number {
  let count = 0;
  for (const cell of record) for (let i = 0; i < cell.length; i++) if (cell.charCodeAt(i) === 10) count++;
  return count;
}

function buildDataset(meta: ResolvedDataset, rowCount: number, slots: readonly ColumnSlot[], emptyColumns: EmptyColumnSets): LoadedDataset {
  if (rowCount === 0) return { meta, rowCount, columns: emptyColumns.columnsNamed(slots.map((slot) => slot.builder.name)) };
  const columns = new Map<string, DatasetColumn>();
  for (const slot of slots) columns.set(slot.builder.name, slot.builder.finish());
  return { meta, rowCount, columns };
}

function truncate(text: string): string {
  return printableText(text, 40);
}
