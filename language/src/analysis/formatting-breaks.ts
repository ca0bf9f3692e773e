/**
 * Where a well-formed query breaks lines, and how tokens on one line are spaced. The layout
 * is deliberately fixed (no line-length heuristics), so that formatting is predictable and
 * running it twice changes nothing:
 *
 * - every clause (SELECT, FROM, WHERE, ENRICH WITH, LINK WITH) starts a line;
 * - AGGREGATE with two or more dimensions puts each dimension on a line of its own, one level
 *   deeper, and its `)` back at the clause's level;
 * - a WHERE condition made of several AND (or OR) operands puts each operator at the start of
 *   a continuation line, one level deeper; nested conditions stay on their line, so the
 *   layout shows that AND binds tighter than OR;
 * - within a line: single spaces between words and around comparison and set operators,
 *   one after each comma, none inside parentheses and braces, none around `.` and `/`, none
 *   between a function name and its `(`.
 */
import type { Condition, Query } from '../parser/ast';
import type { LayoutItem } from './formatting-items';
import { isComment } from './formatting-items';

/** Indent level (in units) of each item that starts a line, keyed by the item's start offset. */
export type LineBreaks = ReadonlyMap<number, number>;

/**
 * The structural line breaks of a query that parsed without errors, or undefined when the
 * tree and the tokens do not line up as expected (the caller then leaves the query as written).
 * `items` are the query's own items, in order.
 */
export function collectLineBreaks(query: Query, items: readonly LayoutItem[]): LineBreaks | undefined {
  const breaks = new Map<number, number>();
  const code = items.filter((item) => !isComment(item));
  const startsAt = (offset: number): boolean => code.some((item) => item.start === offset);

  for (const clause of [query.from, query.where, query.enrich, query.link]) {
    if (clause) breaks.set(clause.keywordSpan.start, 0);
  }

  for (const item of query.select.items) {
    if (item.kind !== 'Aggregate' || item.dimensions.length < 2) continue;
    for (const dimension of item.dimensions) breaks.set(dimension.span.start, 1);
    const closing = code.find((candidate) => candidate.end === item.span.end && candidate.kind === 'close-paren');
    if (!closing) return undefined;
    breaks.set(closing.start, 0);
  }

  const condition = query.where?.condition;
  if (condition && (condition.kind === 'And' || condition.kind === 'Or')) {
    const operators = findJoiningOperators(condition.operands, code);
    if (!operators) return undefined;
    for (const operator of operators) breaks.set(operator.start, 1);
  }

  for (const offset of breaks.keys()) if (!startsAt(offset)) return undefined;
  return breaks;
}

/** The AND/OR keyword between each pair of consecutive operands. */
function findJoiningOperators(operands: readonly Condition[], code: readonly LayoutItem[]): LayoutItem[] | undefined {
  const operators: LayoutItem[] = [];
  for (let index = 1; index < operands.length; index++) {
    const before = operands[index - 1]!.span.end;
    const after = operands[index]!.span.start;
    const between = code.filter((item) => item.start >= before && item.end <= after);
    if (between.length !== 1 || between[0]!.kind !== 'keyword') return undefined;
    operators.push(between[0]!);
  }
  return operators;
}

const noSpaceBefore: ReadonlySet<LayoutItem['kind']> = new Set(['comma', 'close-paren', 'close-brace', 'semicolon', 'dot', 'slash']);
const noSpaceAfter: ReadonlySet<LayoutItem['kind']> = new Set(['open-paren', 'open-brace', 'dot', 'slash']);

/** False for punctuation that always touches what comes before it (`,` `)` `}` `;` `.` `/`). */
export function hasSpaceBefore(next: LayoutItem): boolean {
  return !noSpaceBefore.has(next.kind);
}

/** True when one space separates `previous` and `next` on a line; false when they touch. */
export function hasSpaceBetween(previous: LayoutItem, next: LayoutItem): boolean {
  if (noSpaceBefore.has(next.kind) || noSpaceAfter.has(previous.kind)) return false;
  // `COUNT()`, `TOPN(`: a call; but `IN (`, `NOT (`, `FROM (`, `UNION (` keep their space.
  return !(next.kind === 'open-paren' && previous.kind === 'function');
}
