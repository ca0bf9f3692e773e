/**
 * The grammar of LANGUAGE.md §3–7 and §10, read through the public entry points: every form
 * parses to the expected tree, and every node's span covers exactly its source text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type {
  AggregateItem, Audience, Comparison, Condition, InCondition, Literal, MeasureItem, Ref, SetOperation, TopNItem,
} from '../../../../language/src/parser/ast';
import { parseFilter, parseIql } from '../../../../language/src/parser/index';
import { collectSpans, parseCleanQuery, textOf } from './helpers';

/** `Retail.Age/Years` style rendering of a reference, to compare trees compactly. */
function showRef(ref: Ref | undefined): string {
  if (ref === undefined) return '?';
  const dataset = ref.dataset === undefined ? '' : `${ref.dataset.text}.`;
  const representation = ref.representation === undefined ? '' : `/${ref.representation.text}`;
  return `${dataset}${ref.category?.text ?? '?'}${representation}`;
}

/** Fully parenthesised rendering of an audience. */
function showAudience(audience: Audience | undefined): string {
  if (audience === undefined) return '?';
  switch (audience.kind) {
    case 'Dataset':
      return audience.name.text;
    case 'AudienceGroup':
      return `[${showAudience(audience.inner)}]`;
    case 'SetOperation':
      return `(${showAudience(audience.left)} ${audience.operator} ${showAudience(audience.right)})`;
  }
}

function showLiteral(literal: Literal | undefined): string {
  if (literal === undefined) return '?';
  return literal.kind === 'Number' ? literal.raw : `${literal.kind}:${literal.value}`;
}

/** Fully parenthesised rendering of a condition. */
function showCondition(condition: Condition | undefined): string {
  if (condition === undefined) return '?';
  switch (condition.kind) {
    case 'Comparison':
      return `${showRef(condition.ref)} ${condition.operator} ${showLiteral(condition.value)}`;
    case 'In':
      return `${showRef(condition.ref)} IN (${condition.values.map(showLiteral).join(', ')})`;
    case 'And':
    case 'Or':
      return `(${condition.operands.map(showCondition).join(` ${condition.kind.toUpperCase()} `)})`;
    case 'Not':
      return `NOT ${showCondition(condition.operand)}`;
    case 'ConditionGroup':
      return `[${showCondition(condition.inner)}]`;
  }
}

/** Every span of the parse lies within the text, and every node's span starts and ends on its text. */
function assertSpansFit(text: string, root: unknown): void {
  for (const { path, span } of collectSpans(root)) {
    assert.ok(span.start >= 0 && span.start <= span.end && span.end <= text.length, `${path} ${JSON.stringify(span)}`);
  }
}

describe('SELECT: insight queries (§3)', () => {
  it('parses COUNT()', () => {
    const text = 'SELECT COUNT() FROM Retail';
    const query = parseCleanQuery(text);
    assert.equal(query.select.queryType, 'insight');
    const [item] = query.select.items;
    assert.equal(item.kind, 'Count');
    assert.equal(textOf(text, item.span), 'COUNT()');
    assert.equal(item.kind === 'Count' && textOf(text, item.keywordSpan), 'COUNT');
    assert.equal(textOf(text, query.select.span), 'SELECT COUNT()');
    assert.equal(textOf(text, query.select.keywordSpan), 'SELECT');
  });

  it('parses AGGREGATE with plain, qualified, represented and binned dimensions', () => {
    const text = `SELECT AGGREGATE(Age, Retail.Age, Age/"Five Year Bins", Retail.Age {18, 25, 35, 50}, Gender {'Female', 'Male'}, Age/Years {18, 30}) FROM Retail`;
    const query = parseCleanQuery(text);
    const item = query.select.items[0] as AggregateItem;
    assert.equal(item.kind, 'Aggregate');
    assert.equal(textOf(text, item.keywordSpan), 'AGGREGATE');
    assert.deepEqual(item.dimensions.map((dimension) => showRef(dimension.ref)), ['Age', 'Retail.Age', 'Age/Five Year Bins', 'Retail.Age', 'Gender', 'Age/Years']);
    assert.deepEqual(item.dimensions.map((dimension) => dimension.bins?.values.map(showLiteral)), [
      undefined,
      undefined,
      undefined,
      ['18', '25', '35', '50'],
      ['String:Female', 'String:Male'],
      ['18', '30'],
    ]);
    assert.deepEqual(item.dimensions.map((dimension) => textOf(text, dimension.span)), [
      'Age',
      'Retail.Age',
      'Age/"Five Year Bins"',
      'Retail.Age {18, 25, 35, 50}',
      "Gender {'Female', 'Male'}",
      'Age/Years {18, 30}',
    ]);
    assert.equal(textOf(text, item.dimensions[3].bins?.span), '{18, 25, 35, 50}');
    assert.ok(item.dimensions[2].ref.representation?.quoted);
    assertSpansFit(text, query);
  });

  it('parses TOPN(ref, n)', () => {
    const text = 'SELECT TOPN(Publisher1."Favourite Section", 5) FROM Publisher1';
    const item = parseCleanQuery(text).select.items[0] as TopNItem;
    assert.equal(item.kind, 'TopN');
    assert.equal(showRef(item.ref), 'Publisher1.Favourite Section');
    assert.deepEqual(item.count, { kind: 'Number', span: { start: 44, end: 45 }, value: 5, raw: '5' });
    assert.equal(textOf(text, item.span), 'TOPN(Publisher1."Favourite Section", 5)');
  });

  it('parses SUM and AVG, alone and together', () => {
    const text = 'SELECT SUM(Retail.Spend), AVG(Spend) FROM Retail';
    const items = parseCleanQuery(text).select.items as MeasureItem[];
    assert.deepEqual(items.map((item) => [item.kind, item.fn, showRef(item.ref), textOf(text, item.span)]), [
      ['Measure', 'SUM', 'Retail.Spend', 'SUM(Retail.Spend)'],
      ['Measure', 'AVG', 'Spend', 'AVG(Spend)'],
    ]);
  });
});

describe('SELECT: activation queries (§4)', () => {
  it('parses output columns and marks the query as an activation', () => {
    const text = 'SELECT self.ID, self.EmailHash FROM self INTERSECT them';
    const query = parseCleanQuery(text);
    assert.equal(query.select.queryType, 'activation');
    assert.deepEqual(query.select.items.map((item) => (item.kind === 'Column' ? [item.dataset.text, item.column?.text, textOf(text, item.span)] : item.kind)), [
      ['self', 'ID', 'self.ID'],
      ['self', 'EmailHash', 'self.EmailHash'],
    ]);
  });
});

describe('FROM: the audience (§5)', () => {
  const cases: [string, string][] = [
    ['Retail', 'Retail'],
    ['Retail INTERSECT Publisher1', '(Retail INTERSECT Publisher1)'],
    ['Retail UNION Bank INTERSECT Publisher1', '((Retail UNION Bank) INTERSECT Publisher1)'],
    ['A INTERSECT B UNION C EXCLUDE D', '(((A INTERSECT B) UNION C) EXCLUDE D)'],
    ['(Retail UNION Bank) EXCLUDE Publisher1', '([(Retail UNION Bank)] EXCLUDE Publisher1)'],
    ['Retail INTERSECT (Publisher1 EXCLUDE Bank)', '(Retail INTERSECT [(Publisher1 EXCLUDE Bank)])'],
    ['"Opted Out" union ((a))', '(Opted Out UNION [[a]])'],
  ];
  for (const [audience, expected] of cases) {
    it(`reads ${audience} left to right as ${expected}`, () => {
      const text = `SELECT COUNT() FROM ${audience}`;
      const query = parseCleanQuery(text);
      assert.equal(showAudience(query.from?.audience), expected);
      assert.equal(textOf(text, query.from?.audience?.span), audience);
      assert.equal(textOf(text, query.from?.keywordSpan), 'FROM');
      assertSpansFit(text, query);
    });
  }

  it('gives each set operation the span from its left operand to its right one', () => {
    const text = 'SELECT COUNT() FROM A UNION B INTERSECT C';
    const outer = parseCleanQuery(text).from?.audience as SetOperation;
    assert.equal(textOf(text, outer.span), 'A UNION B INTERSECT C');
    assert.equal(textOf(text, outer.operatorSpan), 'INTERSECT');
    assert.equal(textOf(text, outer.left.span), 'A UNION B');
  });
});

describe('WHERE, ENRICH WITH, LINK WITH (§6)', () => {
  const conditions: [string, string][] = [
    ['Age >= 30', 'Age >= 30'],
    ['Age = 1 AND b < 2 AND c <= 3', '(Age = 1 AND b < 2 AND c <= 3)'],
    ['a = 1 OR b = 2 AND c = 3', '(a = 1 OR (b = 2 AND c = 3))'],
    ['a = 1 AND b = 2 OR c = 3', '((a = 1 AND b = 2) OR c = 3)'],
    ["Region = 'Scotland' AND (Gender = 'Female' OR Age < 25)", '(Region = String:Scotland AND [(Gender = String:Female OR Age < 25)])'],
    ["NOT Region = 'Wales'", 'NOT Region = String:Wales'],
    ['NOT (a = 1 OR b = 2) AND c > 3', '(NOT [(a = 1 OR b = 2)] AND c > 3)'],
    ["Region IN ('Scotland', 'Wales')", 'Region IN (String:Scotland, String:Wales)'],
    ['Age != 40 OR Age <> 41', '(Age != 40 OR Age <> 41)'],
    ['x > -2.5 AND y = 0.5', '(x > -2.5 AND y = 0.5)'],
    [`Retail."Personal Income"/Income > 20000`, 'Retail.Personal Income/Income > 20000'],
    [`"Last Purchase" >= '2025-01-01'`, 'Last Purchase >= String:2025-01-01'],
    [`name = 'it''s'`, "name = String:it's"],
  ];
  for (const [condition, expected] of conditions) {
    it(`reads WHERE ${condition}`, () => {
      const text = `SELECT COUNT() FROM Retail WHERE ${condition}`;
      const query = parseCleanQuery(text);
      assert.equal(showCondition(query.where?.condition), expected);
      assert.equal(textOf(text, query.where?.condition?.span), condition);
      assertSpansFit(text, query);
    });
  }

  it('keeps the operator as written and the spans of comparisons and IN lists', () => {
    const text = "SELECT COUNT() FROM R WHERE a <> 1 AND b IN ('x', 2)";
    const and = parseCleanQuery(text).where?.condition;
    assert.ok(and?.kind === 'And');
    const [comparison, inCondition] = and.operands as [Comparison, InCondition];
    assert.equal(comparison.operator, '<>');
    assert.equal(textOf(text, comparison.span), 'a <> 1');
    assert.equal(textOf(text, inCondition.span), "b IN ('x', 2)");
    assert.deepEqual(inCondition.values.map(showLiteral), ['String:x', '2']);
  });

  it('accepts a double-quoted value as a QuotedValue literal, with a warning', () => {
    const text = 'SELECT COUNT() FROM Retail WHERE Location = "London"';
    const { ast, problems } = parseIql(text);
    const comparison = ast.queries[0].where?.condition as Comparison;
    assert.deepEqual(comparison.value, { kind: 'QuotedValue', span: { start: 44, end: 52 }, value: 'London' });
    assert.equal(problems.length, 1);
    assert.equal(problems[0].code, 'iql.quoted-value');
    assert.equal(problems[0].severity, 'warning');
    assert.match(problems[0].message, /'London'/);
  });

  it('parses ENRICH WITH and LINK WITH with one or more datasets', () => {
    const text = 'SELECT COUNT() FROM Retail ENRICH WITH Bank, "Insurer Co" LINK WITH IdGraph';
    const query = parseCleanQuery(text);
    assert.equal(query.enrich?.kind, 'Enrich');
    assert.deepEqual(query.enrich?.names.map((name) => [name.text, name.quoted]), [['Bank', false], ['Insurer Co', true]]);
    assert.equal(textOf(text, query.enrich?.keywordSpan), 'ENRICH WITH');
    assert.equal(textOf(text, query.enrich?.span), 'ENRICH WITH Bank, "Insurer Co"');
    assert.equal(query.link?.kind, 'Link');
    assert.deepEqual(query.link?.names.map((name) => name.text), ['IdGraph']);
    assert.equal(textOf(text, query.link?.span), 'LINK WITH IdGraph');
    assert.equal(textOf(text, query.span), text);
  });
});

describe('references and names (§7)', () => {
  const refs: [string, string, boolean[]][] = [
    ['Age', 'Age', [false]],
    ['Retail.Age', 'Retail.Age', [false, false]],
    ['Retail."Personal Income"', 'Retail.Personal Income', [false, true]],
    ['Retail."existing customer"/"existing customer"', 'Retail.existing customer/existing customer', [false, true, true]],
    ['"Odd ""quoted"" name"', 'Odd "quoted" name', [true]],
    ['Age/Years', 'Age/Years', [false, false]],
  ];
  for (const [source, expected, quoted] of refs) {
    it(`reads ${source}`, () => {
      const text = `SELECT SUM(${source}) FROM Retail`;
      const ref = (parseCleanQuery(text).select.items[0] as MeasureItem).ref;
      assert.equal(showRef(ref), expected);
      assert.equal(textOf(text, ref?.span), source);
      const names = [ref?.dataset, ref?.category, ref?.representation].filter((name) => name !== undefined);
      assert.deepEqual(names.map((name) => name.quoted), quoted);
      for (const name of names) assert.equal(textOf(text, name.span).startsWith('"'), name.quoted);
    });
  }

  it('reads a word that merely starts with a keyword as a name', () => {
    const query = parseCleanQuery('SELECT AGGREGATE(Counter, Selection, Index) FROM Fromage');
    assert.deepEqual((query.select.items[0] as AggregateItem).dimensions.map((dimension) => showRef(dimension.ref)), ['Counter', 'Selection', 'Index']);
    assert.equal(showAudience(query.from?.audience), 'Fromage');
  });
});

describe('files (§1, §10)', () => {
  it('reads keywords in any case', () => {
    const query = parseCleanQuery('select Count() FROM retail Union bank wHeRe age > 3 enrich with x link WITH y');
    assert.equal(showAudience(query.from?.audience), '(retail UNION bank)');
    assert.equal(showCondition(query.where?.condition), 'age > 3');
  });

  it('reads several queries, with and without semicolons, and keeps the terminator apart', () => {
    const text = 'SELECT COUNT() FROM A;\nSELECT COUNT() FROM B\nSELECT COUNT() FROM C ;';
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems, []);
    assert.deepEqual(ast.queries.map((query) => textOf(text, query.span)), ['SELECT COUNT() FROM A', 'SELECT COUNT() FROM B', 'SELECT COUNT() FROM C']);
    assert.deepEqual(ast.queries.map((query) => query.terminatorSpan && textOf(text, query.terminatorSpan)), [';', undefined, ';']);
  });

  it('returns an empty tree for input that is not a string, without throwing', () => {
    const notText = undefined as unknown as string;
    assert.deepEqual(parseIql(notText).ast.queries, []);
    assert.equal(parseFilter(notText).ast.condition, undefined);
  });

  it('accepts empty statements and text with nothing in it', () => {
    assert.deepEqual(parseIql('').problems, []);
    assert.deepEqual(parseIql('  -- only a comment\n/* and a block */ ;;').problems, []);
    assert.deepEqual(parseIql(';;SELECT COUNT() FROM A;;').ast.queries.length, 1);
  });

  it('keeps comments and directives', () => {
    const text = '-- @collaboration CLB.demo\n/* note */ SELECT COUNT() FROM self -- tail';
    const { ast, problems } = parseIql(text);
    assert.deepEqual(problems, []);
    assert.deepEqual(ast.comments.map((comment) => [comment.style, textOf(text, comment.span)]), [
      ['line', '-- @collaboration CLB.demo'],
      ['block', '/* note */'],
      ['line', '-- tail'],
    ]);
    assert.deepEqual(ast.directives.map((directive) => [directive.name, directive.value]), [['collaboration', 'CLB.demo']]);
    assert.deepEqual(ast.span, { start: 0, end: text.length });
  });
});

describe('parseFilter (§6, the filter entry point)', () => {
  it('parses a condition alone', () => {
    const text = "Region = 'North' AND (Age < 25 OR NOT Gender IN ('F'))";
    const { ast, problems } = parseFilter(text);
    assert.deepEqual(problems, []);
    assert.equal(ast.kind, 'Filter');
    assert.equal(showCondition(ast.condition), '(Region = String:North AND [(Age < 25 OR NOT Gender IN (String:F))])');
    assert.deepEqual(ast.span, { start: 0, end: text.length });
    assertSpansFit(text, ast);
  });

  it('treats empty text and comments as no filter, without a problem', () => {
    for (const text of ['', '   ', '-- nothing', '/* nothing */']) {
      const { ast, problems } = parseFilter(text);
      assert.equal(ast.condition, undefined);
      assert.deepEqual(problems, []);
    }
    assert.equal(parseFilter('-- note\na = 1').ast.comments.length, 1);
  });

  it('reports text after the condition and a leading WHERE', () => {
    const trailing = parseFilter('a = 1 b');
    assert.deepEqual(trailing.problems.map((problem) => [problem.code, problem.span]), [['iql.syntax', { start: 6, end: 7 }]]);
    assert.match(trailing.problems[0].message, /AND, OR or the end of the filter/);
    const where = parseFilter('WHERE a = 1');
    assert.match(where.problems[0].message, /leave out WHERE/);
  });
});
