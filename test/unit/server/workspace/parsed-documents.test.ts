import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ParsedDocuments } from '../../../../server/src/workspace/parsed-documents';
import { TextStore } from '../server-fixture';

const URI = 'file:///ws/a.iql';

describe('ParsedDocuments', () => {
  it('parses a version once: asking again returns the very same parse', () => {
    const texts = new TextStore();
    const parsed = new ParsedDocuments();
    const document = texts.open(URI, 'SELECT COUNT() FROM Retail');
    const first = parsed.get(document);
    assert.equal(parsed.get(document), first);
    // Another TextDocument object at the same version is the same version: no new parse.
    assert.equal(parsed.get(TextDocument.create(URI, 'iql', 1, 'SELECT COUNT() FROM Retail')), first);
  });

  it('parses again when the version changes, and the new parse reads the new text', () => {
    const texts = new TextStore();
    const parsed = new ParsedDocuments();
    const first = parsed.get(texts.open(URI, 'SELECT COUNT() FROM Retail'));
    const second = parsed.get(texts.change(URI, 'SELECT COUNT() FROM Retail\n\nSELECT COUNT() FROM Bank'));
    assert.notEqual(second, first);
    assert.equal(first.ast.queries.length, 1);
    assert.equal(second.ast.queries.length, 2);
  });

  it('keeps one parse per document', () => {
    const texts = new TextStore();
    const parsed = new ParsedDocuments();
    const a = parsed.get(texts.open(URI, 'SELECT COUNT() FROM Retail'));
    const b = parsed.get(texts.open('file:///ws/b.iql', 'SELECT FROM Retail'));
    assert.notEqual(a, b);
    assert.equal(parsed.get(texts.get(URI)!), a);
    assert.deepEqual(b.problems.map((p) => p.code), ['iql.empty-select']);
  });

  it('forgets a deleted document: the next ask parses afresh', () => {
    const texts = new TextStore();
    const parsed = new ParsedDocuments();
    const document = texts.open(URI, 'SELECT COUNT() FROM Retail');
    const first = parsed.get(document);
    parsed.delete(URI);
    const again = parsed.get(document);
    assert.notEqual(again, first);
    assert.deepEqual(again.ast.queries.map((q) => q.span), first.ast.queries.map((q) => q.span));
  });
});
