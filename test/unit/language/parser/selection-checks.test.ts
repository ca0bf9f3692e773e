import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIql } from '../../../../language/src/parser/index';

/** `[code, text under the span, message]` of every problem of a SELECT list. */
function problemsOfSelection(selection: string): [string, string, string][] {
  const text = `SELECT ${selection} FROM Retail`;
  return parseIql(text).problems.map((problem) => [problem.code, text.slice(problem.span.start, problem.span.end), problem.message]);
}

describe('checkSelection', () => {
  it('reports output columns in an insight query at the first column', () => {
    const [problem, ...rest] = problemsOfSelection('COUNT(), Retail.ID');
    assert.deepEqual(rest, []);
    assert.equal(problem[0], 'iql.mixed-selection');
    assert.equal(problem[1], 'Retail.ID');
    assert.match(problem[2], /^an insight query \(COUNT\) cannot also select output columns/);
    assert.match(problemsOfSelection('TOPN(Job, 3), Retail.ID')[0][2], /^an insight query \(TOPN\)/);
  });

  it('reports functions in an activation query', () => {
    assert.deepEqual(problemsOfSelection('Retail.ID, AGGREGATE(Age), Retail.Email').map(([code, at]) => [code, at]), [
      ['iql.mixed-selection', 'AGGREGATE(Age)'],
    ]);
  });

  it('reports COUNT() with AGGREGATE or TOPN, in either order', () => {
    assert.deepEqual(problemsOfSelection('COUNT(), AGGREGATE(Age)').map(([code, at]) => [code, at]), [['iql.mixed-selection', 'AGGREGATE(Age)']]);
    assert.deepEqual(problemsOfSelection('TOPN(Job, 3), COUNT()').map(([code, at]) => [code, at]), [['iql.mixed-selection', 'COUNT()']]);
    assert.match(problemsOfSelection('COUNT(), TOPN(Job, 3)')[0][2], /^COUNT\(\) cannot be combined with TOPN/);
  });

  it('lets SUM and AVG combine only with each other', () => {
    assert.deepEqual(problemsOfSelection('SUM(Spend), AVG(Spend), SUM(Other)'), []);
    for (const selection of ['SUM(Spend), COUNT()', 'COUNT(), AVG(Spend)', 'AGGREGATE(Age), SUM(Spend)', 'AVG(Spend), TOPN(Job, 2)']) {
      const problems = problemsOfSelection(selection);
      assert.equal(problems.length, 1, selection);
      assert.equal(problems[0][0], 'iql.mixed-selection');
      assert.match(problems[0][2], /(SUM|AVG) can only be combined with SUM and AVG/);
    }
  });

  it('accepts a single item and lists of columns', () => {
    for (const selection of ['COUNT()', 'AGGREGATE(Age, Gender)', 'TOPN(Job, 5)', 'AVG(Spend)', 'Retail.ID, Retail.Email']) {
      assert.deepEqual(problemsOfSelection(selection), [], selection);
    }
  });
});
