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

/** One CSV column of a dataset. */
export interface DatasetColumn {
  /** The column's name in the CSV header (a key label, a category label or an output column). */
  readonly name: string;
  /**
   * The cell text of each row, by row number (0 = the first data row). `undefined` is an
   * empty cell ("no value"). Equal values share one string instance, so low-cardinality
   * columns cost one pointer per row.
   */
  readonly values: readonly (string | undefined)[];
  /**
   * Present for categories whose data type is numeric (INTEGERS, FLOAT): the parsed value of
   * each row, NaN for an empty cell. Every non-empty cell of such a column is a valid number
   * (the loader refuses the folder otherwise).
   */
  readonly numbers?: Float64Array;
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
