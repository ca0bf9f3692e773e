import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { OpenDocuments } from '../../../../server/src/workspace/open-documents';
import { ParsedDocuments } from '../../../../server/src/workspace/parsed-documents';
import { TextStore } from '../server-fixture';

const URI = 'file:///ws/open.iql';

function setUp(): { texts: TextStore; parsed: ParsedDocuments; documents: OpenDocuments } {
  const texts = new TextStore();
  const parsed = new ParsedDocuments();
  return { texts, parsed, documents: new OpenDocuments(texts, parsed) };
}

describe('OpenDocuments', () => {
  it('finds an open document with the one parse of its current version', () => {
    const { texts, parsed, documents } = setUp();
    const document = texts.open(URI, 'SELECT COUNT() FROM Retail');
    const found = documents.find(URI);
    assert.ok(found);
    assert.equal(found.document, document);
    // The handlers and the scheduler share the cache: the same object, not a second parse.
    assert.equal(found.parsed, parsed.get(document));
    assert.equal(documents.parse(document), found.parsed);
  });

  it('follows edits: after a change the parse is of the new version', () => {
    const { texts, documents } = setUp();
    texts.open(URI, 'SELECT COUNT() FROM Retail');
    const before = documents.find(URI)!.parsed;
    texts.change(URI, 'SELECT FROM Retail');
    const after = documents.find(URI)!;
    assert.equal(after.document.version, 2);
    assert.notEqual(after.parsed, before);
    assert.deepEqual(after.parsed.problems.map((p) => p.code), ['iql.empty-select']);
  });

  it('answers undefined for a document the editor has not opened, and lists the open ones', () => {
    const { texts, documents } = setUp();
    assert.equal(documents.find(URI), undefined);
    assert.equal(documents.text(URI), undefined);
    texts.open(URI, 'SELECT COUNT() FROM Retail');
    texts.open('file:///ws/other.iql', '');
    assert.equal(documents.text(URI)?.getText(), 'SELECT COUNT() FROM Retail');
    assert.deepEqual(documents.all().map((d) => d.uri).sort(), ['file:///ws/open.iql', 'file:///ws/other.iql']);
    texts.close(URI);
    assert.equal(documents.find(URI), undefined);
  });
});
