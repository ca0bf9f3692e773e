/**
 * Statistics of one key between two datasets, computed exactly from the data (the service
 * estimates them; the emulator can afford to count).
 */
import type { PlanKey } from '../../../common/api/v1-queries';
import { tableOf } from '../data/value-fingerprints';
import type { EngineDataset } from './model';

/**
 * For key `label` from dataset `from` to dataset `to`:
 * - `overlap`: distinct non-empty key values present in both datasets;
 * - `duplicates`: records beyond the first per overlapping value, on both sides — the extra
 *   rows a join on this key meets;
 * - `from_dataset_size` / `to_dataset_size`: distinct non-empty key values in each dataset.
 * All are decimal strings (int64 on the wire).
 */
export function computeKeyJoinStats(from: EngineDataset, to: EngineDataset, label: string): Required<PlanKey> {
  const fromColumn = from.table.columns.get(label);
  const toColumn = to.table.columns.get(label);
  const fromSize = fromColumn?.distinctCount ?? 0;
  const toSize = toColumn?.distinctCount ?? 0;
  let overlap = 0;
  let duplicates = 0;
  if (fromColumn !== undefined && toColumn !== undefined) {
    // Index the smaller dictionary and walk the larger one.
    const [small, large] = fromSize <= toSize ? [fromColumn, toColumn] : [toColumn, fromColumn];
    // Values are compared by fingerprint: a key-only column keeps no texts.
    const codeInSmall = tableOf(small.fingerprints());
    const smallCounts = small.codeCounts();
    const largeCounts = large.codeCounts();
    const largeWords = large.fingerprints();
    for (let largeCode = 0; largeCode < large.distinctCount; largeCode++) {
      const smallCode = codeInSmall.find(largeWords, largeCode);
      if (smallCode < 0) continue;
      overlap++;
      duplicates += smallCounts[smallCode] - 1 + (largeCounts[largeCode] - 1);
    }
  }
  return {
    key_name: label,
    overlap: String(overlap),
    duplicates: String(duplicates),
    from_dataset_size: String(fromSize),
    to_dataset_size: String(toSize),
  };
}
