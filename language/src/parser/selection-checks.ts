/**
 * Checks on what a SELECT combines (LANGUAGE.md §3–4): the first item decides the query type,
 * and only some insight functions may be listed together.
 */
import type { InsightItem, SelectClause, SelectItem } from './ast';
import type { SyntaxProblem } from './syntax-problem';
import type { SelectFunction } from './messages';
import {
  describeColumnInInsight, describeCountMixed, describeFunctionInActivation, describeMeasureMixed,
} from './messages';

/** The upper-case function word of an insight item. */
export function functionOf(item: InsightItem): SelectFunction {
  switch (item.kind) {
    case 'Count':
      return 'COUNT';
    case 'Aggregate':
      return 'AGGREGATE';
    case 'TopN':
      return 'TOPN';
    case 'Measure':
      return item.fn;
  }
}

function isMeasure(fn: SelectFunction): boolean {
  return fn === 'SUM' || fn === 'AVG';
}

/** The problem with listing `later` after `earlier`, if any. */
function describeConflict(earlier: SelectFunction, later: SelectFunction, item: SelectItem): SyntaxProblem | undefined {
  if (isMeasure(earlier) !== isMeasure(later)) {
    return isMeasure(later)
      ? describeMeasureMixed(later, earlier, item.span)
      : describeMeasureMixed(earlier, later, item.span);
  }
  if (earlier === 'COUNT' && (later === 'AGGREGATE' || later === 'TOPN')) return describeCountMixed(later, item.span);
  if (later === 'COUNT' && (earlier === 'AGGREGATE' || earlier === 'TOPN')) return describeCountMixed(earlier, item.span);
  return undefined;
}

/**
 * Returns one problem per item that does not fit with the items before it: a column in an
 * insight query, a function in an activation query, COUNT() with AGGREGATE or TOPN, and SUM
 * or AVG with anything but SUM and AVG. Each problem sits on the offending (later) item.
 */
export function checkSelection(select: SelectClause): SyntaxProblem[] {
  const [first, ...rest] = select.items;
  if (first === undefined) return [];
  const problems: SyntaxProblem[] = [];
  if (first.kind === 'Column') {
    for (const item of rest) {
      if (item.kind !== 'Column') problems.push(describeFunctionInActivation(functionOf(item), item.span));
    }
    return problems;
  }
  const firstFunction = functionOf(first);
  const earlier: SelectFunction[] = [firstFunction];
  for (const item of rest) {
    if (item.kind === 'Column') {
      problems.push(describeColumnInInsight(firstFunction, item.span));
      continue;
    }
    const fn = functionOf(item);
    for (const previous of earlier) {
      const problem = describeConflict(previous, fn, item);
      if (problem !== undefined) {
        problems.push(problem);
        break;
      }
    }
    earlier.push(fn);
  }
  return problems;
}
