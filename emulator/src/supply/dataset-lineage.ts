/**
 * Get the lineage of a published dataset (seed 002 §2.1): the configs that made its data,
 * found by following the published recordset back through the origins the records keep.
 * The prepare that was published names its prepare config (publish) and the normalized
 * recordset it read; that recordset's origin is a normalization (its config, its input
 * recordset); the input's origin is a recordset execution (its recordset config), whose files
 * carry the import execution that wrote them (the importer is the import's config). One
 * lineage entry per importer that fed the data (one entry when none did); a link that is not
 * known (an embedded prepare config, a recordset read without a config, files uploaded
 * otherwise) is left out of the entry.
 */
import type { GetDatasetLineageResponse } from '../../../common/api';
import type { SupplyDatasetRecord } from './supply-records';
import type { SupplyState } from './supply-state';

const NORMALIZATION = 'NORMALIZATION';
const RECORDSET_CREATION = 'RECORDSET_CREATION';
const IMPORT = 'IMPORT';

type LineageEntry = NonNullable<GetDatasetLineageResponse['lineage']>[number];

export async function datasetLineage(supply: SupplyState, dataset: SupplyDatasetRecord): Promise<GetDatasetLineageResponse> {
  const published = dataset.published;
  // Publish answers the prepare's execution ID, which publish_details keeps.
  const prepare = published === undefined ? undefined : supply.prepares.get(published.executionId);
  const entry: LineageEntry = {};
  if (prepare?.configId !== undefined) entry.publish = { config_id: prepare.configId };
  const normalized = prepare === undefined ? undefined : supply.recordsets.get(prepare.recordsetId);
  const normalization = normalized?.origin.taskType === NORMALIZATION ? supply.normalizations.get(normalized.origin.taskId) : undefined;
  if (normalization) entry.normalization = { config_id: normalization.configId };
  const input = normalization === undefined ? undefined : supply.recordsets.get(normalization.inputRecordsetId);
  const creation = input?.origin.taskType === RECORDSET_CREATION ? supply.recordsetExecutions.get(input.origin.taskId) : undefined;
  if (creation?.configId !== undefined) entry.recordset_creation = { config_id: creation.configId };
  const importers = creation === undefined ? [] : await importersOf(supply, creation.vaultId, creation.filepaths);
  const lineage = importers.length === 0 ? [entry] : importers.map((importerId) => ({ import: { config_id: importerId }, ...entry }));
  return { cloud_vault_id: dataset.vaultId, lineage };
}

/** The importers whose imports wrote these vault files (or files under these folders), in order. */
async function importersOf(supply: SupplyState, vaultId: string, paths: readonly string[]): Promise<string[]> {
  const importers = new Set<string>();
  for (const path of paths) {
    for (const file of await supply.storage.list(vaultId, path.replace(/^\/+|\/+$/g, ''))) {
      if (file.origin?.taskType !== IMPORT) continue;
      const importerId = supply.importExecutions.get(file.origin.taskId)?.importerId;
      if (importerId !== undefined) importers.add(importerId);
    }
  }
  return [...importers];
}
