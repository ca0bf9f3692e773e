/**
 * The engine's input model: datasets as the query engine sees them. The emulator's data
 * loader builds these from catalog.json and the CSV files; the engine never reads files.
 *
 * Invariant: nothing here is mutated after it is built, so a matching computed for a set of
 * datasets stays valid for as long as the same `DatasetTable` objects are passed in.
 *
 * Columns are the emulator's one column type, `DatasetColumn` (data/dictionary-column.ts):
 * dictionary-encoded, so filters and bins are evaluated once per distinct value.
 */
import type { DatasetRestrictions } from '../../../language/src/rules/index';
import type { DatasetColumn } from '../data/dictionary-column';
import type { SharedKeyCodes } from '../data/shared-key-codes';

/** The service's representation data types (the swagger's `tyraelDataType`). */
export type EngineDataType =
  | 'STRINGS'
  | 'BOOLEANS'
  | 'INTEGERS'
  | 'INTEGER_RANGES'
  | 'STRING_SET'
  | 'INTEGER_SET'
  | 'FLOAT'
  | 'FLOAT_SET'
  | 'TIMESTAMP'
  | 'TIMESTAMP_SET';

/** One way of presenting a category: the raw value, or the value grouped into bins. */
export interface EngineRepresentation {
  readonly label: string;
  /** Numeric bin boundaries b0 < b1 < … making the ranges [b0, b1) … [bn-1, bn). */
  readonly bins?: readonly number[];
  /** The values the owner declared; shown by explain, not used to drop values. */
  readonly possible_values?: readonly string[];
}

export interface EngineCategory {
  /** The category label, which is also the name of its CSV column. */
  readonly label: string;
  readonly data_type: EngineDataType;
  /** The first one is the default representation (used when a query writes no `/name`). */
  readonly representations: readonly EngineRepresentation[];
}

/** One dataset that a query may name. Only datasets visible to the caller are ever passed in. */
export interface EngineDataset {
  /**
   * The name queries use: the private ID (API 1.0) or the collaboration dataset name. Also the
   * name the engine writes into results and plans (`private_id` fields), so that a
   * collaboration query never reveals another company's private ID.
   */
  readonly name: string;
  readonly privateId: string;
  readonly publicName: string;
  /** The 2.0 dataset id, written into `join_metadata`/`count_metadata`; `name` when absent. */
  readonly datasetId?: string;
  /** Labels of the CSV columns holding match keys (`email`, `phone`, …). */
  readonly keys: readonly string[];
  readonly categories: readonly EngineCategory[];
  /** CSV columns an activation query may select. */
  readonly outputColumns: readonly string[];
  /** True for an activation dataset: only those may be exported by activation queries. */
  readonly activation: boolean;
  /** In a collaboration, what it lets members do with the dataset (checked by bind-query.ts). */
  readonly restrictions?: DatasetRestrictions;
  /** Counts below this are redacted; 0 means no redaction. */
  readonly redactionThreshold: number;
  /** Counts are rounded to a multiple of this; 0 or 1 means no rounding. */
  readonly roundingThreshold: number;
  readonly table: DatasetTable;
}

/**
 * The records of one dataset, column by column; row numbers start at 0 (the first data row).
 * The loader's `LoadedDataset` (data/loaded-data.ts) is one as it stands, so the engine reads
 * the loaded columns without a copy.
 */
export interface DatasetTable {
  readonly rowCount: number;
  /** By CSV header name; a column the dataset lacks is absent. */
  readonly columns: ReadonlyMap<string, DatasetColumn>;
  /** By key label: the key column's codes in a numbering shared with other tables, built at load (optional). */
  readonly sharedKeys?: ReadonlyMap<string, SharedKeyCodes>;
}
