/**
 * The work of a normalization execution (seed 002 §2.6, §4.6): the input recordset's data file
 * is streamed through the config's plan (normalizer-config.ts) into the output recordset's
 * file; the output recordset appears once all is written. An attribute value that does not
 * read as its category's data type is counted invalid and written empty. The input recordset
 * is locked while this runs (the route adds the lock; `finally` here removes it).
 */
import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { ColumnStatisticsCounter } from './column-statistics';
import type { GlobalSchema } from './global-schema';
import { incrementalColumnsOf } from './incremental-columns';
import { planOutputColumns } from './normalizer-config';
import { recordBatches } from './record-batches';
import type { ExecutionReporter } from './supply-execution';
import { ExecutionFailure } from './supply-execution';
import type { NormalizationRecord, RecordsetRecord } from './supply-records';
import type { SupplyState } from './supply-state';
import { recordsetDataPath } from './vault-storage';
import type { FileOrigin } from './vault-storage';
import { storeRecordset, writeRecordsetFile } from './write-recordset-file';

const REPORT_EVERY = 10_000;

/** A normalization config's two parts: the normalizer_config it runs, and the deprecated one, read for its `incremental`. */
export interface NormalizationConfigs {
  readonly normalizer: Readonly<Record<string, unknown>>;
  readonly legacy?: Readonly<Record<string, unknown>> | undefined;
}

export async function runNormalization(
  supply: SupplyState, normalization: NormalizationRecord, config: NormalizationConfigs, schema: GlobalSchema,
  now: () => number, reporter: ExecutionReporter,
): Promise<string> {
  const input = supply.recordsets.get(normalization.inputRecordsetId);
  try {
    if (!input) throw new ExecutionFailure(`recordset '${normalization.inputRecordsetId}' was deleted`);
    const plans = planOutputColumns(config.normalizer, schema, input.columns.map((column) => column.name), input.id, config.legacy);
    const incremental = incrementalColumnsOf(plans);
    // A cell of several values (the recordset was read with a secondary_delimiter) is
    // normalized value by value and written back with the same delimiter.
    const secondary = input.secondaryDelimiter ?? '';
    const counters = plans.map(() => new ColumnStatisticsCounter(secondary));
    const eachValue = (cell: string, apply: (value: string) => string): string =>
      secondary === '' || !cell.includes(secondary) ? apply(cell) : cell.split(secondary).map(apply).join(secondary);
    let read = 0;
    let reportedAt = 0;
    const normalize = (record: readonly string[]): string[] => plans.map((plan, index) => {
      const value = eachValue(plan.cell(record), plan.apply);
      const counter = counters[index] as ColumnStatisticsCounter;
      if (value !== '' && !(secondary === '' ? plan.accepts(value) : value.split(secondary).every((part) => part === '' || plan.accepts(part)))) {
        counter.addInvalid();
        return '';
      }
      counter.add(value);
      return value;
    });
    async function* batches(source: RecordsetRecord): AsyncGenerator<string[][]> {
      const file = createReadStream(supply.storage.absolutePath(source.vaultId, recordsetDataPath(source.id)));
      const parser = file.pipe(parse({ from_line: 2 }));
      file.on('error', (error) => parser.destroy(error));
      for await (const records of recordBatches<string[]>(parser)) {
        read += records.length;
        if (read - reportedAt >= REPORT_EVERY) {
          reportedAt = read;
          reporter.progress((read / Math.max(1, source.recordCount)) * 100);
        }
        yield records.map(normalize);
      }
    }
    const origin: FileOrigin = { taskType: 'NORMALIZATION', taskId: normalization.id, properties: { input_recordset_id: input.id, normalization_config_id: normalization.configId } };
    const written = await writeRecordsetFile(
      supply.storage, normalization.vaultId, normalization.outputRecordsetId, now(), origin, plans.map((plan) => plan.column.name), batches(input),
    );
    const output = storeRecordset(supply, {
      id: normalization.outputRecordsetId,
      companyId: normalization.companyId,
      createdBy: normalization.createdBy,
      name: normalization.outputRecordsetName,
      vaultId: normalization.vaultId,
      origin,
      columns: plans.map((plan, index) => ({ ...plan.column, stats: (counters[index] as ColumnStatisticsCounter).result })),
      malformedLines: 0,
      fileCount: 1,
      ...(secondary === '' ? {} : { secondaryDelimiter: secondary }),
      ...(incremental === undefined ? {} : { incremental }),
    }, written, now());
    return `normalized ${written.recordCount} records of recordset '${input.name}' into recordset '${output.name}'`;
  } finally {
    if (input) input.locks = input.locks.filter((lock) => lock.taskId !== normalization.id);
  }
}
