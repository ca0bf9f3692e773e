/**
 * An incremental prepare (seed 002 §2.7: a DatasetPublishConfig's `incremental_full_refresh`
 * and `purge_expired_rows_only`, line 85; the seed gives the names only, the swagger their meaning):
 * a source recordset with incremental columns (incremental-columns.ts) adds to the rows last
 * published to the dataset instead of replacing them.
 *
 * - By default the published rows are carried forward: a new row replaces the published row
 *   of the same primary key (the last of several with one key wins), rows of new keys are
 *   added. Swagger: full refresh means "the data from the previous incremental run should
 *   not be carried forward", so not refreshing carries it.
 * - `incremental_full_refresh`: only the new rows (still one per primary key).
 * - `purge_expired_rows_only`: only the published rows; the source's are not read (swagger:
 *   "an expire only incremental run … not expect any subsequent Write calls with a Body").
 *
 * Every incremental run drops the rows expired at the emulator's clock (TTL at or before
 * now) and rows without a primary key (nothing could update or delete them). Carried rows
 * come first, in their published order, then the new ones in the source's order: the same
 * inputs give the same file. Memory holds the new rows' primary keys, not the rows: the
 * source is read twice.
 */
import { ColumnStatisticsCounter } from './column-statistics';
import { expiresAt } from './incremental-columns';
import type { PublishConfig } from './publish-config';
import { ExecutionFailure } from './supply-execution';
import type { ColumnStatistics, IncrementalColumns, RecordsetRecord, SupplyDatasetRecord } from './supply-records';
import type { SupplyState } from './supply-state';

export interface IncrementalRun {
  /** The dataset's published prepared recordset (absent: nothing published yet, or a full refresh). */
  readonly previous?: RecordsetRecord;
  readonly purgeOnly: boolean;
  /** Rows whose expiry is at or before it are dropped (milliseconds since the epoch). */
  readonly now: number;
}

export interface MergeCounts {
  /** Published rows carried into the output. */
  carried: number;
  /** New rows written (a replaced published row counts here, not as carried). */
  added: number;
  /** Rows dropped because they had expired. */
  expired: number;
  /** New rows dropped for an empty primary key, or because a later row had the same key. */
  skipped: number;
  /** The earliest expiry among the rows written; undefined when none expires. */
  nextExpiry?: number;
}

/**
 * What an incremental prepare carries forward, or undefined for a source without incremental
 * columns (its prepare replaces the dataset's rows whole, as a full refresh would). Fails
 * when a purge has nothing to purge, or when the published rows cannot be carried: gone, or
 * of other columns than the prepare keeps.
 */
export function incrementalRunFor(
  supply: SupplyState, datasetId: string, source: RecordsetRecord, config: PublishConfig, keptColumns: readonly string[], now: number,
): IncrementalRun | undefined {
  if (source.incremental === undefined) {
    if (!config.purgeExpiredRowsOnly) return undefined;
    throw new ExecutionFailure(`purge_expired_rows_only: recordset '${source.id}' has no incremental columns, so no row can expire; normalize with a config whose normalization_config.incremental names them`);
  }
  if (config.incrementalFullRefresh) return { purgeOnly: false, now };
  const dataset: SupplyDatasetRecord | undefined = supply.datasets.get(datasetId);
  const publishedId = dataset?.published?.recordsetId;
  if (publishedId === undefined) {
    if (config.purgeExpiredRowsOnly) throw new ExecutionFailure(`purge_expired_rows_only: nothing has been published to dataset '${datasetId}' yet, so there is nothing to purge`);
    return { purgeOnly: false, now };
  }
  const previous = supply.recordsets.get(publishedId);
  if (previous === undefined) {
    throw new ExecutionFailure(`the rows published to dataset '${datasetId}' (recordset '${publishedId}') are gone, so they cannot be carried forward: prepare with incremental_full_refresh`);
  }
  const published = previous.columns.map((column) => column.name);
  if (previous.incremental === undefined || published.join('\n') !== keptColumns.join('\n')) {
    throw new ExecutionFailure(
      `the prepare keeps the columns ${keptColumns.join(', ')}, but dataset '${datasetId}' was published with ${published.join(', ')}: carry nothing forward with incremental_full_refresh, or keep the same columns`,
    );
  }
  return { previous, purgeOnly: config.purgeExpiredRowsOnly, now };
}

type Rows = AsyncIterable<readonly string[][]>;

export class IncrementalMerge {
  readonly counts: MergeCounts = { carried: 0, added: 0, expired: 0, skipped: 0 };
  private readonly keyAt: number;
  private readonly ttlAt: number;
  private readonly counters: ColumnStatisticsCounter[];

  constructor(columns: readonly string[], incremental: IncrementalColumns, private readonly run: IncrementalRun, secondaryDelimiter: string) {
    this.keyAt = columns.indexOf(incremental.primaryKeyColumn);
    this.ttlAt = incremental.ttlColumn === undefined ? -1 : columns.indexOf(incremental.ttlColumn);
    this.counters = columns.map(() => new ColumnStatisticsCounter(secondaryDelimiter));
  }

  /** The statistics of column `index` over the rows written (known once `rows` has been read to the end). */
  statistics(index: number): ColumnStatistics {
    return (this.counters[index] as ColumnStatisticsCounter).result;
  }

  /** The output rows; `readSource` opens the source anew for each of its two reads. */
  async* rows(readSource: () => Rows, previous: Rows | undefined): AsyncGenerator<string[][]> {
    const latest = this.run.purgeOnly ? undefined : await this.latestRows(readSource());
    if (previous !== undefined) {
      for await (const batch of previous) {
        yield this.written(batch.filter((row) => {
          const key = row[this.keyAt] ?? '';
          if (key === '' || latest?.has(key) === true) return false;
          return this.live(row);
        }), 'carried');
      }
    }
    if (latest === undefined) return;
    let position = 0;
    for await (const batch of readSource()) {
      yield this.written(batch.filter((row) => latest.get(row[this.keyAt] ?? '') === position++ && this.live(row)), 'added');
    }
  }

  /** Each primary key's last row position in the source; other rows are counted as skipped. */
  private async latestRows(source: Rows): Promise<Map<string, number>> {
    const latest = new Map<string, number>();
    let position = 0;
    for await (const batch of source) {
      for (const row of batch) {
        const key = row[this.keyAt] ?? '';
        if (key === '') this.counts.skipped++;
        else if (latest.has(key)) this.counts.skipped++;
        latest.set(key, position++);
      }
    }
    latest.delete('');
    return latest;
  }

  private live(row: readonly string[]): boolean {
    const at = this.ttlAt < 0 ? undefined : expiresAt(row[this.ttlAt]);
    if (at !== undefined && at <= this.run.now) {
      this.counts.expired++;
      return false;
    }
    return true;
  }

  private written(rows: string[][], kind: 'carried' | 'added'): string[][] {
    this.counts[kind] += rows.length;
    for (const row of rows) {
      row.forEach((value, index) => (this.counters[index] as ColumnStatisticsCounter).add(value));
      const at = this.ttlAt < 0 ? undefined : expiresAt(row[this.ttlAt]);
      if (at !== undefined && (this.counts.nextExpiry === undefined || at < this.counts.nextExpiry)) this.counts.nextExpiry = at;
    }
    return rows;
  }
}
