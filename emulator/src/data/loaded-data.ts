/**
 * What a loaded data folder looks like in memory. The HTTP layer and the query engine read
 * these structures; nothing mutates them after loading, except that each server changes its
 * own copy of `catalog.collaborations` and `catalog.permissions` (state/own-collaborations.ts)
 * and its own copy of the dataset set, `datasets` and `catalog.datasets`, which data supply's
 * Create, Update, Delete and Publish change (state/published-datasets.ts).
 *
 * Columns are stored per column, not per row: 1,000,000 records fit in a few hundred
 * megabytes this way, and the engine scans one column at a time anyway.
 */
import type { Catalog, CatalogDataset } from './catalog-schema';
import type { DatasetColumn } from './dictionary-column';
import type { SharedKeyCodes } from './shared-key-codes';

/** A catalog dataset whose `dataset_id` has been filled in (given or derived). */
export type ResolvedDataset = CatalogDataset & { readonly dataset_id: string };

/** The catalog after loading: every dataset carries its `dataset_id`. */
export type ResolvedCatalog = Omit<Catalog, 'datasets'> & { readonly datasets: readonly ResolvedDataset[] };

/** One dataset: its catalog entry and its records. */
export interface LoadedDataset {
  readonly meta: ResolvedDataset;
  /** Number of records (data rows of the CSV). */
  readonly rowCount: number;
  /** Every column the catalog names for this dataset (keys, categories, output columns). */
  readonly columns: ReadonlyMap<string, DatasetColumn>;
  /**
   * By key label: the key column's codes in the numbering shared with the other datasets of
   * its data folder (shared-key-codes.ts), when the folder's loader built one. A dataset
   * published later has none, and its queries number their keys themselves.
   */
  readonly sharedKeys?: ReadonlyMap<string, SharedKeyCodes>;
}

/** A whole data folder, ready to serve. */
export interface EmulatorData {
  readonly catalog: ResolvedCatalog;
  /** By private ID. */
  readonly datasets: ReadonlyMap<string, LoadedDataset>;
}
