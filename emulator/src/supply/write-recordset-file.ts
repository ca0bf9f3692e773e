/**
 * Writes a recordset's data file (`recordsetDataPath(id)`: CSV, header row first) from rows
 * that stream in, with csv-stringify through a pipeline, so backpressure holds: a row is
 * produced only when the disk has taken the previous ones, and memory stays flat whatever
 * the size of the input. The recordset record is added (`storeRecordset`) only once its file
 * is whole.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { RecordsetRecord } from './supply-records';
import type { SupplyState } from './supply-state';
import type { FileOrigin, VaultStorage } from './vault-storage';
import { recordsetDataPath } from './vault-storage';

export interface WrittenRecordset {
  readonly recordCount: number;
  /** Bytes of the data file. */
  readonly size: number;
}

export async function writeRecordsetFile(
  storage: VaultStorage, vaultId: string, recordsetId: string, at: number, origin: FileOrigin,
  header: readonly string[], rows: AsyncIterable<readonly string[]>,
): Promise<WrittenRecordset> {
  const path = await storage.prepareWrite(vaultId, recordsetDataPath(recordsetId), at, origin);
  let recordCount = 0;
  async function* counted(): AsyncGenerator<readonly string[]> {
    yield header;
    for await (const row of rows) {
      recordCount++;
      yield row;
    }
  }
  try {
    await pipeline(Readable.from(counted()), stringify(), createWriteStream(path));
  } catch (error) {
    // A failed task leaves no half-written recordset behind.
    await storage.deleteFolder(vaultId, posix.dirname(recordsetDataPath(recordsetId)));
    throw error;
  }
  return { recordCount, size: (await stat(path)).size };
}

/** What a finished task knows of the recordset it wrote; the rest comes from the file. */
export type NewRecordset = Omit<RecordsetRecord, 'createdAt' | 'updatedAt' | 'recordCount' | 'size' | 'locks'>;

/** Adds the recordset whose data file was written; it is listed from now on. */
export function storeRecordset(supply: SupplyState, recordset: NewRecordset, written: WrittenRecordset, at: number): RecordsetRecord {
  const record: RecordsetRecord = { ...recordset, createdAt: at, updatedAt: at, recordCount: written.recordCount, size: written.size, locks: [] };
  supply.recordsets.set(record.id, record);
  return record;
}
