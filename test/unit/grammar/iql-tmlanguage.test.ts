/**
 * Scope assertions for syntaxes/iql.tmLanguage.json, one group per construct of LANGUAGE.md.
 * Each assertion names a substring of a line and the scope it must (or must not) carry.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeTokens, findTokens, hasScope, lacksScope, tokenize } from './tokenize';

/** Asserts that every token overlapping `needle` in `text` has a scope under `scope`. */
async function expectScope(text: string, needle: string, scope: string, occurrence = 0): Promise<void> {
  const lines = await tokenize(text);
  assert.ok(
    hasScope(lines, needle, scope, occurrence),
    `expected ${JSON.stringify(needle)} in ${JSON.stringify(text)} to be ${scope}, got:\n${describeTokens(lines, needle, occurrence)}`,
  );
}

/** Asserts that no token overlapping `needle` in `text` has a scope under `scope`. */
async function expectNoScope(text: string, needle: string, scope: string, occurrence = 0): Promise<void> {
  const lines = await tokenize(text);
  assert.ok(
    lacksScope(lines, needle, scope, occurrence),
    `expected ${JSON.stringify(needle)} in ${JSON.stringify(text)} not to be ${scope}, got:\n${describeTokens(lines, needle, occurrence)}`,
  );
}

describe('IQL grammar: tokenize helper', () => {
  it('gives back every line, with tokens that join to the line text', async () => {
    const text = 'SELECT COUNT()\r\nFROM Retail\n';
    const lines = await tokenize(text);
    assert.deepEqual(
      lines.map((tokens) => tokens.map((token) => token.text).join('')),
      ['SELECT COUNT()', 'FROM Retail', ''],
    );
    assert.ok(lines.every((tokens) => tokens.every((token) => token.scopes[0] === 'source.iql')));
  });

  it('fails loudly when a needle is missing', async () => {
    const lines = await tokenize('SELECT COUNT() FROM Retail');
    assert.throws(() => findTokens(lines, 'WHERE'), /does not appear/);
  });
});

describe('IQL grammar: keywords', () => {
  it('scopes clause keywords as keyword.other.clause.iql', async () => {
    const text = 'SELECT COUNT() FROM Retail WHERE Age > 1 ENRICH WITH Bank LINK WITH IdGraph';
    for (const word of ['SELECT', 'FROM', 'WHERE', 'ENRICH', 'LINK']) {
      await expectScope(text, word, 'keyword.other.clause.iql');
    }
    await expectScope(text, 'WITH', 'keyword.other.clause.iql', 0);
    await expectScope(text, 'WITH', 'keyword.other.clause.iql', 1);
  });

  it('scopes set operators as keyword.operator.set.iql', async () => {
    const text = 'FROM (Retail UNION Bank) INTERSECT Publisher1 EXCLUDE Insurer';
    for (const word of ['UNION', 'INTERSECT', 'EXCLUDE']) {
      await expectScope(text, word, 'keyword.operator.set.iql');
    }
  });

  it('scopes AND, OR, NOT and IN as keyword.operator.logical.iql', async () => {
    const text = "WHERE NOT Region = 'Wales' AND (Age < 25 OR Region IN ('Fife'))";
    for (const word of ['NOT', 'AND', 'OR', 'IN']) {
      await expectScope(text, word, 'keyword.operator.logical.iql');
    }
  });

  it('scopes COUNT, AGGREGATE, TOPN, SUM and AVG as support.function.iql', async () => {
    const text = 'SELECT COUNT(), AGGREGATE (Age), TOPN(Job, 5), SUM(Spend), AVG(Spend)';
    for (const word of ['COUNT', 'AGGREGATE', 'TOPN', 'SUM', 'AVG']) {
      await expectScope(text, word, 'support.function.iql');
      await expectNoScope(text, word, 'keyword');
    }
  });

  it('colours a function name before its parenthesis is typed', async () => {
    await expectScope('SELECT COUNT', 'COUNT', 'support.function.iql');
  });

  it('matches keywords whatever their case', async () => {
    const text = 'select Aggregate(Age) From Retail union Bank Intersect x eXcLuDe y where a = 1 and not b in (1) Or c = 2';
    await expectScope(text, 'select', 'keyword.other.clause.iql');
    await expectScope(text, 'From', 'keyword.other.clause.iql');
    await expectScope(text, 'where', 'keyword.other.clause.iql');
    await expectScope(text, 'Aggregate', 'support.function.iql');
    await expectScope(text, 'union', 'keyword.operator.set.iql');
    await expectScope(text, 'Intersect', 'keyword.operator.set.iql');
    await expectScope(text, 'eXcLuDe', 'keyword.operator.set.iql');
    await expectScope(text, 'and', 'keyword.operator.logical.iql');
    await expectScope(text, 'not', 'keyword.operator.logical.iql');
    await expectScope(text, 'in', 'keyword.operator.logical.iql');
    await expectScope(text, 'Or', 'keyword.operator.logical.iql');
    await expectScope('SELECT TopN(Job, 3), topn(Job, 3), Count(), sum(x), Avg(x)', 'TopN', 'support.function.iql');
    await expectScope('SELECT TopN(Job, 3), topn(Job, 3), Count(), sum(x), Avg(x)', 'topn', 'support.function.iql');
    await expectScope('SELECT TopN(Job, 3), topn(Job, 3), Count(), sum(x), Avg(x)', 'Count', 'support.function.iql');
    await expectScope('SELECT TopN(Job, 3), topn(Job, 3), Count(), sum(x), Avg(x)', 'sum', 'support.function.iql');
    await expectScope('SELECT TopN(Job, 3), topn(Job, 3), Count(), sum(x), Avg(x)', 'Avg', 'support.function.iql');
  });

  it('does not colour words that merely contain a keyword', async () => {
    const text = 'SELECT Counter, Selection, Fromage, Wherever, Linked, Withdrawn, Unions, Android, Orders, Notes, Index, Summary, Average, TopNine, _select, select_2, Aggregates';
    const words = ['Counter', 'Selection', 'Fromage', 'Wherever', 'Linked', 'Withdrawn', 'Unions', 'Android', 'Orders', 'Notes', 'Index', 'Summary', 'Average', 'TopNine', '_select', 'select_2', 'Aggregates'];
    for (const word of words) {
      await expectNoScope(text, word, 'keyword');
      await expectNoScope(text, word, 'support.function');
      await expectScope(text, word, 'variable.other.iql');
    }
  });

  it('does not colour keywords inside strings, quoted names or comments', async () => {
    const text = `WHERE Job = 'SELECT FROM' AND "Count" = 1 -- UNION ALL\n/* WHERE\n AND COUNT() */ "x""SELECT"`;
    const lines = await tokenize(text);
    for (const [needle, occurrence] of [['SELECT', 0], ['FROM', 0], ['Count', 0], ['UNION', 0], ['WHERE', 1], ['AND', 1], ['COUNT', 0], ['SELECT', 1]] as const) {
      assert.ok(lacksScope(lines, needle, 'keyword', occurrence), `${needle}#${occurrence}: ${describeTokens(lines, needle, occurrence)}`);
      assert.ok(lacksScope(lines, needle, 'support.function', occurrence), `${needle}#${occurrence}: ${describeTokens(lines, needle, occurrence)}`);
    }
    assert.ok(hasScope(lines, 'SELECT FROM', 'string.quoted.single.iql'));
    assert.ok(hasScope(lines, 'Count', 'variable.other.quoted.iql'));
    assert.ok(hasScope(lines, 'UNION ALL', 'comment.line.double-dash.iql'));
    assert.ok(hasScope(lines, 'AND COUNT()', 'comment.block.iql'));
  });
});

describe('IQL grammar: names and references', () => {
  it('scopes quoted names as variable.other.quoted.iql with punctuation at both ends', async () => {
    const text = 'SELECT AGGREGATE(Age/"Five Year Bins") FROM Retail';
    const lines = await tokenize(text);
    const tokens = findTokens(lines, '"Five Year Bins"');
    assert.deepEqual(
      tokens.map((token) => token.text),
      ['"', 'Five Year Bins', '"'],
    );
    assert.ok(tokens.every((token) => token.scopes.includes('variable.other.quoted.iql')));
    assert.ok(tokens[0]?.scopes.includes('punctuation.definition.quoted-name.begin.iql'));
    assert.ok(tokens[2]?.scopes.includes('punctuation.definition.quoted-name.end.iql'));
  });

  it('scopes "" inside a quoted name as an escape and keeps the name open', async () => {
    const text = 'WHERE "The ""Best"" Bin" = 1';
    await expectScope(text, '""', 'constant.character.escape.iql', 0);
    await expectScope(text, '""', 'constant.character.escape.iql', 1);
    await expectScope(text, 'Best', 'variable.other.quoted.iql');
    await expectScope(text, ' Bin', 'variable.other.quoted.iql');
    await expectScope(text, '=', 'keyword.operator.comparison.iql');
  });

  it('ends an unterminated quoted name at the end of its line', async () => {
    const text = 'WHERE "Loyalty = 1\nFROM Retail';
    await expectScope(text, 'Loyalty = 1', 'variable.other.quoted.iql');
    await expectScope(text, 'FROM', 'keyword.other.clause.iql');
  });

  it('scopes the dataset of a qualified reference as entity.name.type.dataset.iql', async () => {
    const text = 'SELECT self.ID, Retail . Age, Retail."Personal Income"/Income, "My Data".Spend FROM self';
    await expectScope(text, 'self', 'entity.name.type.dataset.iql', 0);
    await expectScope(text, 'ID', 'variable.other.iql');
    await expectNoScope(text, 'ID', 'entity.name.type.dataset');
    await expectScope(text, 'Retail', 'entity.name.type.dataset.iql', 0);
    await expectScope(text, 'Age', 'variable.other.iql');
    await expectScope(text, 'Retail', 'entity.name.type.dataset.iql', 1);
    await expectScope(text, 'Personal Income', 'variable.other.quoted.iql');
    await expectNoScope(text, 'Personal Income', 'entity.name.type.dataset');
    await expectScope(text, 'My Data', 'entity.name.type.dataset.iql');
    await expectScope(text, '"My Data"', 'variable.other.quoted.iql');
    await expectScope('SELECT "A ""B""".Spend', '""', 'constant.character.escape.iql', 1);
    await expectScope('SELECT "A ""B""".Spend', 'B', 'entity.name.type.dataset.iql');
    await expectScope(text, 'Spend', 'variable.other.iql');
    await expectNoScope(text, 'self', 'entity.name.type.dataset', 1);
  });

  it('scopes "." as punctuation.accessor.iql and "/" as keyword.operator.representation.iql', async () => {
    const text = 'WHERE Retail.Age/Years = 3';
    await expectScope(text, '.', 'punctuation.accessor.iql');
    await expectScope(text, '/', 'keyword.operator.representation.iql');
    await expectScope(text, 'Years', 'variable.other.iql');
  });
});

describe('IQL grammar: literals', () => {
  it("scopes '…' as string.quoted.single.iql with '' as an escape", async () => {
    const text = "WHERE Name = 'O''Brien' AND Region = 'North'";
    await expectScope(text, "'O''Brien'", 'string.quoted.single.iql');
    await expectScope(text, "''", 'constant.character.escape.iql');
    await expectScope(text, "Brien'", 'string.quoted.single.iql');
    await expectScope(text, 'AND', 'keyword.operator.logical.iql');
    await expectScope(text, "'North'", 'string.quoted.single.iql');
    const lines = await tokenize(text);
    const north = findTokens(lines, "'North'");
    assert.ok(north[0]?.scopes.includes('punctuation.definition.string.begin.iql'));
    assert.ok(north[north.length - 1]?.scopes.includes('punctuation.definition.string.end.iql'));
  });

  it('reads a string made only of an escaped quote', async () => {
    const text = "WHERE Mark = '''' AND x = 1";
    await expectScope(text, "''''", 'string.quoted.single.iql');
    await expectScope(text, 'AND', 'keyword.operator.logical.iql');
  });

  it('does not treat -- or /* inside a string or quoted name as a comment', async () => {
    const text = `WHERE Note = 'a -- b' AND "c /* d" = 1 AND e = 2`;
    await expectNoScope(text, '-- b', 'comment');
    await expectNoScope(text, '/* d', 'comment');
    await expectScope(text, 'AND', 'keyword.operator.logical.iql', 1);
  });

  it('ends an unterminated string at the end of its line', async () => {
    const text = "WHERE Region = 'Scot\nFROM Retail";
    await expectScope(text, "'Scot", 'string.quoted.single.iql');
    await expectScope(text, 'FROM', 'keyword.other.clause.iql');
  });

  it('scopes integers, decimals and negative numbers as constant.numeric.iql', async () => {
    const text = 'SELECT AGGREGATE(Income {0, 20000, 0.5, -5, -0.25}) WHERE Age >= 30 AND x != -1.5';
    for (const number of ['0', '20000', '0.5', '-5', '-0.25', '30', '-1.5']) {
      await expectScope(text, number, 'constant.numeric.iql');
    }
    const lines = await tokenize(text);
    assert.deepEqual(findTokens(lines, '-0.25').map((token) => token.text), ['-0.25']);
  });

  it('does not scope digits inside names as numbers', async () => {
    const text = 'FROM Publisher1 INTERSECT x2y';
    await expectNoScope(text, '1', 'constant.numeric');
    await expectNoScope(text, '2', 'constant.numeric');
    await expectScope(text, 'Publisher1', 'variable.other.iql');
  });
});

describe('IQL grammar: operators and punctuation', () => {
  it('scopes every comparison operator as one keyword.operator.comparison.iql token', async () => {
    for (const operator of ['=', '!=', '<>', '<', '<=', '>', '>=']) {
      const text = `WHERE Age ${operator} 30`;
      const lines = await tokenize(text);
      const tokens = findTokens(lines, operator);
      assert.deepEqual(tokens.map((token) => token.text), [operator], `${operator} should be one token`);
      assert.ok(tokens[0]?.scopes.includes('keyword.operator.comparison.iql'), describeTokens(lines, operator));
    }
  });

  it('scopes bins braces, parentheses, commas and the terminator', async () => {
    const text = "SELECT AGGREGATE(Gender {'F', 'M'}) FROM Retail;";
    await expectScope(text, '{', 'punctuation.section.bins.begin.iql');
    await expectScope(text, '}', 'punctuation.section.bins.end.iql');
    await expectScope(text, '(', 'punctuation.section.parens.begin.iql');
    await expectScope(text, ')', 'punctuation.section.parens.end.iql');
    await expectScope(text, ',', 'punctuation.separator.comma.iql');
    await expectScope(text, ';', 'punctuation.terminator.statement.iql');
  });
});

describe('IQL grammar: comments and directives', () => {
  it('scopes -- comments to the end of the line', async () => {
    const text = 'SELECT COUNT() -- how many?\nFROM Retail';
    await expectScope(text, '-- how many?', 'comment.line.double-dash.iql');
    await expectScope(text, '--', 'punctuation.definition.comment.iql');
    await expectScope(text, 'FROM', 'keyword.other.clause.iql');
  });

  it('scopes /* */ comments across lines', async () => {
    const text = 'SELECT /* first\n second SELECT\n end */ COUNT()';
    await expectScope(text, '/*', 'punctuation.definition.comment.begin.iql');
    await expectScope(text, 'first', 'comment.block.iql');
    await expectScope(text, 'second SELECT', 'comment.block.iql');
    await expectScope(text, '*/', 'punctuation.definition.comment.end.iql');
    await expectScope(text, 'COUNT', 'support.function.iql');
  });

  it('scopes an @collaboration directive and its value inside the comment', async () => {
    const text = '-- @collaboration CLB.7f3a2c     names below are collaboration dataset names\nSELECT COUNT() FROM self';
    await expectScope(text, '@collaboration', 'keyword.other.directive.iql');
    await expectScope(text, '@', 'punctuation.definition.directive.iql');
    await expectScope(text, 'CLB.7f3a2c', 'entity.name.tag.directive-value.iql');
    await expectNoScope(text, 'CLB.7f3a2c', 'constant.numeric');
    await expectNoScope(text, 'names below', 'entity.name.tag');
    for (const needle of ['--', '@collaboration', 'CLB.7f3a2c', 'names below']) {
      await expectScope(text, needle, 'comment.line.double-dash.iql');
    }
    await expectScope(text, 'SELECT', 'keyword.other.clause.iql');
  });

  it('scopes an @profile directive, even indented and without a space after --', async () => {
    await expectScope('-- @profile staging', '@profile', 'keyword.other.directive.iql');
    await expectScope('-- @profile staging', 'staging', 'entity.name.tag.directive-value.iql');
    await expectScope('-- @profile staging', 'staging', 'comment.line.double-dash.iql');
    await expectScope('  --@profile prod', '@profile', 'keyword.other.directive.iql');
    await expectScope('-- @profile', '@profile', 'keyword.other.directive.iql');
  });

  it('does not treat an @word in the middle of a comment, or an unknown one, as a directive', async () => {
    await expectNoScope('-- see @profile staging', '@profile', 'keyword.other.directive');
    await expectNoScope('SELECT COUNT() -- @profile staging', '@profile', 'keyword.other.directive');
    await expectNoScope('-- @profiles staging', '@profiles', 'keyword.other.directive');
    await expectNoScope('-- @todo later', '@todo', 'keyword.other.directive');
    await expectScope('-- @todo later', '@todo', 'comment.line.double-dash.iql');
  });
});
