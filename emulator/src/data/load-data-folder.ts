/**
 * Loads a data folder (DATA-FORMAT.md): catalog.json, then every dataset's CSV. The public
 * entry points never throw on a bad folder; they answer with the problems found, each naming
 * its file and line.
 */
import type { FolderProblem } from './folder-problem';
import { createDirectorySource } from './folder-source';
import type { FolderSource } from './folder-source';
import type { EmulatorData, LoadedDataset } from './loaded-data';
import { readCatalog } from './read-catalog';
import { readDatasetCsv } from './read-dataset-csv';

export const CATALOG_FILE = 'catalog.json';

export type DataFolderResult =
  | { readonly ok: true; readonly data: EmulatorData }
  | { readonly ok: false; readonly problems: readonly FolderProblem[] };

/** Loads the data folder at `dir`. */
export function loadDataFolder(dir: string): Promise<DataFolderResult> {
  return loadFolderSource(createDirectorySource(dir));
}

/** Loads a data folder from any source (a directory, or files in memory). */
export async function loadFolderSource(source: FolderSource): Promise<DataFolderResult> {
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
  const catalog = readCatalog(text, catalogFile);
  if (!catalog.ok) return catalog;

  const results = await Promise.all(
    catalog.catalog.datasets.map((meta) => readDatasetCsv(() => source.openStream(meta.file), source.describe(meta.file), meta)),
  );
  const problems = results.flatMap((result) => (result.ok ? [] : [result.problem]));
  if (problems.length > 0) return { ok: false, problems };
  const datasets = new Map<string, LoadedDataset>();
  for (const result of results) if (result.ok) datasets.set(result.dataset.meta.private_id, result.dataset);
  return { ok: true, data: { catalog: catalog.catalog, datasets } };
}
