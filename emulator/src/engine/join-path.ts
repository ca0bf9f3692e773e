/**
 * The path of joins between two named datasets, as explain and `join_metadata` show it:
 * the shortest chain of datasets in which each neighbour pair shares at least one key label.
 * Matching itself uses every key of every named dataset at once (matching.ts); the path is the
 * human-readable account of how one dataset reaches another, e.g. Retail → IdGraph → Publisher.
 */
import type { BoundQuery } from './bound-query';
import type { EngineDataset } from './model';

export interface JoinHop {
  /** Indexes into the query's datasets. */
  readonly from: number;
  readonly to: number;
  /** The key labels both datasets hold, in the order the `from` dataset lists its keys. */
  readonly keys: readonly string[];
}

/** The key labels `from` and `to` share. */
export function sharedKeys(from: EngineDataset, to: EngineDataset): string[] {
  return [...new Set(from.keys)].filter((key) => to.keys.includes(key));
}

/**
 * The hops from dataset `from` to dataset `to` (indexes into `datasets`): [] when they are
 * the same, undefined when no chain of shared keys connects them. Breadth-first, neighbours
 * in naming order, so the path is deterministic.
 */
export function findJoinPath(datasets: readonly EngineDataset[], from: number, to: number): JoinHop[] | undefined {
  if (from === to) return [];
  const previous = new Int32Array(datasets.length).fill(-1);
  previous[from] = from;
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift() as number;
    for (let next = 0; next < datasets.length; next++) {
      if (previous[next] >= 0 || sharedKeys(datasets[current], datasets[next]).length === 0) continue;
      previous[next] = current;
      if (next === to) return unwind(datasets, previous, from, to);
      queue.push(next);
    }
  }
  return undefined;
}

function unwind(datasets: readonly EngineDataset[], previous: Int32Array, from: number, to: number): JoinHop[] {
  const hops: JoinHop[] = [];
  for (let node = to; node !== from; node = previous[node]) {
    const parent = previous[node];
    hops.unshift({ from: parent, to: node, keys: sharedKeys(datasets[parent], datasets[node]) });
  }
  return hops;
}

/**
 * The dataset on which the aggregation takes place (explain's `plan.private_id`): the
 * dataset of the first dimension or measure; for COUNT() the first dataset of FROM; for an
 * activation query the dataset of its output columns.
 */
export function aggregationDataset(query: BoundQuery): number {
  const selection = query.selection;
  switch (selection.kind) {
    case 'aggregate':
      return selection.dimensions[0].ref.dataset;
    case 'topn':
      return selection.dimension.ref.dataset;
    case 'measures':
      return selection.measures[0].ref.dataset;
    case 'activation':
      return selection.dataset;
    case 'count':
      return query.audienceDatasets[0] ?? 0;
  }
}
