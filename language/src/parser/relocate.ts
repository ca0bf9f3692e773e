/**
 * Moves a tree parsed from a slice of a document to where the slice sits in the document.
 * The tree's only offsets are its spans (ast.ts: every node's `span` and the `…Span` fields),
 * so shifting every span is the same as parsing the slice in place.
 *
 * Shifting runs on every keystroke for every query below the edit, so it is done in place on
 * a list of the tree's span objects gathered once when the region is parsed: a loop over
 * numbers, no walk and no allocation. The list holds each span object once, because builders
 * share span objects between a node and its parent; gathering is iterative, because a long
 * chain of set operators builds a tree deeper than the call stack.
 */

/** A span the incremental parser may move: the tree's spans, seen as writable. */
export interface MovableSpan {
  start: number;
  end: number;
}

/** Every distinct span object in `value` (a parse: its tree and its problems). */
export function gatherSpans(value: unknown): MovableSpan[] {
  const seen = new Set<MovableSpan>();
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) pending.push(item);
      continue;
    }
    const fields = node as Record<string, unknown>;
    for (const key in fields) {
      const field = fields[key];
      if (field === null || typeof field !== 'object') continue;
      if (isSpanKey(key)) seen.add(field as MovableSpan);
      else pending.push(field);
    }
  }
  return [...seen];
}

/** Moves every span of `spans` by `delta`, in place. */
export function shiftSpans(spans: readonly MovableSpan[], delta: number): void {
  if (delta === 0) return;
  for (let index = 0; index < spans.length; index++) {
    const span = spans[index];
    span.start += delta;
    span.end += delta;
  }
}

/** `span`, or a name ending in `Span` (`keywordSpan`, `nameSpan`, …). */
function isSpanKey(key: string): boolean {
  return key === 'span' || key.endsWith('Span');
}
