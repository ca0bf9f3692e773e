/**
 * Matching is the expensive step of a query (a pass over every key of every record), and the
 * same few sets of datasets are queried again and again, so it is worth remembering. The
 * cache belongs to its caller (one per loaded data folder); the engine keeps no global state.
 */
import type { Matching } from './matching';
import { computeMatching } from './matching';
import type { DatasetTable, EngineDataset } from './model';

interface CacheEntry {
  readonly tables: readonly DatasetTable[];
  readonly keys: readonly string[];
  readonly matching: Matching;
}

/**
 * Remembers the matchings of the most recently used sets of datasets (least recently used
 * sets are dropped beyond `capacity`). An entry is reused only for the very same tables and
 * keys, so reloaded data is never answered from a stale matching.
 */
export class MatchingCache {
  private readonly entries = new Map<string, CacheEntry>();

  constructor(private readonly capacity = 8) {}

  /** The matching of `datasets`, with its arrays in the order of `datasets`. */
  matchingFor(datasets: readonly EngineDataset[]): Matching {
    const canonical = [...datasets].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const id = canonical.map((dataset) => dataset.name).join('\u0000');
    const keys = canonical.map((dataset) => dataset.keys.join('\u0000'));
    let entry = this.entries.get(id);
    const fresh =
      entry !== undefined &&
      entry.tables.every((table, index) => table === canonical[index].table) &&
      entry.keys.every((key, index) => key === keys[index]);
    if (entry === undefined || !fresh) {
      entry = { tables: canonical.map((dataset) => dataset.table), keys, matching: computeMatching(canonical) };
    }
    // Re-inserting moves the entry to the end: Map iteration order is the recency order.
    this.entries.delete(id);
    this.entries.set(id, entry);
    while (this.entries.size > Math.max(1, this.capacity)) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return reorder(entry.matching, canonical, datasets);
  }
}

function reorder(matching: Matching, canonical: readonly EngineDataset[], wanted: readonly EngineDataset[]): Matching {
  const positions = wanted.map((dataset) => canonical.indexOf(dataset));
  return {
    individualCount: matching.individualCount,
    individualOfRow: positions.map((position) => matching.individualOfRow[position]),
    firstRow: positions.map((position) => matching.firstRow[position]),
  };
}

/** The matching of `datasets`, from `cache` when given. */
export function matchDatasets(datasets: readonly EngineDataset[], cache: MatchingCache | undefined): Matching {
  return cache !== undefined ? cache.matchingFor(datasets) : computeMatching(datasets);
}
