import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lexIql } from '../../../../language/src/parser/lexer';

/** `[type name, image]` of every parser token. */
function kinds(text: string): [string, string][] {
  return lexIql(text).tokens.map((token) => [token.tokenType.name, token.image]);
}

describe('lexIql', () => {
  it('reads every keyword, case-insensitively', () => {
    const words = ['SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'NOT', 'IN', 'ENRICH', 'LINK', 'WITH', 'UNION', 'INTERSECT', 'EXCLUDE', 'COUNT', 'AGGREGATE', 'TOPN', 'SUM', 'AVG'];
    const names = ['Select', 'From', 'Where', 'And', 'Or', 'Not', 'In', 'Enrich', 'Link', 'With', 'Union', 'Intersect', 'Exclude', 'Count', 'Aggregate', 'TopN', 'Sum', 'Avg'];
    for (const spelling of [words, words.map((word) => word.toLowerCase()), words.map((word) => word[0] + word.slice(1).toLowerCase())]) {
      assert.deepEqual(kinds(spelling.join(' ')).map(([name]) => name), names);
    }
    assert.deepEqual(kinds('TopN Aggregate Union'), [['TopN', 'TopN'], ['Aggregate', 'Aggregate'], ['Union', 'Union']]);
  });

  it('reads a longer word that starts with a keyword as an identifier', () => {
    assert.deepEqual(kinds('Counter Selected Index Internal Order Wither'), [
      ['Identifier', 'Counter'],
      ['Identifier', 'Selected'],
      ['Identifier', 'Index'],
      ['Identifier', 'Internal'],
      ['Identifier', 'Order'],
      ['Identifier', 'Wither'],
    ]);
    assert.deepEqual(kinds('in intersect'), [['In', 'in'], ['Intersect', 'intersect']]);
  });

  it('reads identifiers, quoted names with "" escapes, and strings with \'\' escapes', () => {
    assert.deepEqual(kinds(`_a1 Retail "Personal Income" "say ""hi""" 'Female' 'it''s' ''`), [
      ['Identifier', '_a1'],
      ['Identifier', 'Retail'],
      ['QuotedName', '"Personal Income"'],
      ['QuotedName', '"say ""hi"""'],
      ['StringLiteral', "'Female'"],
      ['StringLiteral', "'it''s'"],
      ['StringLiteral', "''"],
    ]);
  });

  it('reads accented Latin letters in identifiers and asks for quotes around other scripts', () => {
    const lexed = lexIql('Région naïve_2 Привет');
    assert.deepEqual(lexed.tokens.map((token) => [token.tokenType.name, token.image]), [['Identifier', 'Région'], ['Identifier', 'naïve_2']]);
    assert.deepEqual(lexed.problems.map((problem) => [problem.code, problem.span]), [['iql.unknown-character', { start: 15, end: 21 }]]);
    assert.match(lexed.problems[0].message, /quoted/);
  });

  it('reads integers, decimals and negative numbers', () => {
    assert.deepEqual(kinds('30 20000 0.5 -3 -2.25'), [
      ['NumberLiteral', '30'],
      ['NumberLiteral', '20000'],
      ['NumberLiteral', '0.5'],
      ['NumberLiteral', '-3'],
      ['NumberLiteral', '-2.25'],
    ]);
  });

  it('reads every comparison operator, longest first', () => {
    assert.deepEqual(kinds('= != <> < <= > >='), [
      ['Equals', '='],
      ['NotEquals', '!='],
      ['NotEquals', '<>'],
      ['Less', '<'],
      ['LessEquals', '<='],
      ['Greater', '>'],
      ['GreaterEquals', '>='],
    ]);
    assert.deepEqual(kinds('a>=-3'), [['Identifier', 'a'], ['GreaterEquals', '>='], ['NumberLiteral', '-3']]);
  });

  it('reads punctuation', () => {
    assert.deepEqual(kinds('( ) { } , . ; /').map(([name]) => name), ['LParen', 'RParen', 'LBrace', 'RBrace', 'Comma', 'Dot', 'Semicolon', 'Slash']);
  });

  it('keeps line and block comments apart from the tokens, and skips whitespace', () => {
    const text = '-- @profile staging\nSELECT /* inline */ COUNT()\r\n\t-- end';
    const lexed = lexIql(text);
    assert.deepEqual(lexed.tokens.map((token) => token.image), ['SELECT', 'COUNT', '(', ')']);
    assert.deepEqual(lexed.comments.map((token) => [token.tokenType.name, token.image]), [
      ['LineComment', '-- @profile staging'],
      ['BlockComment', '/* inline */'],
      ['LineComment', '-- end'],
    ]);
    assert.deepEqual(lexed.problems, []);
  });

  it('gives UTF-16 offsets', () => {
    const text = "'é😀' x";
    const [string, name] = lexIql(text).tokens;
    assert.equal(string.startOffset, 0);
    assert.equal(string.image.length, 5);
    assert.equal(name.startOffset, 6);
  });

  it('lexes an unterminated string as a string token that ends at the line end, with a problem', () => {
    const lexed = lexIql("WHERE a = 'Scot\nAND b = 1");
    assert.deepEqual(lexed.tokens.map((token) => token.image), ['WHERE', 'a', '=', "'Scot", 'AND', 'b', '=', '1']);
    assert.equal(lexed.tokens[3].tokenType.name, 'UnterminatedString');
    assert.deepEqual(lexed.problems.map((problem) => [problem.code, problem.span]), [['iql.unterminated-string', { start: 10, end: 15 }]]);
  });

  it('lexes an unterminated quoted name as a quoted name token, with a problem', () => {
    const lexed = lexIql('FROM "Retail\nWHERE');
    assert.equal(lexed.tokens[1].tokenType.name, 'UnterminatedQuotedName');
    assert.equal(lexed.tokens[2].image, 'WHERE');
    assert.deepEqual(lexed.problems.map((problem) => problem.code), ['iql.unterminated-name']);
  });

  it('lexes an unterminated block comment as a comment to the end, with a problem', () => {
    const lexed = lexIql('SELECT /* never closed\nFROM x');
    assert.deepEqual(lexed.tokens.map((token) => token.image), ['SELECT']);
    assert.equal(lexed.comments[0].tokenType.name, 'UnterminatedBlockComment');
    assert.deepEqual(lexed.problems.map((problem) => [problem.code, problem.span]), [['iql.unterminated-comment', { start: 7, end: 9 }]]);
  });

  it('reports characters that start no token and skips them', () => {
    const lexed = lexIql('a # b ! c - d');
    assert.deepEqual(lexed.tokens.map((token) => token.image), ['a', 'b', 'c', 'd']);
    assert.deepEqual(lexed.problems.map((problem) => [problem.code, problem.span.start]), [
      ['iql.unknown-character', 2],
      ['iql.unknown-character', 6],
      ['iql.unknown-character', 10],
    ]);
    assert.match(lexed.problems[1].message, /!=/);
    assert.match(lexed.problems[2].message, /comment/);
  });

  it('never throws, whatever the characters', () => {
    const junk = Array.from({ length: 5000 }, (_, index) => String.fromCharCode((index * 7919) % 65536)).join('');
    const lexed = lexIql(junk);
    for (const problem of lexed.problems) {
      assert.ok(problem.span.start >= 0 && problem.span.end <= junk.length && problem.span.start < problem.span.end);
    }
  });
});
