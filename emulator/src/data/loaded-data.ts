/**
 * What a loaded data folder looks like in memory. The HTTP layer and the query engine read
 * these structures; nothing mutates them after loading.
 *
 * Columns are stored per column, not per row: 1,000,000 records fit in a few hundred
 * megabytes this way, and the engine scans one column at a time anyway.
 */
import type { Catalog, CatalogDataset } from './catalog-schema';

/** A catalog dataset whose `dataset_id` has been filled in (given or derived). */
export type ResolvedDataset = CatalogDataset & { readonly dataset_id: string };

/** The catalog after loading: every dataset carries its `dataset_id`. */
export type ResolvedCatalog = Omit<Catalog, 'datasets'> & { readonly datasets: readonly ResolvedDataset[] };

/**
 * One CSV column of a dataset, dictionary-encoded: each distinct non-empty cell text is
 * stored once and every row holds a 32-bit code into the dictionary. A million rows cost
 * 4 MB per column plus the distinct texts. The shape is the query engine's `TableColumn`
 * (engine/model.ts), so the engine reads these columns without a copy.
 */
export interface DatasetColumn {
  /** The column's name in the CSV header (a key label, a category label or an output column). */
  readonly name: string;
  /** Per row (0 = the first data row): index into `dictionary`, or -1 for an empty cell. */
  readonly codes: Int32Array;
  /** Distinct non-empty cell texts, in order of first appearance. */
  readonly dictionary: readonly string[];
  /** Per dictionary entry: the number it spells, or NaN when it is not a plain number. */
  numbers(): Float64Array;
  /** Per dictionary entry: how many rows hold it. */
  codeCounts(): Int32Array;
}

/** One dataset: its catalog entry and its records. */
export interface LoadedDataset {
  readonly meta: ResolvedDataset;
  /** Number of records (data rows of the CSV). */
  readonly rowCount: number;
  /** Every column the catalog names for this dataset (keys, categories, output columns). */
  readonly columns: ReadonlyMap<string, DatasetColumn>;
}

/** A whole data folder, ready to serve. */
export interface EmulatorData {
  readonly catalog: ResolvedCatalog;
  /** By private ID. */
  readonly datasets: ReadonlyMap<string, LoadedDataset>;
}
