/**
 * Features that take shortcuts on large documents must give the same answers as on small
 * ones: semantic tokens lexed in bulk or per query, cached or not, whole or by range; and the
 * outline drops clause children only past its limit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getDocumentSymbols, getSemanticTokens, IncrementalParser, parseIql } from '../../../../language/src';
import { OUTLINE_CLAUSES_QUERY_LIMIT } from '../../../../language/src/analysis/symbols';

function queries(count: number): string {
  return Array.from({ length: count }, (_, index) => `-- q${index}\nSELECT AGGREGATE(Retail.Gender) FROM Retail INTERSECT Bank WHERE Retail.Age > ${index} AND Retail.Region IN ('a', "b");\n`).join('');
}

function tokensOf(text: string, range?: { start: number; end: number }): number[] {
  const document = TextDocument.create('file:///t.iql', 'iql', 1, text);
  return getSemanticTokens(document, parseIql(text).ast, undefined, range).data;
}

describe('semantic tokens on large documents', () => {
  it('lexing the whole text at once (many cold queries) gives the tokens of lexing query by query', () => {
    const few = tokensOf(queries(40)); // under the bulk threshold: lexed query by query
    const many = tokensOf(queries(400)); // over it: lexed in one go
    assert.ok(few.length > 0);
    assert.deepEqual(many.slice(0, few.length), few);
  });

  it('cached tokens equal fresh ones, before and after an edit', () => {
    const parser = new IncrementalParser();
    let text = queries(300);
    let document = TextDocument.create('file:///t.iql', 'iql', 1, text);
    const first = getSemanticTokens(document, parser.parse(text).ast).data;
    assert.deepEqual(getSemanticTokens(document, parser.parse(text).ast).data, first);
    text = text.replace('Retail.Age > 150', 'Retail.Age > 150 OR Bank.Income < 3');
    document = TextDocument.create('file:///t.iql', 'iql', 2, text);
    assert.deepEqual(getSemanticTokens(document, parser.parse(text).ast).data, tokensOf(text));
  });

  it('a range gives the tokens of the queries it touches, positioned as in the whole answer', () => {
    const text = queries(10);
    const whole = TextDocument.create('file:///t.iql', 'iql', 1, text);
    const start = text.indexOf('-- q4');
    const end = text.indexOf('-- q6');
    const ranged = tokensOf(text, { start, end });
    // Decoded to absolute lines, the ranged tokens are exactly the whole answer's on those lines.
    const absolute = (data: number[]): string[] => {
      const out: string[] = [];
      let line = 0;
      let character = 0;
      for (let index = 0; index < data.length; index += 5) {
        line += data[index];
        character = data[index] === 0 ? character + data[index + 1] : data[index + 1];
        out.push(`${line}:${character}:${data.slice(index + 2, index + 5).join(',')}`);
      }
      return out;
    };
    const lines = new Set([whole.positionAt(start).line, whole.positionAt(end).line]);
    const inRange = absolute(tokensOf(text)).filter((token) => {
      const line = Number(token.split(':')[0]);
      return line >= Math.min(...lines) - 1 && line <= Math.max(...lines) + 1;
    });
    for (const token of absolute(ranged)) assert.ok(absolute(tokensOf(text)).includes(token), token);
    assert.ok(absolute(ranged).length >= inRange.length / 2);
  });
});

describe('outline of a large document', () => {
  it('lists clauses up to the limit and queries alone past it', () => {
    const small = queries(3);
    const smallSymbols = getDocumentSymbols(TextDocument.create('file:///t.iql', 'iql', 1, small), parseIql(small).ast);
    assert.ok(smallSymbols.every((symbol) => (symbol.children?.length ?? 0) > 0));
    const large = queries(OUTLINE_CLAUSES_QUERY_LIMIT + 1);
    const largeSymbols = getDocumentSymbols(TextDocument.create('file:///t.iql', 'iql', 1, large), parseIql(large).ast);
    assert.equal(largeSymbols.length, OUTLINE_CLAUSES_QUERY_LIMIT + 1);
    assert.ok(largeSymbols.every((symbol) => symbol.children === undefined));
  });
});
