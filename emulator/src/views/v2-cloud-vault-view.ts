/**
 * Cloud vaults and their files as API 2.0 shows them (seed 002 §2.2; the swagger's
 * CloudVaults.CloudVault and Files.File). A file's `size` is an int64, written as a decimal
 * string; its `metadata.origin` says which task wrote it (IMPORT and the import execution's
 * ID, RECORDSET_CREATION, …). The recordsets' own files (under `Recordsets/`) are of resource
 * type RECORDSET, every other file FILE.
 */
import { wireInstant } from '../state/emulator-clock';
import type { VaultRecord } from '../supply/supply-records';
import { RECORDSETS_FOLDER } from '../supply/vault-storage';
import type { VaultFileEntry } from '../supply/vault-storage';

export function toCloudVault(vault: VaultRecord): Record<string, unknown> {
  return {
    created_by: vault.createdBy,
    created_date_time: wireInstant(vault.createdAt),
    description: vault.description,
    id: vault.id,
    name: vault.name,
    owner_id: vault.companyId,
    region: vault.region,
    updated_date_time: wireInstant(vault.updatedAt),
  };
}

export function toVaultFile(file: VaultFileEntry): Record<string, unknown> {
  const origin = file.origin === undefined
    ? {}
    : { origin: { properties: { ...file.origin.properties }, task_id: file.origin.taskId, task_type: file.origin.taskType } };
  return {
    created_date_time: wireInstant(file.createdAt),
    metadata: {
      ...origin,
      resource_type: file.name.startsWith(`${RECORDSETS_FOLDER}/`) ? 'RECORDSET' : 'FILE',
      updated_date_time: wireInstant(file.updatedAt),
    },
    name: file.name,
    size: String(file.size),
  };
}
