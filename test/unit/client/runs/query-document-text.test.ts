import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildQueryDocumentText, locateQuery } from '../../../../client/src/runs/query-document-text';
import { createRunRecord } from '../../../../client/src/runs/run-transitions';
import { parseIql } from '../../../../language/src/parser/index';

const query = "SELECT self.ID FROM self INTERSECT them\nWHERE them.Interest IN ('Cycling')";

test('a reopened query carries the directives of its target, and parses with them', () => {
  const text = buildQueryDocumentText(createRunRecord({ query: `${query}\n\n`, kind: 'activation', target: { profile: 'staging', collaboration: 'CLB.demo' } }, 'r', 0));
  assert.equal(text, `-- @profile staging\n-- @collaboration CLB.demo\n\n${query}\n`);
  const parsed = parseIql(text);
  assert.deepEqual(parsed.ast.directives.map((d) => [d.name, d.value]), [['profile', 'staging'], ['collaboration', 'CLB.demo']]);
  assert.equal(parsed.ast.queries.length, 1);
});

test('without a target there are no directives', () => {
  assert.equal(buildQueryDocumentText(createRunRecord({ query: 'SELECT COUNT() FROM Retail', kind: 'insight', target: {} }, 'r', 0)), 'SELECT COUNT() FROM Retail\n');
});

test('locateQuery finds the text, nearest the given offset, or answers -1', () => {
  const doc = 'SELECT COUNT() FROM A;\nSELECT COUNT() FROM A;\n';
  assert.equal(locateQuery(doc, 'SELECT COUNT() FROM A'), 0);
  assert.equal(locateQuery(doc, 'SELECT COUNT() FROM A', 20), 23);
  assert.equal(locateQuery(doc, 'SELECT COUNT() FROM B'), -1);
  assert.equal(locateQuery(doc, ''), -1);
});
