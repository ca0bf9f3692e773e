/**
 * Bins (LANGUAGE.md §9, "Bins"): how each individual's value of a dimension becomes a bin.
 * The decision is made once per distinct value (dictionary code) and then looked up per
 * individual, so a million individuals cost one array read each.
 */
import type { BinSpec, BoundDimension, BoundQuery } from './bound-query';
import type { Matching } from './matching';
import type { DatasetColumn } from '../data/dictionary-column';

export interface Binning {
  /** The bins in output order: ranges and listed values as written, distinct values ascending. */
  readonly labels: readonly string[];
  /** True for ranges (`"[20, 30)"`), false for single values. */
  readonly continuous: boolean;
  /** Per dictionary code of the column: its bin, or -1 when the value falls in none. */
  readonly binOfCode: Int32Array;
}

/** Formats a numeric value or boundary the way results write it: `20000`, `0.5`, `-3`. */
export function formatNumber(value: number): string {
  return String(value);
}

/** A range label, e.g. `[20, 30)`. */
export function rangeLabel(low: number, high: number): string {
  return `[${formatNumber(low)}, ${formatNumber(high)})`;
}

/** Compares strings by UTF-16 code unit: locale-independent, hence deterministic. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The bins of `spec` over `column` (absent column: no values, no distinct bins). */
export function buildBinning(spec: BinSpec, numeric: boolean, column: DatasetColumn | undefined): Binning {
  const size = column?.distinctCount ?? 0;
  const binOfCode = new Int32Array(size).fill(-1);
  switch (spec.kind) {
    case 'ranges': {
      const bounds = spec.bounds;
      const numbers = column?.numbers() ?? new Float64Array(0);
      for (let code = 0; code < size; code++) binOfCode[code] = findRange(bounds, numbers[code]);
      const labels = bounds.slice(1).map((high, index) => rangeLabel(bounds[index], high));
      return { labels, continuous: true, binOfCode };
    }
    case 'values': {
      const indexOf = new Map(spec.values.map((value, index) => [value, index]));
      for (let code = 0; code < size; code++) binOfCode[code] = indexOf.get(column?.text(code) ?? '') ?? -1;
      return { labels: spec.values, continuous: false, binOfCode };
    }
    case 'distinct':
      return numeric ? distinctNumbers(column, binOfCode) : distinctTexts(column?.texts() ?? [], binOfCode);
  }
}

/** Index i of the range [bounds[i], bounds[i+1]) holding value, or -1 (NaN falls in none). */
function findRange(bounds: readonly number[], value: number): number {
  if (!(value >= bounds[0]) || !(value < bounds[bounds.length - 1])) return -1;
  let low = 0;
  let high = bounds.length - 1;
  // Invariant: bounds[low] <= value < bounds[high].
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (bounds[middle] <= value) low = middle;
    else high = middle;
  }
  return low;
}

/** One bin per distinct number, ascending; `30` and `30.0` are the same value. */
function distinctNumbers(column: DatasetColumn | undefined, binOfCode: Int32Array): Binning {
  const numbers = column?.numbers() ?? new Float64Array(0);
  const distinct = [...new Set(Array.from(numbers).filter((value) => !Number.isNaN(value)))].sort((a, b) => a - b);
  const indexOf = new Map(distinct.map((value, index) => [value, index]));
  for (let code = 0; code < numbers.length; code++) binOfCode[code] = indexOf.get(numbers[code]) ?? -1;
  return { labels: distinct.map(formatNumber), continuous: false, binOfCode };
}

/** One bin per distinct text, ascending by code unit. */
function distinctTexts(dictionary: readonly string[], binOfCode: Int32Array): Binning {
  const order = Array.from(dictionary.keys()).sort((a, b) => compareText(dictionary[a], dictionary[b]));
  order.forEach((code, rank) => {
    binOfCode[code] = rank;
  });
  return { labels: order.map((code) => dictionary[code]), continuous: false, binOfCode };
}

/** The binning of a bound dimension over its dataset's column. */
export function bindDimensionBins(dimension: BoundDimension, query: BoundQuery): Binning {
  const column = query.datasets[dimension.ref.dataset].table.columns.get(dimension.ref.category.label);
  return buildBinning(dimension.bins, dimension.ref.numeric, column);
}

/** Per audience member (in `list` order): its bin in this dimension, or -1. */
export function binsOfMembers(
  dimension: BoundDimension,
  binning: Binning,
  query: BoundQuery,
  matching: Matching,
  list: Int32Array,
): Int32Array {
  const result = new Int32Array(list.length).fill(-1);
  const codes = query.datasets[dimension.ref.dataset].table.columns.get(dimension.ref.category.label)?.codes;
  if (codes === undefined) return result;
  const first = matching.firstRow[dimension.ref.dataset];
  for (let position = 0; position < list.length; position++) {
    const row = first[list[position]];
    if (row < 0) continue;
    const code = codes[row];
    if (code >= 0) result[position] = binning.binOfCode[code];
  }
  return result;
}
