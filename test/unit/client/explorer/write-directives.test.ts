import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { writeDirectives } from '../../../../client/src/explorer/write-directives';

describe('writeDirectives', () => {
  test('keeps each directive on its own line whatever the value holds', () => {
    assert.equal(writeDirectives({ profile: 'a\nSELECT 1', collaboration: 'CLB.x\r\n' }), '-- @profile a SELECT 1\n-- @collaboration CLB.x\n');
    assert.equal(writeDirectives({}), '');
  });
});
