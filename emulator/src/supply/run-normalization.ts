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
import { planOutputColumns } from './normalizer-config';
import type { ExecutionReporter } from './supply-execution';
import { ExecutionFailure } from './supply-execution';
import type { NormalizationRecord, RecordsetRecord } from './supply-records';
import type { SupplyState } from './supply-state';
import { recordsetDataPath } from './vault-storage';
import type { FileOrigin } from './vault-storage';
import { storeRecordset, writeRecordsetFile } from './write-recordset-file';

const REPORT_EVERY = 10_000;

export async function runNormalization(
  supply: SupplyState, normalization: NormalizationRecord, config: Readonly<Record<string, unknown>>, schema: GlobalSchema,
  now: () => number, reporter: ExecutionReporter,
): Promise<string> {
  const input = supply.recordsets.get(normalization.inputRecordsetId);
  try {
    if (!input) throw new ExecutionFailure(`recordset '${normalization.inputRecordsetId}' was deleted`);
    const plans = planOutputColumns(config, schema, input.columns.map((column) => column.name), input.id);
    const counters = plans.map(() => new ColumnStatisticsCounter());
    let read = 0;
    async function* rows(source: RecordsetRecord): AsyncGenerator<string[]> {
      const parser = createReadStream(supply.storage.absolutePath(source.vaultId, recordsetDataPath(source.id))).pipe(parse({ from_line: 2 }));
      for await (const record of parser as AsyncIterable<string[]>) {
        read++;
        if (read % REPORT_EVERY === 0) reporter.progress((read / Math.max(1, source.recordCount)) * 100);
        yield plans.map((plan, index) => {
          const value = plan.apply(record[plan.inputIndex] ?? '');
          const counter = counters[index] as ColumnStatisticsCounter;
          if (value !== '' && !plan.accepts(value)) {
            counter.addInvalid();
            return '';
          }
          counter.add(value);
          return value;
        });
      }
    }
    const origin: FileOrigin = { taskType: 'NORMALIZATION', taskId: normalization.id, properties: { input_recordset_id: input.id, normalization_config_id: normalization.configId } };
    const written = await writeRecordsetFile(
      supply.storage, normalization.vaultId, normalization.outputRecordsetId, now(), origin, plans.map((plan) => plan.column.name), rows(input),
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
    }, written, now());
    return `normalized ${written.recordCount} records of recordset '${input.name}' into recordset '${output.name}'`;
  } finally {
    if (input) input.locks = input.locks.filter((lock) => lock.taskId !== normalization.id);
  }
}
