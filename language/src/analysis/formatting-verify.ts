/**
 * The formatter's safety net. Formatting is meant to change only whitespace and the letter
 * case of keywords; this check proves it did, on every run, before any edit leaves the server.
 * A formatter bug therefore shows up as "nothing to format", never as a changed query.
 */
import { parseIql } from '../parser';
import { lexItems } from './formatting-items';

/**
 * True when `formatted` has the same tokens and comments as `original` (keywords compared
 * case-insensitively), parses to the same tree apart from positions, and has the same
 * problems (by code and severity).
 */
export function isSameMeaning(original: string, formatted: string): boolean {
  const before = lexItems(original).items;
  const after = lexItems(formatted).items;
  if (before.length !== after.length) return false;
  for (let index = 0; index < before.length; index++) {
    const a = before[index]!;
    const b = after[index]!;
    if (a.kind !== b.kind) return false;
    const caseless = a.kind === 'keyword' || a.kind === 'function';
    if (caseless ? a.image.toUpperCase() !== b.image.toUpperCase() : a.image !== b.image) return false;
  }
  const parsedBefore = parseIql(original);
  const parsedAfter = parseIql(formatted);
  const problemKeys = (problems: typeof parsedBefore.problems): string =>
    problems.map((problem) => `${problem.code}/${problem.severity}`).join(',');
  if (problemKeys(parsedBefore.problems) !== problemKeys(parsedAfter.problems)) return false;
  return isEqualIgnoringSpans(parsedBefore.ast, parsedAfter.ast);
}

/** Deep equality that skips `span` and `…Span` keys and treats undefined as absent. */
export function isEqualIgnoringSpans(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((value, index) => isEqualIgnoringSpans(value, b[index]));
  }
  const keysOf = (value: object): string[] =>
    Object.entries(value)
      .filter(([key, child]) => child !== undefined && key !== 'span' && !key.endsWith('Span'))
      .map(([key]) => key)
      .sort();
  const keys = keysOf(a);
  const otherKeys = keysOf(b);
  if (keys.length !== otherKeys.length || keys.some((key, index) => key !== otherKeys[index])) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keys.every((key) => isEqualIgnoringSpans(recordA[key], recordB[key]));
}
