/**
 * Error recovery: a broken query keeps a partial tree, reports one problem, and never
 * disturbs the queries after it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AggregateItem, Comparison, SetOperation, TopNItem } from '../../../../language/src/parser/ast';
import { parseIql } from '../../../../language/src/parser/index';
import { shiftSpans } from './helpers';

/** Broken queries of every kind, each followed by a newline in the tests below. */
const brokenQueries = [
  'SELECT COUNT() FROM Retail INTERSECT',
  'SELECT COUNT() FROM (Retail UNION Bank',
  'SELECT COUNT(',
  'SELECT COUNT()',
  'SELECT',
  'SELECT AGGREGATE(Age, Gender, {',
  "SELECT AGGREGATE(Age {18, 'x'",
  'SELECT TOPN(Retail.',
  'SELECT SUM(x), Retail.ID FROM',
  'SELECT COUNT() FROM R WHERE',
  'SELECT COUNT() FROM R WHERE Age >',
  "SELECT COUNT() FROM R WHERE Age IN ('a',",
  'SELECT COUNT() FROM R WHERE (a = 1 OR',
  'SELECT COUNT() FROM R WHERE NOT',
  'SELECT COUNT() FROM R ENRICH',
  'SELECT COUNT() FROM R LINK WITH A,',
  'SELECT COUNT() FROM R garbage ) } ( {',
  "SELECT COUNT() FROM R WHERE a = 'unterminated",
  'SELECT COUNT() FROM R WHERE a = "unterminated',
  'SELECT COUNT() FROM R WHERE a # 1',
  'SELECT Retail. FROM R',
  'SELECT COUNT() FROM R WHERE Count = 1 AND',
];

const goodQueries = [
  "SELECT AGGREGATE(Age {18, 30}, Gender {'F', 'M'}) FROM (A UNION B) EXCLUDE C WHERE x >= 1 AND (y = 'a' OR NOT z IN (1, 2)) ENRICH WITH D LINK WITH E",
  'SELECT TOPN(P."Favourite Section", 5) FROM P INTERSECT R',
  'SELECT self.ID FROM self INTERSECT them',
];

describe('recovery between queries', () => {
  for (const broken of brokenQueries) {
    it(`parses the queries after ${JSON.stringify(broken)} exactly as on their own`, () => {
      const prefix = `${broken}\n`;
      const { ast, problems } = parseIql(prefix + goodQueries.join(';\n'));
      assert.equal(ast.queries.length, 1 + goodQueries.length, 'the broken query swallowed a later SELECT');
      const alone = parseIql(goodQueries.join(';\n'));
      assert.deepEqual(alone.problems, []);
      assert.deepEqual(shiftSpans(ast.queries.slice(1), 0), shiftSpans(alone.ast.queries, prefix.length));
      // Every problem belongs to the broken query.
      for (const problem of problems) assert.ok(problem.span.end <= broken.length, `${problem.code} at ${problem.span.start}`);
      assert.ok(problems.length >= 1, 'the broken query has no problem');
    });
  }

  it('reports one syntax problem per broken query, not a cascade', () => {
    // Problems found on the tree itself are independent of recovery and may come in addition.
    const treeProblems = new Set(['iql.mixed-selection', 'iql.comma-before-bins']);
    for (const broken of brokenQueries) {
      const { problems } = parseIql(broken);
      const errors = problems.filter((problem) => problem.severity === 'error' && !treeProblems.has(problem.code));
      assert.equal(errors.length, 1, `${broken}: ${JSON.stringify(problems.map((problem) => problem.message))}`);
    }
  });

  it('keeps a broken first query from hiding errors in later ones', () => {
    const { problems } = parseIql('SELECT COUNT( FROM A\nSELECT COUNT() FROM B INTERSECT\nSELECT TOPN(x) FROM C');
    assert.deepEqual(problems.map((problem) => problem.code), ['iql.unclosed-paren', 'iql.syntax', 'iql.topn-count']);
  });
});

describe('partial trees', () => {
  it('keeps a dangling set operator with no right operand', () => {
    const { ast } = parseIql('SELECT COUNT() FROM Retail INTERSECT');
    const audience = ast.queries[0].from?.audience as SetOperation;
    assert.equal(audience.kind, 'SetOperation');
    assert.equal(audience.operator, 'INTERSECT');
    assert.equal(audience.left.kind, 'Dataset');
    assert.equal(audience.right, undefined);
    assert.deepEqual(audience.span, { start: 20, end: 36 });
  });

  it('keeps an unclosed group and what it holds', () => {
    const { ast } = parseIql('SELECT COUNT() FROM (Retail UNION Bank');
    const group = ast.queries[0].from?.audience;
    assert.equal(group?.kind, 'AudienceGroup');
    assert.equal(group?.kind === 'AudienceGroup' && group.inner?.kind, 'SetOperation');
  });

  it('keeps a reference whose category is not written yet', () => {
    const { ast } = parseIql('SELECT AGGREGATE(Age, Retail.');
    const [first, second] = (ast.queries[0].select.items[0] as AggregateItem).dimensions;
    assert.equal(first.ref.category?.text, 'Age');
    assert.equal(second.ref.dataset?.text, 'Retail');
    assert.equal(second.ref.category, undefined);
    assert.deepEqual(second.ref.span, { start: 22, end: 29 });
  });

  it('keeps a comparison whose value is not written yet', () => {
    const { ast } = parseIql('SELECT COUNT() FROM R WHERE Age >');
    const comparison = ast.queries[0].where?.condition as Comparison;
    assert.equal(comparison.kind, 'Comparison');
    assert.equal(comparison.operator, '>');
    assert.equal(comparison.value, undefined);
  });

  it('keeps the conditions around a dangling AND', () => {
    const { ast } = parseIql('SELECT COUNT() FROM R WHERE a = 1 AND');
    const condition = ast.queries[0].where?.condition;
    assert.equal(condition?.kind, 'And');
    assert.equal(condition?.kind === 'And' && condition.operands.length, 1);
  });

  it('keeps TOPN without its count and its closing parenthesis', () => {
    const { ast } = parseIql('SELECT TOPN(Retail.Job');
    const item = ast.queries[0].select.items[0] as TopNItem;
    assert.equal(item.ref?.category?.text, 'Job');
    assert.equal(item.count, undefined);
  });

  it('keeps the clauses after junk inside a query', () => {
    const { ast, problems } = parseIql('SELECT COUNT() oops FROM Retail WHERE a = 1');
    assert.equal(problems.length, 1);
    assert.equal(ast.queries[0].from?.audience?.kind, 'Dataset');
    assert.equal(ast.queries[0].where?.condition?.kind, 'Comparison');
  });
});
