/** Options shared by the engine's entry points that read data. */
import type { MatchingCache } from './matching-cache';

export interface EngineOptions {
  /** Remembers matchings between calls; pass one per loaded data folder. */
  readonly cache?: MatchingCache;
}
