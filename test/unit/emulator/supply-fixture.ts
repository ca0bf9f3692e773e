/**
 * An emulator on the tiny folder whose data-supply state tests reach directly, and a
 * normalized recordset made by hand (its record and its CSV, as a normalization leaves them),
 * so the prepare and publish tests do not depend on the earlier stages.
 */
import { writeFile } from 'node:fs/promises';
import { loadDataFolder } from '../../../emulator/src/data/load-data-folder';
import { createEmulatorServer } from '../../../emulator/src/http/emulator-server';
import type { EmulatorServer } from '../../../emulator/src/http/emulator-server';
import type { RecordsetColumnRecord } from '../../../emulator/src/supply/supply-records';
import type { SupplyState } from '../../../emulator/src/supply/supply-state';
import { recordsetDataPath } from '../../../emulator/src/supply/vault-storage';
import { tinyFiles, writeTempFolder } from './tiny-folder';

/** Starts a server on the tiny folder; `base` is its URL. */
export async function startSupplyServer(): Promise<{ emulator: EmulatorServer; base: string }> {
  const folder = await writeTempFolder(tinyFiles());
  const loaded = await loadDataFolder(folder.dir);
  await folder.remove();
  if (!loaded.ok) throw new Error(`tiny folder refused: ${JSON.stringify(loaded.problems)}`);
  const emulator = createEmulatorServer({ data: loaded.data });
  return { emulator, base: (await emulator.listen(0, '127.0.0.1')).url };
}

/** Adds a vault of `companyId` in CLOUDA_EU_WEST_2. */
export function addVault(supply: SupplyState, id: string, companyId: string): void {
  supply.vaults.set(id, { id, companyId, createdBy: 'USR.a', createdAt: 0, updatedAt: 0, name: id, description: '', region: 'CLOUDA_EU_WEST_2' });
}

/** Adds Alpha's recordset `id` in `vaultId`, of origin NORMALIZATION, with `csv` as its data. */
export async function addNormalizedRecordset(supply: SupplyState, vaultId: string, id: string, columns: RecordsetColumnRecord[], csv: string): Promise<void> {
  const origin = { taskType: 'NORMALIZATION', taskId: `NRM.${id}`, properties: {} };
  await writeFile(await supply.storage.prepareWrite(vaultId, recordsetDataPath(id), 0, origin), csv);
  const recordCount = csv.split('\n').filter((line) => line !== '').length - 1;
  supply.recordsets.set(id, {
    id, companyId: 'CMP.a', createdBy: 'USR.a', createdAt: 0, updatedAt: 0, name: id, vaultId, origin, columns, recordCount, malformedLines: 0, fileCount: 1, size: csv.length, locks: [],
  });
}
