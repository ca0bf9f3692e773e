import { distance } from 'fastest-levenshtein';

/**
 * The candidates closest to `written`, best first: a different letter case counts as the
 * nearest miss, then edit distance up to about a third of the name's length; equally close
 * ones in character order. Used for every "did you mean" in diagnostics and code actions.
 */
export function suggestNames(written: string, candidates: Iterable<string>, limit = 3): string[] {
  const lower = written.toLowerCase();
  const maxDistance = Math.max(1, Math.floor(written.length / 3));
  const scored: Array<{ name: string; score: number }> = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (candidate === written || seen.has(candidate)) continue;
    seen.add(candidate);
    const candidateLower = candidate.toLowerCase();
    if (candidateLower === lower) {
      scored.push({ name: candidate, score: 0 });
      continue;
    }
    const d = distance(lower, candidateLower);
    if (d <= maxDistance) scored.push({ name: candidate, score: d });
    else if (lower.length >= 3 && candidateLower.startsWith(lower)) scored.push({ name: candidate, score: maxDistance + 1 });
  }
  return scored
    // Character order, not localeCompare: its first call loads ICU's collator, ~5 ms that the
    // first keystroke making an unknown name waited for.
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, limit)
    .map((s) => s.name);
}

/** ` Did you mean 'A' or 'B'?` — empty when there is nothing to suggest. */
export function didYouMean(suggestions: readonly string[]): string {
  if (suggestions.length === 0) return '';
  const quoted = suggestions.map((s) => `'${s}'`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
  return ` Did you mean ${list}?`;
}
