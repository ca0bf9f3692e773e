/**
 * Chevrotain's errors rewritten for people: what was expected, after what, what was found, and
 * where the problem sits (at the found token, or right after the last token when the text or
 * the query ends).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIql } from '../../../../language/src/parser/index';
import { joinAlternatives } from '../../../../language/src/parser/token-descriptions';

/** The only problem of `text`, with the text under its span. */
function onlyProblem(text: string): { code: string; message: string; at: string; start: number; end: number } {
  const { problems } = parseIql(text);
  assert.equal(problems.length, 1, `expected one problem, got ${JSON.stringify(problems)}`);
  const [problem] = problems;
  return { code: problem.code, message: problem.message, at: text.slice(problem.span.start, problem.span.end), ...problem.span };
}

describe('parse error messages', () => {
  const cases: { text: string; code: string; message: string; at: string }[] = [
    {
      text: 'SELECT COUNT() FROM Retail INTERSECT',
      code: 'iql.syntax',
      message: "Expected a dataset name or '(' after INTERSECT, found the end of the text",
      at: '',
    },
    {
      text: 'SELECT COUNT() FROM',
      code: 'iql.syntax',
      message: "Expected a dataset name or '(' after FROM, found the end of the text",
      at: '',
    },
    {
      text: 'SELECT COUNT() FROM R WHERE Age',
      code: 'iql.syntax',
      message: 'Expected a comparison operator (=, !=, <>, <, <=, >, >=) or IN after \'Age\', found the end of the text',
      at: '',
    },
    {
      text: 'SELECT COUNT() FROM R WHERE Age > AND b = 1',
      code: 'iql.syntax',
      message: "Expected a value (a 'string' or a number) after '>', found AND",
      at: 'AND',
    },
    {
      text: 'SELECT COUNT() FROM R WHERE Retail.',
      code: 'iql.syntax',
      message: "Expected a category name after '.', found the end of the text",
      at: '',
    },
    {
      text: 'SELECT SUM(Age/) FROM R',
      code: 'iql.syntax',
      message: "Expected a representation name after '/', found ')'",
      at: ')',
    },
    {
      text: 'SELECT COUNT() FROM R ENRICH Bank',
      code: 'iql.syntax',
      message: "Expected WITH after ENRICH, found 'Bank'",
      at: 'Bank',
    },
    {
      text: 'SELECT COUNT() FROM R LINK WITH',
      code: 'iql.syntax',
      message: 'Expected a dataset name after WITH, found the end of the text',
      at: '',
    },
    {
      text: 'SELECT Age FROM R',
      code: 'iql.syntax',
      message: "Expected '.' and a column name (an output column is written dataset.column, e.g. Retail.ID) after 'Age', found FROM",
      at: 'FROM',
    },
    {
      text: 'SELECT AGGREGATE(Age Gender) FROM R',
      code: 'iql.syntax',
      message: "Expected ',' or ')' after 'Age', found 'Gender'",
      at: 'Gender',
    },
    {
      text: 'SELECT COUNT(), FROM R',
      code: 'iql.syntax',
      message: "Expected what to select: COUNT(), AGGREGATE(…), TOPN(…), SUM(…), AVG(…) or output columns such as Retail.ID after ',', found FROM",
      at: 'FROM',
    },
  ];
  for (const { text, code, message, at } of cases) {
    it(`explains ${JSON.stringify(text)}`, () => {
      const problem = onlyProblem(text);
      assert.equal(problem.code, code);
      assert.equal(problem.message, message);
      assert.equal(problem.at, at);
    });
  }

  it('places a problem at the end of the input right after the last token', () => {
    const text = 'SELECT COUNT() FROM Retail INTERSECT   \n  -- trailing comment\n';
    const problem = onlyProblem(text);
    assert.equal(problem.start, text.indexOf('INTERSECT') + 'INTERSECT'.length);
    assert.equal(problem.end, problem.start);
  });

  it('places a problem found at the next SELECT at the end of the broken query', () => {
    const text = 'SELECT COUNT() FROM Retail INTERSECT\nSELECT COUNT() FROM Bank';
    const problem = onlyProblem(text);
    assert.equal(problem.start, text.indexOf('\n'));
    assert.match(problem.message, /found SELECT \(the start of the next query\)$/);
  });
});

describe('unclosed brackets', () => {
  it("names where an unclosed '(' was opened", () => {
    const text = 'SELECT COUNT()\nFROM (Retail UNION Bank';
    const problem = onlyProblem(text);
    assert.equal(problem.code, 'iql.unclosed-paren');
    assert.equal(problem.message, "Expected ')' to close the '(' opened at line 2, column 6, found the end of the text");
    assert.equal(problem.start, text.length);
  });

  it('finds the unmatched opener among nested brackets', () => {
    const problem = onlyProblem("SELECT COUNT() FROM R WHERE (a IN ('x', 'y') AND (b = 1)");
    assert.equal(problem.code, 'iql.unclosed-paren');
    assert.match(problem.message, /opened at line 1, column 29/);
  });

  it("names where an unclosed '{' was opened", () => {
    const problem = onlyProblem('SELECT AGGREGATE(Age {18, 30) FROM R');
    assert.equal(problem.code, 'iql.unclosed-brace');
    assert.equal(problem.message, "Expected '}' to close the '{' opened at line 1, column 22, found ')'");
  });
});

describe('keywords where a name belongs', () => {
  it('suggests quoting a function word used as a name', () => {
    const problem = onlyProblem('SELECT AGGREGATE(Count) FROM R');
    assert.equal(problem.code, 'iql.keyword-as-name');
    assert.match(problem.message, /found the keyword COUNT; to use it as a name, quote it: "Count"$/);
    assert.equal(problem.at, 'Count');
    assert.equal(onlyProblem('SELECT COUNT() FROM R WHERE Sum > 5').code, 'iql.keyword-as-name');
    assert.equal(parseIql('SELECT AGGREGATE("Count") FROM R').problems.length, 0);
  });

  it('does not suggest quoting operators and clause keywords', () => {
    assert.equal(onlyProblem('SELECT COUNT() FROM R INTERSECT UNION B').code, 'iql.syntax');
    assert.equal(onlyProblem('SELECT COUNT() FROM WHERE a = 1').code, 'iql.syntax');
  });
});

describe('lexical problems', () => {
  it('reports an unterminated string once, not the errors it causes', () => {
    const problem = onlyProblem("SELECT COUNT() FROM R WHERE a IN ('x', 'y)");
    assert.equal(problem.code, 'iql.unterminated-string');
    assert.equal(problem.at, "'y)");
  });

  it('reports an unknown character once, not the errors it causes', () => {
    const problem = onlyProblem('SELECT COUNT() FROM R WHERE Age # 30');
    assert.equal(problem.code, 'iql.unknown-character');
    assert.equal(problem.message, "Unexpected character '#': IQL has no such symbol");
  });
});

describe('joinAlternatives', () => {
  it('joins with commas and a final "or"', () => {
    assert.equal(joinAlternatives([]), '');
    assert.equal(joinAlternatives(['a']), 'a');
    assert.equal(joinAlternatives(['a', 'b']), 'a or b');
    assert.equal(joinAlternatives(['a', 'b', 'c']), 'a, b or c');
  });
});
