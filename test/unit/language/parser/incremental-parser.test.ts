/**
 * The incremental parser must answer exactly as a parse of the whole text, version after
 * version, whatever the edits: inside a query, across query boundaries, opening a block
 * comment or a string that hides what follows, breaking or making a SELECT.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { IncrementalParser, parseIql } from '../../../../language/src/parser/index';
import { applyEdit, edit, examples, pieces, soup } from './text-arbitraries';

/** Several examples in one document, so that edits meet many queries and their boundaries. */
const documents = fc.array(fc.oneof(fc.constantFrom(...examples), soup), { minLength: 1, maxLength: 6 }).map((parts) => parts.join('\n'));

/** Edits that change what the lexer sees far away: comment and string openers, SELECT itself. */
const farReachingEdit = fc.record({
  kind: fc.constantFrom('insert' as const, 'delete' as const, 'replace' as const),
  at: fc.nat(),
  length: fc.nat({ max: 8 }),
  chunk: fc.constantFrom('/*', '*/', "'", '"', '--', '\n', 'SELECT ', 'select', 'S', 'x', '1', '_', ';', ...pieces),
});

function replay(text: string, edits: readonly Parameters<typeof applyEdit>[1][]): void {
  const parser = new IncrementalParser();
  let current = text;
  assert.deepEqual(parser.parse(current), parseIql(current), `first version: ${JSON.stringify(current)}`);
  for (const change of edits) {
    current = applyEdit(current, change);
    assert.deepEqual(parser.parse(current), parseIql(current), `after ${JSON.stringify(change)}: ${JSON.stringify(current)}`);
  }
}

describe('incremental parser', () => {
  it('answers as a whole parse after any edit of a document of several queries', () => {
    fc.assert(fc.property(documents, fc.array(fc.oneof(edit, farReachingEdit), { minLength: 1, maxLength: 12 }), replay), { numRuns: 300 });
  });

  it('answers as a whole parse for random token soup, edited', () => {
    fc.assert(fc.property(soup, fc.array(farReachingEdit, { maxLength: 8 }), replay), { numRuns: 300 });
  });

  it('reparses only the query an edit touched', () => {
    const queries = Array.from({ length: 200 }, (_, index) => `SELECT COUNT() FROM Retail WHERE Retail.Age > ${index};\n`);
    const parser = new IncrementalParser();
    const first = parser.parse(queries.join(''));
    queries[100] = queries[100].replace('Retail.Age', 'Retail.Agee');
    const second = parser.parse(queries.join(''));
    // Queries before the edit are the very same objects; the edited one is new.
    assert.equal(second.ast.queries[99], first.ast.queries[99]);
    assert.notEqual(second.ast.queries[100], first.ast.queries[100]);
    assert.deepEqual(second, parseIql(queries.join('')));
  });

  it('survives a 50,000-long chain of set operators (a tree deeper than the call stack)', () => {
    const chain = `SELECT COUNT() FROM ${Array.from({ length: 50_000 }, () => 'Retail').join(' INTERSECT ')}`;
    const parser = new IncrementalParser();
    parser.parse(`-- header\n${chain}`);
    const moved = parser.parse(`-- a longer header\n${chain}`);
    assert.equal(moved.ast.queries.length, 1);
    assert.equal(moved.ast.queries[0].span.start, '-- a longer header\n'.length);
  });
});
