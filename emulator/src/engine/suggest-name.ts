/**
 * "Did you mean" suggestions for misspelt names. The candidates are only ever names the
 * caller may see, so a suggestion never reveals a dataset the caller has no access to.
 */

/** Edits between two names, a swap of neighbouring letters counting as one (a common typo). */
function editDistance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0].push(j);
        continue;
      }
      let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1);
      rows[i].push(best);
    }
  }
  return rows[a.length][b.length];
}

/**
 * The candidate closest to `name` (case-insensitively), when it is close enough to be a
 * plausible typo: at most a third of the name's length, and at least one edit, away. Ties go
 * to the candidate listed first, so the answer is deterministic.
 */
export function suggestName(name: string, candidates: readonly string[]): string | undefined {
  const wanted = name.toLowerCase();
  const limit = Math.max(1, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(wanted, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** `'A', 'B' and 'C'` — a short, quoted list for messages; long lists end with "…". */
export function listNames(names: readonly string[], max = 10): string {
  const quoted = names.slice(0, max).map((name) => `'${name}'`);
  if (names.length > max) quoted.push('…');
  return quoted.join(', ');
}
