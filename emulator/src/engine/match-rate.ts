/**
 * The match rate of two datasets (Document 2 §4.1, Calculate match rate), counted from the
 * data rather than estimated: of the individuals the first dataset holds, the share that the
 * second dataset holds too. Individuals are those of LANGUAGE.md §9 (matching.ts), so two
 * records match exactly when a query intersecting the two datasets would count them once.
 */
import { matchDatasets } from './matching-cache';
import type { MatchingCache } from './matching-cache';
import type { EngineDataset } from './model';

export interface MatchCount {
  /** Individuals with a record in `base`. */
  readonly individuals: number;
  /** Of those, the individuals with a record in `other` too. */
  readonly matched: number;
}

/** Counts `base`'s individuals and those of them that `other` holds too. */
export function countMatches(base: EngineDataset, other: EngineDataset, cache?: MatchingCache): MatchCount {
  const matching = matchDatasets([base, other], cache);
  const [inBase, inOther] = matching.firstRow;
  let individuals = 0;
  let matched = 0;
  for (let individual = 0; individual < matching.individualCount; individual++) {
    if (inBase[individual] < 0) continue;
    individuals++;
    if (inOther[individual] >= 0) matched++;
  }
  return { individuals, matched };
}
