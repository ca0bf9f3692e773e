/**
 * One numbering of a key's values across the loaded datasets that hold the key, built once
 * when a data folder is loaded. A query's matching (engine/matching.ts) must put the values
 * of every dataset it names into one numbering before it can unite their records; done on
 * the first query of a set of datasets, that numbering was most of the query's time (about
 * two thirds of the matching of a 1,000,000-record three-dataset INTERSECT). Built at load,
 * a query reads each column's shared codes instead.
 */
import type { DatasetColumn } from './dictionary-column';
import { FingerprintTable } from './value-fingerprints';

/** The numbering of one key label's values over the columns numbered together. */
export interface KeyNumbering {
  readonly label: string;
  /** Shared codes are 0 … count-1. */
  readonly count: number;
}

/** A key column's place in its label's numbering. */
export interface SharedKeyCodes {
  /** The column numbered (a reader checks it still reads this one). */
  readonly column: DatasetColumn;
  /** Shared codes of two columns compare only when their numbering is the same object. */
  readonly numbering: KeyNumbering;
  /** Column code → shared code; undefined when the two are equal (the column numbered first). */
  readonly remap: Int32Array | undefined;
}

/**
 * Numbers together, label by label, the values of the key columns given (equal fingerprints,
 * equal shared code, as the matching compares them). A label held by a single column with
 * values is left out: its own codes are already the numbering, and a remap would only cost
 * four bytes a value.
 */
export function numberKeyColumns(columnsByLabel: ReadonlyMap<string, readonly DatasetColumn[]>): Map<DatasetColumn, SharedKeyCodes> {
  const shared = new Map<DatasetColumn, SharedKeyCodes>();
  for (const [label, given] of columnsByLabel) {
    const columns = [...new Set(given)].filter((column) => column.distinctCount > 0);
    if (columns.length < 2) continue;
    // The largest column first: its codes usually come out unchanged, so it needs no remap.
    columns.sort((a, b) => b.distinctCount - a.distinctCount);
    const table = new FingerprintTable(columns.reduce((sum, column) => sum + column.distinctCount, 0));
    const remaps = columns.map((column) => {
      const words = column.fingerprints();
      const remap = new Int32Array(column.distinctCount);
      for (let code = 0; code < remap.length; code++) remap[code] = table.addWords(words, code);
      return remap;
    });
    const numbering: KeyNumbering = { label, count: table.count };
    columns.forEach((column, index) => {
      const remap = remaps[index];
      shared.set(column, { column, numbering, remap: isIdentity(remap) ? undefined : remap });
    });
  }
  return shared;
}

function isIdentity(remap: Int32Array): boolean {
  for (let code = 0; code < remap.length; code++) if (remap[code] !== code) return false;
  return true;
}
