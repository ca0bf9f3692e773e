/**
 * Statistics of one column, as the metadata and stats operations report them. Computed once
 * per column and remembered (columns never change after loading).
 */
import type { DatasetColumn } from '../data/dictionary-column';

export interface ValueCount {
  readonly value: string;
  readonly count: number;
}

export interface ColumnStats {
  /** Rows with a value. */
  readonly validCount: number;
  /** Rows without one. */
  readonly nullCount: number;
  readonly distinctCount: number;
  /** Values held by more than one row. */
  readonly duplicatedValues: number;
  /** The most frequent values, most frequent first, ties by value ascending. */
  readonly mostCommon: readonly ValueCount[];
  /** For numeric columns: mean, standard deviation and the 10/25/50/75/90th percentiles. */
  readonly numeric?: { readonly mean: number; readonly deviation: number; readonly percentiles: readonly number[] };
}

const cache = new WeakMap<DatasetColumn, ColumnStats>();
const valueSets = new WeakMap<DatasetColumn, ReadonlySet<string>>();

const MOST_COMMON = 5;
const PERCENTILES = [0.1, 0.25, 0.5, 0.75, 0.9];

/** The statistics of `column`; `numeric` asks for the numeric ones too. */
export function statsOf(column: DatasetColumn, numeric: boolean): ColumnStats {
  const known = cache.get(column);
  if (known !== undefined && (known.numeric !== undefined || !numeric)) return known;
  const counts = column.codeCounts();
  let validCount = 0;
  let duplicatedValues = 0;
  for (const count of counts) {
    validCount += count;
    if (count > 1) duplicatedValues++;
  }
  const order = Array.from(counts.keys()).sort(
    (a, b) => (counts[b] ?? 0) - (counts[a] ?? 0) || compareText(column.dictionary[a] ?? '', column.dictionary[b] ?? ''),
  );
  const mostCommon = order.slice(0, MOST_COMMON).map((code) => ({ value: column.dictionary[code] ?? '', count: counts[code] ?? 0 }));
  const stats: ColumnStats = {
    validCount,
    nullCount: column.codes.length - validCount,
    distinctCount: column.dictionary.length,
    duplicatedValues,
    mostCommon,
    numeric: numeric ? numericStats(column, counts, validCount) : undefined,
  };
  cache.set(column, stats);
  return stats;
}

function numericStats(column: DatasetColumn, counts: Int32Array, validCount: number): ColumnStats['numeric'] {
  const numbers = column.numbers();
  let sum = 0;
  let squares = 0;
  const entries: { value: number; count: number }[] = [];
  numbers.forEach((value, code) => {
    const count = counts[code] ?? 0;
    if (Number.isNaN(value) || count === 0) return;
    sum += value * count;
    squares += value * value * count;
    entries.push({ value, count });
  });
  if (validCount === 0) return { mean: 0, deviation: 0, percentiles: [] };
  const mean = sum / validCount;
  const deviation = Math.sqrt(Math.max(0, squares / validCount - mean * mean));
  entries.sort((a, b) => a.value - b.value);
  const percentiles = PERCENTILES.map((share) => {
    const rank = share * (validCount - 1);
    let seen = 0;
    for (const entry of entries) {
      seen += entry.count;
      if (seen > rank) return entry.value;
    }
    return entries[entries.length - 1]?.value ?? 0;
  });
  return { mean: round(mean), deviation: round(deviation), percentiles };
}

/** The distinct values of a (key) column, as a set. */
export function valueSetOf(column: DatasetColumn): ReadonlySet<string> {
  let set = valueSets.get(column);
  if (set === undefined) {
    set = new Set(column.dictionary);
    valueSets.set(column, set);
  }
  return set;
}

/** Distinct-value overlap of two key columns: shared values, all values, and values only in `from`. */
export function overlapOf(from: DatasetColumn, to: DatasetColumn): { intersection: number; union: number; exclude: number } {
  const target = valueSetOf(to);
  let intersection = 0;
  for (const value of from.dictionary) if (target.has(value)) intersection++;
  return {
    intersection,
    union: from.dictionary.length + to.dictionary.length - intersection,
    exclude: from.dictionary.length - intersection,
  };
}

/** Code-unit order, the same on every machine (localeCompare is not). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Six significant decimals: enough for people, and stable across platforms. */
export function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
