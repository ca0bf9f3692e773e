import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFilter, parseIql } from '../../../../language/src/parser/index';
import { maxNestingDepth } from '../../../../language/src/parser/nesting-guard';

describe('limitNesting', () => {
  it('parses brackets nested up to the limit', () => {
    const text = `SELECT COUNT() FROM ${'('.repeat(maxNestingDepth)}A${')'.repeat(maxNestingDepth)}`;
    assert.deepEqual(parseIql(text).problems, []);
  });

  it('cuts a query nested deeper than the limit and parses the next one', () => {
    const deep = `SELECT COUNT() FROM ${'('.repeat(maxNestingDepth + 1)}A${')'.repeat(maxNestingDepth + 1)}`;
    const { ast, problems } = parseIql(`${deep}\nSELECT COUNT() FROM B`);
    assert.deepEqual(problems.map((problem) => [problem.code, problem.span.start]), [['iql.nesting-too-deep', 20 + maxNestingDepth]]);
    assert.equal(ast.queries.length, 2);
    assert.equal(ast.queries[1].from?.audience?.kind, 'Dataset');
  });

  it('survives a megabyte of opening brackets', () => {
    const text = `SELECT COUNT() FROM R WHERE ${'('.repeat(1_000_000)}`;
    assert.equal(parseIql(text).problems[0].code, 'iql.nesting-too-deep');
    assert.equal(parseFilter('('.repeat(1_000_000)).problems[0].code, 'iql.nesting-too-deep');
  });
});
