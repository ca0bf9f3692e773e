/**
 * Statistics of one column, as the metadata and stats operations report them. Computed once
 * per column and remembered (columns never change after loading).
 */
import type { DatasetColumn } from '../data/dictionary-column';
import { tableOf } from '../data/value-fingerprints';
import type { FingerprintTable } from '../data/value-fingerprints';

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
  /** The most frequent values, most frequent first, ties by value ascending; none for a key-only column (no texts). */
  readonly mostCommon: readonly ValueCount[];
  /** For numeric columns: mean, standard deviation and the 10/25/50/75/90th percentiles. */
  readonly numeric?: { readonly mean: number; readonly deviation: number; readonly percentiles: readonly number[] };
}

const cache = new WeakMap<DatasetColumn, ColumnStats>();
const valueTables = new WeakMap<DatasetColumn, FingerprintTable>();

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
  const mostCommon = column.hasTexts ? mostCommonOf(column, counts) : [];
  const stats: ColumnStats = {
    validCount,
    nullCount: column.codes.length - validCount,
    distinctCount: column.distinctCount,
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

/**
 * The `MOST_COMMON` most frequent values, ties by text: one pass that keeps the best few,
 * not a sort of every value (an export column may hold millions).
 */
function mostCommonOf(column: DatasetColumn, counts: Int32Array): ValueCount[] {
  const best: ValueCount[] = [];
  const before = (a: ValueCount, b: ValueCount): boolean => a.count > b.count || (a.count === b.count && compareText(a.value, b.value) < 0);
  for (let code = 0; code < counts.length; code++) {
    const count = counts[code];
    const last = best[best.length - 1];
    // Most values lose on their count alone: read a text only when it can enter the list.
    if (best.length === MOST_COMMON && last !== undefined && count < last.count) continue;
    const entry = { value: column.text(code), count };
    if (best.length === MOST_COMMON && last !== undefined && !before(entry, last)) continue;
    let at = best.length;
    while (at > 0 && before(entry, best[at - 1])) at--;
    best.splice(at, 0, entry);
    if (best.length > MOST_COMMON) best.pop();
  }
  return best;
}

/** The distinct values of a (key) column, as a table of their fingerprints. */
function valueTableOf(column: DatasetColumn): FingerprintTable {
  let table = valueTables.get(column);
  if (table === undefined) {
    table = tableOf(column.fingerprints());
    valueTables.set(column, table);
  }
  return table;
}

/** Distinct-value overlap of two key columns: shared values, all values, and values only in `from`. */
export function overlapOf(from: DatasetColumn, to: DatasetColumn): { intersection: number; union: number; exclude: number } {
  const target = valueTableOf(to);
  const words = from.fingerprints();
  let intersection = 0;
  for (let code = 0; code < from.distinctCount; code++) if (target.find(words, code) >= 0) intersection++;
  return {
    intersection,
    union: from.distinctCount + to.distinctCount - intersection,
    exclude: from.distinctCount - intersection,
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
