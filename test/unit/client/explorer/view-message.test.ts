import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeViewMessage } from '../../../../client/src/explorer/view-message';

describe('describeViewMessage', () => {
  test('names the profile and the filter', () => {
    assert.equal(describeViewMessage('demo', ''), 'Profile "demo"');
    assert.equal(describeViewMessage('demo', 'ret'), 'Profile "demo" · filter "ret"');
    assert.equal(describeViewMessage(undefined, ''), undefined);
  });
});
