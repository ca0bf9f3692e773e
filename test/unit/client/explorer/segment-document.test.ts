import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildSegmentDocument } from '../../../../client/src/explorer/segment-document';

describe('buildSegmentDocument', () => {
  test('names the segment in a comment and keeps its query verbatim', () => {
    const text = buildSegmentDocument(
      { id: 'ATS.demo2', name: 'Young\nreaders', query: 'SELECT self.ID FROM self INTERSECT them WHERE self.Age < 30 LINK WITH graph' },
      { profile: 'demo', collaboration: 'CLB.demo' },
    );
    assert.equal(
      text,
      '-- @profile demo\n-- @collaboration CLB.demo\n-- Activation segment "Young readers" (ATS.demo2)\nSELECT self.ID FROM self INTERSECT them WHERE self.Age < 30 LINK WITH graph\n',
    );
  });

  test('says so when the service gave no query', () => {
    assert.match(buildSegmentDocument({ id: 'ATS.1' }, {}), /returned no query/);
  });
});
