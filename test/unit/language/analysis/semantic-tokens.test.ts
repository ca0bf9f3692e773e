import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getSemanticTokens, SEMANTIC_TOKEN_LEGEND } from '../../../../language/src/analysis/semantic-tokens';
import type { Catalog } from '../../../../language/src/catalog/catalog';
import { parseIql } from '../../../../language/src/parser';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';

interface Decoded {
  readonly line: number;
  readonly character: number;
  readonly length: number;
  readonly type: string;
  readonly modifiers: readonly string[];
}

/** Undoes LSP's relative encoding: absolute positions, type and modifier names. */
function decode(data: readonly number[]): Decoded[] {
  assert.equal(data.length % 5, 0, 'five integers per token');
  const decoded: Decoded[] = [];
  let line = 0;
  let character = 0;
  for (let index = 0; index < data.length; index += 5) {
    const [deltaLine, deltaCharacter, length, type, bits] = data.slice(index, index + 5) as [number, number, number, number, number];
    line += deltaLine;
    character = deltaLine === 0 ? character + deltaCharacter : deltaCharacter;
    const modifiers = SEMANTIC_TOKEN_LEGEND.tokenModifiers.filter((_, bit) => (bits & (1 << bit)) !== 0);
    assert.ok(type < SEMANTIC_TOKEN_LEGEND.tokenTypes.length, 'type index in the legend');
    decoded.push({ line, character, length, type: SEMANTIC_TOKEN_LEGEND.tokenTypes[type]!, modifiers });
  }
  return decoded;
}

/** Each token as [its text, its type, its modifiers joined with '+']. */
function tokens(text: string, catalog?: Catalog): Array<[string, string, string]> {
  const document = TextDocument.create('file:///t.iql', 'iql', 1, text);
  const { ast } = parseIql(text);
  const lines = text.split('\n');
  return decode(getSemanticTokens(document, ast, catalog).data).map((token) => [
    lines[token.line]!.slice(token.character, token.character + token.length),
    token.type,
    token.modifiers.join('+'),
  ]);
}

describe('semantic tokens', () => {
  it('announces standard token types, plus one custom modifier', () => {
    assert.deepEqual(SEMANTIC_TOKEN_LEGEND.tokenTypes, ['namespace', 'property', 'enumMember', 'function', 'keyword', 'string', 'number', 'operator']);
    assert.deepEqual(SEMANTIC_TOKEN_LEGEND.tokenModifiers, ['readonly', 'defaultLibrary', 'unresolved']);
  });

  it('tells datasets, categories, representations, functions, keywords and literals apart', () => {
    const text = `SELECT Aggregate(Retail.Age/"Five Year Bins", Gender {'Female', 'Male'}) FROM (Retail UNION Bank) EXCLUDE Publisher1 WHERE Bank.Income > 20000 AND NOT Region IN ('Wales') ENRICH WITH Opaque LINK WITH "Id Graph"`;
    assert.deepEqual(tokens(text), [
      ['SELECT', 'keyword', ''],
      ['Aggregate', 'function', 'defaultLibrary'],
      ['Retail', 'namespace', ''],
      ['Age', 'property', ''],
      ['"Five Year Bins"', 'enumMember', ''],
      ['Gender', 'property', ''],
      ["'Female'", 'string', ''],
      ["'Male'", 'string', ''],
      ['FROM', 'keyword', ''],
      ['Retail', 'namespace', ''],
      ['UNION', 'keyword', ''],
      ['Bank', 'namespace', ''],
      ['EXCLUDE', 'keyword', ''],
      ['Publisher1', 'namespace', ''],
      ['WHERE', 'keyword', ''],
      ['Bank', 'namespace', ''],
      ['Income', 'property', ''],
      ['>', 'operator', ''],
      ['20000', 'number', ''],
      ['AND', 'keyword', ''],
      ['NOT', 'keyword', ''],
      ['Region', 'property', ''],
      ['IN', 'keyword', ''],
      ["'Wales'", 'string', ''],
      ['ENRICH', 'keyword', ''],
      ['WITH', 'keyword', ''],
      ['Opaque', 'namespace', ''],
      ['LINK', 'keyword', ''],
      ['WITH', 'keyword', ''],
      ['"Id Graph"', 'namespace', ''],
    ]);
  });

  it('marks TOPN, SUM and AVG as functions and a double-quoted value as a string', () => {
    assert.deepEqual(tokens('SELECT TOPN(Retail.Region, 3) FROM Retail WHERE Region = "London"').slice(1, 6), [
      ['TOPN', 'function', 'defaultLibrary'],
      ['Retail', 'namespace', ''],
      ['Region', 'property', ''],
      ['3', 'number', ''],
      ['FROM', 'keyword', ''],
    ]);
    assert.deepEqual(tokens('SELECT COUNT() FROM Retail WHERE Region = "London"').slice(-1), [['"London"', 'string', '']]);
    assert.deepEqual(tokens('select sum(Spend), avg(Spend) from Retail').slice(1, 5), [
      ['sum', 'function', 'defaultLibrary'],
      ['Spend', 'property', ''],
      ['avg', 'function', 'defaultLibrary'],
      ['Spend', 'property', ''],
    ]);
  });

  it('marks output columns of an activation query as read-only properties', () => {
    assert.deepEqual(tokens('SELECT Retail.ID, Retail.EmailHash FROM Retail').slice(1, 5), [
      ['Retail', 'namespace', ''],
      ['ID', 'property', 'readonly'],
      ['Retail', 'namespace', ''],
      ['EmailHash', 'property', 'readonly'],
    ]);
  });

  it('with a catalog, marks names that do not resolve, and only those', () => {
    const text = 'SELECT AGGREGATE(Retail.Age/Decades, Retail.Gendr, Age, Nope.Income) FROM Retail INTERSECT Bank INTERSECT Retial';
    const unresolved = tokens(text, DEMO_CATALOG).filter(([, , modifiers]) => modifiers.includes('unresolved'));
    // Age alone is ambiguous (Retail and Bank both have it): it exists, so it is not marked.
    assert.deepEqual(unresolved, [
      ['Decades', 'enumMember', 'unresolved'],
      ['Gendr', 'property', 'unresolved'],
      ['Nope', 'namespace', 'unresolved'],
      ['Retial', 'namespace', 'unresolved'],
    ]);
    const columns = tokens('SELECT Retail.ID, Retail.Phone FROM Retail', DEMO_CATALOG).slice(1, 5);
    assert.deepEqual(columns.map(([name, , modifiers]) => [name, modifiers]), [
      ['Retail', ''],
      ['ID', 'readonly'],
      ['Retail', ''],
      ['Phone', 'readonly+unresolved'],
    ]);
    assert.equal(tokens(text).some(([, , modifiers]) => modifiers.includes('unresolved')), false, 'no catalog, no marks');
  });

  it('encodes positions relative to the previous token across lines', () => {
    const text = 'SELECT COUNT()\n  FROM Retail -- comments are left to the grammar\n/* here too */ WHERE Age > 3';
    const document = TextDocument.create('file:///t.iql', 'iql', 1, text);
    const decoded = decode(getSemanticTokens(document, parseIql(text).ast).data);
    assert.deepEqual(
      decoded.map((token) => [token.line, token.character, token.length, token.type]),
      [
        [0, 0, 6, 'keyword'],
        [0, 7, 5, 'function'],
        [1, 2, 4, 'keyword'],
        [1, 7, 6, 'namespace'],
        [2, 15, 5, 'keyword'],
        [2, 21, 3, 'property'],
        [2, 25, 1, 'operator'],
        [2, 27, 1, 'number'],
      ],
    );
  });

  it('still colours what it can read in a broken query', () => {
    assert.deepEqual(tokens("SELECT COUNT( FROM Retail WHERE Age = 'open"), [
      ['SELECT', 'keyword', ''],
      ['COUNT', 'function', 'defaultLibrary'],
      ['FROM', 'keyword', ''],
      ['Retail', 'namespace', ''],
      ['WHERE', 'keyword', ''],
      ['Age', 'property', ''],
      ['=', 'operator', ''],
      ["'open", 'string', ''],
    ]);
    assert.deepEqual(getSemanticTokens(TextDocument.create('file:///e.iql', 'iql', 1, ''), parseIql('').ast), { data: [] });
  });
});
