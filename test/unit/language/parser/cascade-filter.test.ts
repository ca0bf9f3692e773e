import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dropCascadingProblems } from '../../../../language/src/parser/cascade-filter';
import type { SyntaxProblem } from '../../../../language/src/parser/index';

function problem(code: string, start: number): SyntaxProblem {
  return { code, message: code, severity: 'error', span: { start, end: start + 1 } };
}

describe('dropCascadingProblems', () => {
  it('keeps the first syntax problem of each query and every other problem, sorted', () => {
    const problems = [
      problem('iql.syntax', 25),
      problem('iql.mixed-selection', 12),
      problem('iql.syntax', 15),
      problem('iql.unclosed-paren', 45),
      problem('iql.missing-from', 60),
      problem('iql.syntax', 2),
    ];
    // Queries start at 10 and 40; offset 2 lies before the first query.
    assert.deepEqual(dropCascadingProblems(problems, [10, 40]).map((kept) => [kept.code, kept.span.start]), [
      ['iql.syntax', 2],
      ['iql.mixed-selection', 12],
      ['iql.syntax', 15],
      ['iql.unclosed-paren', 45],
    ]);
  });

  it('keeps problems at the same place in the order they were found', () => {
    const kept = dropCascadingProblems([problem('iql.clause-order', 5), problem('iql.quoted-value', 5)], [0]);
    assert.deepEqual(kept.map((item) => item.code), ['iql.clause-order', 'iql.quoted-value']);
  });
});
