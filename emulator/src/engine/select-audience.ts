/**
 * The filtered audience (LANGUAGE.md §9, "Audience" and filters): a membership flag per
 * individual, computed with whole-array set operations.
 */
import type { BoundAudience, BoundCondition, BoundQuery, BoundRef } from './bound-query';
import type { Matching } from './matching';

/** Per individual: 1 when in the set, 0 otherwise. */
export type Membership = Uint8Array;

/** The individuals of the audience after WHERE, as a flag array and as an ascending list. */
export interface SelectedAudience {
  readonly members: Membership;
  readonly list: Int32Array;
}

/** Evaluates FROM (set operators left to right, as the tree nests them) and then WHERE. */
export function selectAudience(query: BoundQuery, matching: Matching): SelectedAudience {
  const members = evaluateAudience(query.audience, matching);
  if (query.condition !== undefined) {
    const passing = evaluateCondition(query.condition, query, matching);
    for (let individual = 0; individual < members.length; individual++) members[individual] &= passing[individual];
  }
  let size = 0;
  for (let individual = 0; individual < members.length; individual++) size += members[individual];
  const list = new Int32Array(size);
  let next = 0;
  for (let individual = 0; individual < members.length; individual++) if (members[individual] === 1) list[next++] = individual;
  return { members, list };
}

function evaluateAudience(audience: BoundAudience, matching: Matching): Membership {
  switch (audience.kind) {
    case 'dataset': {
      // A dataset stands for the individuals with at least one record in it.
      const first = matching.firstRow[audience.dataset];
      const result = new Uint8Array(matching.individualCount);
      for (let individual = 0; individual < result.length; individual++) result[individual] = first[individual] >= 0 ? 1 : 0;
      return result;
    }
    case 'group':
      return evaluateAudience(audience.inner, matching);
    case 'operation': {
      const left = evaluateAudience(audience.left, matching);
      const right = evaluateAudience(audience.right, matching);
      for (let individual = 0; individual < left.length; individual++) {
        if (audience.operator === 'INTERSECT') left[individual] &= right[individual];
        else if (audience.operator === 'UNION') left[individual] |= right[individual];
        else left[individual] &= right[individual] ^ 1;
      }
      return left;
    }
  }
}

/**
 * WHERE as a flag per individual. A comparison on a category the individual has no value for
 * is false (§9); NOT then negates that result, so `NOT Region = 'Wales'` keeps individuals
 * without a Region. `!=` is itself a comparison: it is false without a value.
 */
function evaluateCondition(condition: BoundCondition, query: BoundQuery, matching: Matching): Membership {
  switch (condition.kind) {
    case 'compare':
    case 'in':
      return evaluateComparison(condition, query, matching);
    case 'not': {
      const result = evaluateCondition(condition.operand, query, matching);
      for (let individual = 0; individual < result.length; individual++) result[individual] ^= 1;
      return result;
    }
    case 'and':
    case 'or': {
      const [first, ...rest] = condition.operands.map((operand) => evaluateCondition(operand, query, matching));
      const result = first ?? new Uint8Array(matching.individualCount).fill(condition.kind === 'and' ? 1 : 0);
      for (const other of rest) {
        for (let individual = 0; individual < result.length; individual++) {
          if (condition.kind === 'and') result[individual] &= other[individual];
          else result[individual] |= other[individual];
        }
      }
      return result;
    }
  }
}

function evaluateComparison(
  condition: Extract<BoundCondition, { kind: 'compare' | 'in' }>,
  query: BoundQuery,
  matching: Matching,
): Membership {
  const passes = passingCodes(condition, query);
  const result = new Uint8Array(matching.individualCount);
  const first = matching.firstRow[condition.ref.dataset];
  const codes = columnCodes(condition.ref, query);
  if (codes === undefined) return result;
  for (let individual = 0; individual < result.length; individual++) {
    const row = first[individual];
    if (row < 0) continue;
    const code = codes[row];
    if (code >= 0) result[individual] = passes[code];
  }
  return result;
}

/** The column of a category in its dataset's table, as codes per row; undefined when absent. */
export function columnCodes(ref: BoundRef, query: BoundQuery): Int32Array | undefined {
  return query.datasets[ref.dataset].table.columns.get(ref.category.label)?.codes;
}

/** The filter decided once per distinct value: 1 for each dictionary code that passes. */
function passingCodes(condition: Extract<BoundCondition, { kind: 'compare' | 'in' }>, query: BoundQuery): Uint8Array {
  const column = query.datasets[condition.ref.dataset].table.columns.get(condition.ref.category.label);
  if (column === undefined) return new Uint8Array(0);
  const size = column.distinctCount;
  const passes = new Uint8Array(size);
  if (condition.ref.numeric) {
    const numbers = column.numbers();
    const test = numericTest(condition);
    for (let code = 0; code < size; code++) {
      const value = numbers[code];
      // A cell that is not a number is treated as no value.
      passes[code] = !Number.isNaN(value) && test(value) ? 1 : 0;
    }
  } else {
    const test = textTest(condition);
    for (let code = 0; code < size; code++) passes[code] = test(column.text(code)) ? 1 : 0;
  }
  return passes;
}

function numericTest(condition: Extract<BoundCondition, { kind: 'compare' | 'in' }>): (value: number) => boolean {
  if (condition.kind === 'in') {
    const wanted = new Set(condition.values.map(Number));
    return (value) => wanted.has(value);
  }
  return compareWith(Number(condition.value), condition.operator);
}

function textTest(condition: Extract<BoundCondition, { kind: 'compare' | 'in' }>): (value: string) => boolean {
  if (condition.kind === 'in') {
    const wanted = new Set(condition.values.map(String));
    return (value) => wanted.has(value);
  }
  // Dates are compared as text: 'YYYY-MM-DD' and RFC 3339 order correctly by code unit.
  return compareWith(String(condition.value), condition.operator);
}

function compareWith<T extends string | number>(literal: T, operator: string): (value: T) => boolean {
  switch (operator) {
    case '=':
      return (value) => value === literal;
    case '!=':
    case '<>':
      return (value) => value !== literal;
    case '<':
      return (value) => value < literal;
    case '<=':
      return (value) => value <= literal;
    case '>':
      return (value) => value > literal;
    default:
      return (value) => value >= literal;
  }
}
