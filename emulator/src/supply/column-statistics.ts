/**
 * Counting a recordset column's statistics (seed 002 §2.8: cell, null, invalid and value
 * counts) while its rows stream past, in bounded memory: the distinct values behind
 * `value_count` are kept exactly up to DISTINCT_VALUE_CAP per column; past it, counting stops
 * and the count says "at least the cap" (emulator/README.md), so a 1 GB file of unique
 * values costs a few megabytes per column, not its size. A recordset read with a
 * `secondary_delimiter` holds several values in one cell: each counts as a value.
 */
import type { ColumnStatistics } from './supply-records';

/** Distinct values counted exactly per column; beyond it `value_count` stays at the cap. */
export const DISTINCT_VALUE_CAP = 50_000;

export class ColumnStatisticsCounter {
  /** `secondaryDelimiter`: the character that separates the values of one cell; '' for one value per cell. */
  constructor(private readonly secondaryDelimiter = '') {}

  private cells = 0;
  private nulls = 0;
  private invalids = 0;
  private distinct: Set<string> | undefined = new Set();
  private capped = false;

  /** One cell: `undefined` when the row had no cell for the column, '' when it was empty. */
  add(value: string | undefined): void {
    if (value === undefined) return;
    this.cells++;
    if (value === '') {
      this.nulls++;
      return;
    }
    if (this.distinct === undefined) return;
    if (this.secondaryDelimiter === '') this.distinct.add(value);
    else for (const part of value.split(this.secondaryDelimiter)) this.distinct.add(part);
    if (this.distinct.size >= DISTINCT_VALUE_CAP) {
      // The set is dropped: the count is a lower bound from here on.
      this.distinct = undefined;
      this.capped = true;
    }
  }

  /** A cell whose value did not read as the column's data type (written empty). */
  addInvalid(): void {
    this.cells++;
    this.invalids++;
  }

  get result(): ColumnStatistics {
    return {
      cellCount: this.cells,
      nullCount: this.nulls,
      invalidCount: this.invalids,
      valueCount: this.capped ? DISTINCT_VALUE_CAP : (this.distinct?.size ?? 0),
    };
  }
}
