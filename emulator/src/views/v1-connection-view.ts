/**
 * Connections between two datasets (API 1.0): for each key label they share, how their
 * distinct key values overlap. The selected key is the one with the largest intersection.
 */
import type { Connection, ConnectionKey } from '../../../common/api';
import type { LoadedDataset } from '../data/loaded-data';
import { overlapOf, statsOf } from '../stats/column-stats';

/** The key labels both datasets hold, in the order of `from`'s keys. */
export function sharedKeys(from: LoadedDataset, to: LoadedDataset): string[] {
  return from.meta.keys.filter((key) => to.meta.keys.includes(key));
}

/** The connection from `from` to `to` (keys may be empty when they share none). */
export function toV1Connection(from: LoadedDataset, to: LoadedDataset): Connection {
  let best: { name: string; intersection: number } | undefined;
  const keys = sharedKeys(from, to).map((name): ConnectionKey => {
    const fromColumn = from.columns.get(name);
    const toColumn = to.columns.get(name);
    if (!fromColumn || !toColumn) return { name, intersection: '0', duplicates: '0', bad_estimate: false, union: '0', exclude: '0' };
    const overlap = overlapOf(fromColumn, toColumn);
    if (best === undefined || overlap.intersection > best.intersection) best = { name, intersection: overlap.intersection };
    return {
      name,
      intersection: String(overlap.intersection),
      duplicates: String(statsOf(fromColumn, false).duplicatedValues),
      bad_estimate: false,
      union: String(overlap.union),
      exclude: String(overlap.exclude),
      intersection_expansion_count: '0',
      intersection_reduction_count: '0',
    };
  });
  return {
    from_dataset_private_id: from.meta.private_id,
    to_dataset_private_id: to.meta.private_id,
    selected_key_name: best?.name ?? '',
    keys,
  };
}

/** Share of `from`'s distinct values of the best key that `to` also holds (0 to 1). */
export function bestIntersectionShare(from: LoadedDataset, to: LoadedDataset): number {
  let best = 0;
  for (const name of sharedKeys(from, to)) {
    const fromColumn = from.columns.get(name);
    const toColumn = to.columns.get(name);
    if (!fromColumn || !toColumn || fromColumn.distinctCount === 0) continue;
    best = Math.max(best, overlapOf(fromColumn, toColumn).intersection / fromColumn.distinctCount);
  }
  return best;
}
