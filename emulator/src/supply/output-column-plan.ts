/**
 * One column of a normalization's output (normalizer-config.ts, enrichment-plans.ts): what it
 * is, where its cell comes from and what is done to it.
 */
import type { CellFunction } from './normalizer-functions';
import type { RecordsetColumnRecord } from './supply-records';

export interface OutputColumnPlan {
  readonly column: Omit<RecordsetColumnRecord, 'stats'>;
  /** The cell this column starts from in an input row: an input column's, or one an enrichment derives. */
  readonly cell: (record: readonly string[]) => string;
  /** Applied value by value when the cell holds several (the recordset's secondary delimiter). */
  readonly apply: CellFunction;
  /** Whether a non-empty value reads as the column's data type (attribute columns). */
  readonly accepts: (value: string) => boolean;
}
