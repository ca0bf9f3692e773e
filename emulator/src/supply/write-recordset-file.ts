/**
 * Writes a recordset's data file (`recordsetDataPath(id)`: CSV, header row first) from batches
 * of rows that stream in (record-batches.ts), each batch written as one CSV text by
 * csv-stringify. The next batch is asked for only once the disk has taken the previous one,
 * so memory stays flat whatever the size of the input. The recordset record is added
 * (`storeRecordset`) only once its file is whole.
 */
import { createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { posix } from 'node:path';
import { stringify } from 'csv-stringify/sync';
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
  header: readonly string[], batches: AsyncIterable<readonly (readonly string[])[]>,
): Promise<WrittenRecordset> {
  const path = await storage.prepareWrite(vaultId, recordsetDataPath(recordsetId), at, origin);
  const out = createWriteStream(path);
  let failure: unknown;
  out.on('error', (error) => {
    failure = error;
  });
  let recordCount = 0;
  try {
    await write(out, stringify([header]));
    for await (const batch of batches) {
      if (failure !== undefined) throw failure;
      if (batch.length === 0) continue;
      recordCount += batch.length;
      await write(out, stringify(batch as string[][]));
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    if (failure !== undefined) throw failure;
  } catch (error) {
    out.destroy();
    // A failed task leaves no half-written recordset behind.
    await storage.deleteFolder(vaultId, posix.dirname(recordsetDataPath(recordsetId)));
    throw error;
  }
  return { recordCount, size: (await stat(path)).size };
}

/** Writes `text`, waiting for the disk when the stream's buffer is full. */
async function write(out: NodeJS.WritableStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/** What a finished task knows of the recordset it wrote; the rest comes from the file. */
export type NewRecordset = Omit<RecordsetRecord, 'createdAt' | 'updatedAt' | 'recordCount' | 'size' | 'locks'>;

/** Adds the recordset whose data file was written; it is listed from now on. */
export function storeRecordset(supply: SupplyState, recordset: NewRecordset, written: WrittenRecordset, at: number): RecordsetRecord {
  const record: RecordsetRecord = { ...recordset, createdAt: at, updatedAt: at, recordCount: written.recordCount, size: written.size, locks: [] };
  supply.recordsets.set(record.id, record);
  return record;
}
