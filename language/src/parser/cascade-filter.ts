/**
 * After an error, recovery resumes parsing at a guess, and the guess often produces follow-up
 * errors that are not the author's mistakes. The policy here: within one query (from its
 * SELECT to the next query's SELECT; text before the first query counts as one more region),
 * only the first syntax-level problem is reported. Problems found on a well-formed tree
 * (clause order, mixed selection, TOPN's count, …) are always reported.
 */
import type { SyntaxProblem } from './syntax-problem';

/** Codes of problems that recovery can cause in a cascade. */
const cascadeProneCodes: ReadonlySet<string> = new Set([
  'iql.syntax',
  'iql.unknown-character',
  'iql.unterminated-string',
  'iql.unterminated-name',
  'iql.unterminated-comment',
  'iql.unclosed-paren',
  'iql.unclosed-brace',
  'iql.keyword-as-name',
  'iql.missing-from',
  'iql.empty-select',
  'iql.nesting-too-deep',
  'iql.too-many-set-operators',
]);

/** Index of the region holding `offset`: -1 before the first query, else the query's index. */
export function regionOf(regionStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = regionStarts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (regionStarts[middle] <= offset) low = middle + 1;
    else high = middle;
  }
  return low - 1;
}

/**
 * Keeps the first cascade-prone problem of each region and every other problem, sorted by
 * position (problems at the same place keep the order in which they were found).
 * `regionStarts` are the start offsets of the queries, ascending.
 */
export function dropCascadingProblems(problems: readonly SyntaxProblem[], regionStarts: readonly number[]): SyntaxProblem[] {
  const sorted = [...problems].sort((a, b) => a.span.start - b.span.start);
  const regionsWithError = new Set<number>();
  return sorted.filter((problem) => {
    if (!cascadeProneCodes.has(problem.code)) return true;
    const region = regionOf(regionStarts, problem.span.start);
    if (regionsWithError.has(region)) return false;
    regionsWithError.add(region);
    return true;
  });
}
