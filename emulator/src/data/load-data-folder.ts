/**
 * Loads a data folder (DATA-FORMAT.md): catalog.json, then every dataset's CSV. The public
 * entry points never throw on a bad folder; they answer with the problems found, each naming
 * its file and line.
 */
import { EmptyColumnSets } from './empty-columns';
import type { FolderProblem } from './folder-problem';
import { createDirectorySource } from './folder-source';
import type { FolderSource } from './folder-source';
import type { EmulatorData, LoadedDataset, ResolvedDataset } from './loaded-data';
import { checkCatalogReferences } from './check-catalog-references';
import { readCatalog } from './read-catalog';
import type { CatalogReadResult } from './read-catalog';
import { readCatalogStreamed } from './read-catalog-streamed';
import { readDatasetCsv } from './read-dataset-csv';
import type { DatasetReadResult } from './read-dataset-csv';
import { numberKeyColumns } from './shared-key-codes';
import type { DatasetColumn } from './dictionary-column';

export const CATALOG_FILE = 'catalog.json';

/**
 * Dataset files read at once. Enough to keep the disk and the parser busy; more would only
 * hold more read buffers and file handles (a catalog of 100,000 datasets opened them all).
 */
const FILES_AT_ONCE = 8;

export type DataFolderResult =
  | { readonly ok: true; readonly data: EmulatorData }
  | { readonly ok: false; readonly problems: readonly FolderProblem[] };

/** Loads the data folder at `dir`. */
export function loadDataFolder(dir: string): Promise<DataFolderResult> {
  return loadFolderSource(createDirectorySource(dir));
}

/** Loads a data folder from any source (a directory, or files in memory). */
export async function loadFolderSource(source: FolderSource): Promise<DataFolderResult> {
  const catalog = await loadCatalog(source);
  if (!catalog.ok) return catalog;

  const results = await readDatasetFiles(source, catalog.catalog.datasets);
  const problems = results.flatMap((result) => (result.ok ? [] : [result.problem]));
  if (problems.length > 0) return { ok: false, problems };
  const loaded = results.flatMap((result) => (result.ok ? [result.dataset] : []));
  const datasets = new Map<string, LoadedDataset>();
  for (const dataset of withSharedKeys(loaded)) datasets.set(dataset.meta.private_id, dataset);
  return { ok: true, data: { catalog: catalog.catalog, datasets } };
}

/**
 * The datasets with their key columns numbered together (shared-key-codes.ts), so that the
 * first query of a set of datasets does not number their keys while the caller waits.
 */
function withSharedKeys(loaded: readonly LoadedDataset[]): LoadedDataset[] {
  const columnsByLabel = new Map<string, DatasetColumn[]>();
  for (const dataset of loaded) {
    for (const label of dataset.meta.keys) {
      const column = dataset.columns.get(label);
      if (column === undefined || column.distinctCount === 0) continue;
      const columns = columnsByLabel.get(label) ?? [];
      columns.push(column);
      columnsByLabel.set(label, columns);
    }
  }
  const shared = numberKeyColumns(columnsByLabel);
  if (shared.size === 0) return [...loaded];
  return loaded.map((dataset) => {
    const codes = dataset.meta.keys.flatMap((label) => {
      const column = dataset.columns.get(label);
      const found = column === undefined ? undefined : shared.get(column);
      return found === undefined ? [] : [[label, found] as const];
    });
    return codes.length === 0 ? dataset : { ...dataset, sharedKeys: new Map(codes) };
  });
}

/**
 * catalog.json, streamed (read-catalog-streamed.ts); a catalog that is not sound is read
 * again whole, so that every problem is reported with its line.
 */
async function loadCatalog(source: FolderSource): Promise<CatalogReadResult> {
  const streamed = await readCatalogStreamed(source.openStream(CATALOG_FILE));
  if (streamed !== undefined && checkCatalogReferences(streamed).length === 0) return { ok: true, catalog: streamed };
  const catalogFile = source.describe(CATALOG_FILE);
  let text: string;
  try {
    text = await source.readText(CATALOG_FILE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === 'ENOENT' || code === 'ENOTDIR'
        ? 'not found: a data folder needs a catalog.json (see DATA-FORMAT.md)'
        : `cannot read: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, problems: [{ file: catalogFile, message }] };
  }
  return readCatalog(text, catalogFile);
}

/** Every dataset's file, `FILES_AT_ONCE` at a time; the results in catalog order. */
async function readDatasetFiles(source: FolderSource, datasets: readonly ResolvedDataset[]): Promise<DatasetReadResult[]> {
  const emptyColumns = new EmptyColumnSets();
  const results = new Array<DatasetReadResult>(datasets.length);
  let next = 0;
  const reader = async (): Promise<void> => {
    for (let index = next++; index < datasets.length; index = next++) {
      const meta = datasets[index] as ResolvedDataset;
      results[index] = await readDatasetCsv(() => source.openStream(meta.file), source.describe(meta.file), meta, emptyColumns);
    }
  };
  await Promise.all(Array.from({ length: FILES_AT_ONCE }, reader));
  return results;
}
