import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseIql } from '../../../../language/src';
import { describeQueries } from '../../../../server/src/workspace/query-infos';

const TEXT = '-- two queries\nSELECT COUNT() FROM Retail\n\nSELECT FROM Bank\n';

function describeAt(offset?: number): ReturnType<typeof describeQueries> {
  return describeQueries(TextDocument.create('file:///ws/q.iql', 'iql', 1, TEXT), parseIql(TEXT), offset);
}

describe('describeQueries', () => {
  it('describes every query of the file when no offset is given', () => {
    const queries = describeAt();
    assert.deepEqual(queries.map((q) => q.text), ['SELECT COUNT() FROM Retail', 'SELECT FROM Bank']);
    assert.deepEqual(queries.map((q) => q.kind), ['insight', 'insight']);
  });

  it('describes only the query under the cursor, with its offset and range', () => {
    const offset = TEXT.indexOf('Bank');
    const [query, ...rest] = describeAt(offset);
    assert.deepEqual(rest, []);
    assert.equal(query!.text, 'SELECT FROM Bank');
    assert.equal(query!.offset, TEXT.indexOf('SELECT FROM'));
    assert.deepEqual(query!.range, { start: { line: 3, character: 0 }, end: { line: 3, character: 'SELECT FROM Bank'.length } });
  });

  it('marks a query with local errors, and only that one', () => {
    assert.deepEqual(describeAt().map((q) => q.hasLocalErrors), [false, true]);
  });

  it('takes the next query when the cursor is on the leading comment, the last one after every query', () => {
    assert.deepEqual(describeAt(3).map((q) => q.text), ['SELECT COUNT() FROM Retail']);
    assert.deepEqual(describeAt(TEXT.indexOf('\n\nSELECT FROM') + 1).map((q) => q.text), ['SELECT FROM Bank']);
    const trailing = `${TEXT}\n-- the end\n`;
    const offset = trailing.indexOf('the end');
    assert.deepEqual(describeQueries(TextDocument.create('file:///ws/t.iql', 'iql', 1, trailing), parseIql(trailing), offset).map((q) => q.text), ['SELECT FROM Bank']);
  });

  it('answers nothing for a file without any query', () => {
    const text = '-- nothing yet\n';
    assert.deepEqual(describeQueries(TextDocument.create('file:///ws/e.iql', 'iql', 1, text), parseIql(text), 3), []);
  });
});
