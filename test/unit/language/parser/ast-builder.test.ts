/**
 * Problems the AST builder finds on the tree (clause order, duplicates, a missing FROM, stray
 * tokens, comma before bins, TOPN's count, empty lists) and how it shapes the tree around them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AggregateItem, TopNItem } from '../../../../language/src/parser/ast';
import { parseIql } from '../../../../language/src/parser/index';
import { textOf } from './helpers';

/** `[code, text under the span]` of every problem. */
function problemsOf(text: string): [string, string][] {
  return parseIql(text).problems.map((problem) => [problem.code, text.slice(problem.span.start, problem.span.end)]);
}

describe('clause order and duplicates', () => {
  it('reports a clause after one that should follow it, at its keyword, naming the order', () => {
    const text = 'SELECT COUNT() FROM Retail ENRICH WITH Bank\nWHERE Age > 30';
    const { ast, problems } = parseIql(text);
    assert.equal(problems.length, 1);
    assert.equal(problems[0].code, 'iql.clause-order');
    assert.equal(textOf(text, problems[0].span), 'WHERE');
    assert.match(problems[0].message, /^WHERE must come before ENRICH WITH/);
    assert.match(problems[0].message, /SELECT … FROM … WHERE … ENRICH WITH … LINK WITH/);
    // The misplaced clause is still in the tree.
    assert.equal(ast.queries[0].where?.condition?.kind, 'Comparison');
    assert.equal(ast.queries[0].enrich?.names[0].text, 'Bank');
  });

  it('reports FROM after WHERE and LINK WITH before ENRICH WITH', () => {
    assert.deepEqual(problemsOf('SELECT COUNT() WHERE a = 1 FROM R'), [['iql.clause-order', 'FROM']]);
    assert.deepEqual(problemsOf('SELECT COUNT() FROM R LINK WITH G ENRICH WITH B'), [['iql.clause-order', 'ENRICH WITH']]);
  });

  it('reports a clause written twice and keeps the first', () => {
    const text = 'SELECT COUNT() FROM R WHERE a = 1 WHERE b = 2';
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems.map((problem) => [problem.code, textOf(text, problem.span)]), [['iql.duplicate-clause', 'WHERE']]);
    assert.match(problems[0].message, /AND or OR/);
    assert.equal(textOf(text, ast.queries[0].where?.span), 'WHERE a = 1');
    assert.equal(textOf(text, ast.queries[0].span), text);
  });
});

describe('missing FROM and stray tokens', () => {
  it('reports a missing FROM at the end of the selection', () => {
    const text = 'SELECT COUNT()';
    const { problems } = parseIql(text);
    assert.deepEqual(problems.map((problem) => [problem.code, problem.span]), [['iql.missing-from', { start: 14, end: 14 }]]);
    assert.match(problems[0].message, /FROM and an audience are required/);
  });

  it('reports a missing FROM at the word written in its place', () => {
    assert.deepEqual(problemsOf('SELECT COUNT() FORM Retail'), [['iql.missing-from', 'FORM']]);
  });

  it('reports stray tokens once per run, saying what could have come instead', () => {
    const text = 'SELECT COUNT() FROM R WHERE a = 1 b c d ENRICH WITH x';
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems.map((problem) => [problem.code, textOf(text, problem.span)]), [['iql.syntax', 'b']]);
    assert.equal(problems[0].message, "Expected AND, OR, ENRICH WITH, LINK WITH or the end of the query after '1', found 'b'");
    assert.equal(ast.queries[0].enrich?.names[0].text, 'x');
  });

  it('reports text before a query, and EXPLAIN in particular', () => {
    assert.deepEqual(problemsOf('hello SELECT COUNT() FROM R'), [['iql.syntax', 'hello']]);
    const text = 'explain SELECT COUNT() FROM R';
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems.map((problem) => [problem.code, problem.message]), [
      ['iql.explain-keyword', 'IQL has no EXPLAIN keyword; use the Explain command or hover instead'],
    ]);
    assert.equal(ast.queries.length, 1);
    assert.equal(textOf(text, ast.queries[0].span), 'SELECT COUNT() FROM R');
  });

  it('keeps EXPLAIN before a second query out of the first one', () => {
    const text = 'SELECT COUNT() FROM A\nEXPLAIN SELECT COUNT() FROM B';
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems.map((problem) => problem.code), ['iql.explain-keyword']);
    assert.deepEqual(ast.queries.map((query) => textOf(text, query.span)), ['SELECT COUNT() FROM A', 'SELECT COUNT() FROM B']);
  });

  it('treats EXPLAIN at the very end like EXPLAIN before a query', () => {
    const { ast, problems } = parseIql('SELECT COUNT() FROM A EXPLAIN');
    assert.deepEqual(problems.map((problem) => problem.code), ['iql.explain-keyword']);
    assert.deepEqual(ast.queries[0].span, { start: 0, end: 21 });
  });

  it('reports SELECT with nothing to select', () => {
    assert.deepEqual(problemsOf('SELECT FROM R'), [['iql.empty-select', '']]);
  });
});

describe('bins and AGGREGATE arguments', () => {
  it('reports a comma before bins at the comma and attaches the bins to the category before it', () => {
    const text = "SELECT AGGREGATE(Age, Gender, {'Female', 'Male'}) FROM Retail";
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems.map((problem) => [problem.code, problem.span]), [['iql.comma-before-bins', { start: 28, end: 29 }]]);
    assert.match(problems[0].message, /^bins must follow the category directly, without a comma/);
    const dimensions = (ast.queries[0].select.items[0] as AggregateItem).dimensions;
    assert.equal(dimensions.length, 2);
    assert.equal(dimensions[1].ref.category?.text, 'Gender');
    assert.deepEqual(dimensions[1].bins?.values.map((value) => value.kind === 'String' && value.value), ['Female', 'Male']);
    assert.equal(textOf(text, dimensions[1].span), "Gender, {'Female', 'Male'}");
  });

  it('reports bins that follow no category', () => {
    assert.deepEqual(problemsOf("SELECT AGGREGATE({'a'}) FROM R"), [['iql.orphan-bins', "{'a'}"]]);
    assert.deepEqual(problemsOf("SELECT AGGREGATE(A {1}, {2}) FROM R"), [['iql.orphan-bins', '{2}']]);
  });

  it('reports empty bins and an AGGREGATE without dimensions', () => {
    assert.deepEqual(problemsOf('SELECT AGGREGATE(Age {}) FROM R'), [['iql.empty-bins', '{}']]);
    assert.deepEqual(problemsOf('SELECT AGGREGATE() FROM R'), [['iql.missing-argument', 'AGGREGATE()']]);
  });

  it('warns about double-quoted values in bins and IN lists', () => {
    assert.deepEqual(problemsOf('SELECT AGGREGATE(G {"F"}) FROM R WHERE a IN ("x", \'y\')'), [
      ['iql.quoted-value', '"F"'],
      ['iql.quoted-value', '"x"'],
    ]);
  });
});

describe("TOPN's count", () => {
  it('reports a missing count at the closing parenthesis', () => {
    const text = 'SELECT TOPN(Retail.Job) FROM Retail';
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems.map((problem) => [problem.code, textOf(text, problem.span)]), [['iql.topn-count', ')']]);
    assert.match(problems[0].message, /^TOPN needs a positive integer count as its second argument/);
    const item = ast.queries[0].select.items[0] as TopNItem;
    assert.equal(item.ref?.category?.text, 'Job');
    assert.equal(item.count, undefined);
  });

  for (const count of ['0', '-3', '2.5', "'5'", '"5"', '00']) {
    it(`reports ${count} as a count`, () => {
      assert.deepEqual(problemsOf(`SELECT TOPN(Job, ${count}) FROM R`), [['iql.topn-count', count]]);
    });
  }

  it('accepts a positive integer', () => {
    assert.deepEqual(problemsOf('SELECT TOPN(Job, 10) FROM R'), []);
    assert.deepEqual(problemsOf('SELECT TOPN(Job, 007) FROM R'), []);
  });
});
