/**
 * Who is who (LANGUAGE.md §9, "Individuals"): records of the datasets a query names match
 * when they hold the same non-empty value for a key with the same label; matching is
 * transitive, so individuals are the connected groups of records (union–find).
 *
 * Everything is kept in typed arrays indexed by row and by individual, so one million
 * records cost a few tens of megabytes and no per-record objects.
 */
import { FingerprintTable } from '../data/value-fingerprints';
import type { EngineDataset } from './model';

/** The individuals of one set of datasets. */
export interface Matching {
  /** Individuals are numbered 0 … individualCount-1. */
  readonly individualCount: number;
  /** Per dataset (in the order given): row → individual. */
  readonly individualOfRow: readonly Int32Array[];
  /**
   * Per dataset: individual → that individual's record in the dataset with the lowest row
   * number, or -1 when the individual has no record there. The individual's category values
   * for the dataset are read from this row (§9, "Category value").
   */
  readonly firstRow: readonly Int32Array[];
}

function findRoot(parent: Int32Array, start: number): number {
  let node = start;
  while (parent[node] !== node) {
    parent[node] = parent[parent[node]];
    node = parent[node];
  }
  return node;
}

/** The smaller record number becomes the root, so numbering never depends on union order. */
function unite(parent: Int32Array, a: number, b: number): void {
  const rootA = findRoot(parent, a);
  const rootB = findRoot(parent, b);
  if (rootA < rootB) parent[rootB] = rootA;
  else if (rootB < rootA) parent[rootA] = rootB;
}

/**
 * Matches the records of `datasets`. Records are numbered dataset after dataset, rows in
 * order; individuals are numbered in order of their first record, so the answer depends only
 * on the datasets and their order. Keys missing from a dataset's table are ignored.
 */
export function computeMatching(datasets: readonly EngineDataset[]): Matching {
  const offsets: number[] = [];
  let total = 0;
  for (const dataset of datasets) {
    offsets.push(total);
    total += dataset.table.rowCount;
  }
  const parent = new Int32Array(total);
  for (let record = 0; record < total; record++) parent[record] = record;

  const labels = [...new Set(datasets.flatMap((dataset) => dataset.keys))].sort();
  for (const label of labels) uniteOnKey(label, datasets, offsets, parent);

  const individualOfRecord = new Int32Array(total);
  const numberOfRoot = new Int32Array(total).fill(-1);
  let individualCount = 0;
  for (let record = 0; record < total; record++) {
    const root = findRoot(parent, record);
    // The root is the group's smallest record, so it is numbered before any other member.
    if (numberOfRoot[root] < 0) numberOfRoot[root] = individualCount++;
    individualOfRecord[record] = numberOfRoot[root];
  }

  const individualOfRow: Int32Array[] = [];
  const firstRow: Int32Array[] = [];
  datasets.forEach((dataset, index) => {
    const rows = individualOfRecord.subarray(offsets[index], offsets[index] + dataset.table.rowCount);
    const first = new Int32Array(individualCount).fill(-1);
    for (let row = 0; row < rows.length; row++) {
      const individual = rows[row];
      if (first[individual] < 0) first[individual] = row;
    }
    individualOfRow.push(rows);
    firstRow.push(first);
  });
  return { individualCount, individualOfRow, firstRow };
}

/** Unites every pair of records that share a value of the key `label`. */
function uniteOnKey(label: string, datasets: readonly EngineDataset[], offsets: readonly number[], parent: Int32Array): void {
  const holders: number[] = [];
  datasets.forEach((dataset, index) => {
    // A column without values unites nothing (every code is -1).
    if (dataset.keys.includes(label) && (dataset.table.columns.get(label)?.distinctCount ?? 0) > 0) holders.push(index);
  });
  if (holders.length === 0) return;
  const { remaps, sharedCount } = sharedNumbering(label, holders.map((index) => datasets[index]));
  const holderOfValue = new Int32Array(sharedCount).fill(-1);
  holders.forEach((index, position) => {
    const codes = datasets[index].table.columns.get(label)?.codes ?? new Int32Array(0);
    const remap = remaps[position];
    const offset = offsets[index];
    for (let row = 0; row < codes.length; row++) {
      const code = codes[row];
      if (code < 0) continue;
      const value = remap === undefined ? code : remap[code];
      const holder = holderOfValue[value];
      if (holder < 0) holderOfValue[value] = offset + row;
      else unite(parent, holder, offset + row);
    }
  });
}

interface Numbering {
  /** Per holder: its codes → the shared numbering; undefined when its codes are the numbering. */
  readonly remaps: (Int32Array | undefined)[];
  readonly sharedCount: number;
}

/**
 * Codes are per dataset: each holder's codes mapped to one numbering of values shared by all
 * holders, by fingerprint (a key-only column keeps no texts). One holder needs no mapping: its
 * own codes are the numbering (`remaps` holds undefined), which spares a table of every value.
 * Holders loaded together bring the numbering made at load (data/shared-key-codes.ts).
 */
function sharedNumbering(label: string, holders: readonly EngineDataset[]): Numbering {
  const columns = holders.map((dataset) => dataset.table.columns.get(label));
  if (columns.length === 1) return { remaps: [undefined], sharedCount: columns[0]?.distinctCount ?? 0 };
  const atLoad = numberingAtLoad(label, holders);
  if (atLoad !== undefined) return atLoad;
  const shared = new FingerprintTable(columns.reduce((sum, column) => sum + (column?.distinctCount ?? 0), 0));
  const remaps = columns.map((column) => {
    const words = column?.fingerprints() ?? new Uint32Array(0);
    const remap = new Int32Array(column?.distinctCount ?? 0);
    for (let code = 0; code < remap.length; code++) remap[code] = shared.addWords(words, code);
    return remap;
  });
  return { remaps, sharedCount: shared.count };
}

/**
 * The numbering built at load, when every holder has its codes in the same one, and they hold
 * at least a quarter of its values: the union pass keeps a slot per shared code, which for a
 * few small datasets of a large folder would cost more than numbering them afresh.
 */
function numberingAtLoad(label: string, holders: readonly EngineDataset[]): Numbering | undefined {
  const codes = holders.map((dataset) => {
    const held = dataset.table.sharedKeys?.get(label);
    return held?.column === dataset.table.columns.get(label) ? held : undefined;
  });
  const numbering = codes[0]?.numbering;
  if (numbering === undefined || codes.some((held) => held?.numbering !== numbering)) return undefined;
  const values = holders.reduce((sum, dataset) => sum + (dataset.table.columns.get(label)?.distinctCount ?? 0), 0);
  if (4 * values < numbering.count) return undefined;
  return { remaps: codes.map((held) => held?.remap), sharedCount: numbering.count };
}
