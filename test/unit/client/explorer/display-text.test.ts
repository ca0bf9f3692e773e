import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { defuseLinks, formatCount, formatPercent, oneLine, shortEnum } from '../../../../client/src/explorer/display-text';

describe('display text', () => {
  test('formatCount groups digits and stays exact beyond 2^53', () => {
    assert.equal(formatCount('1234567'), '1,234,567');
    assert.equal(formatCount(999), '999');
    assert.equal(formatCount('9007199254740993'), '9,007,199,254,740,993');
    assert.equal(formatCount('-1200'), '-1,200');
    assert.equal(formatCount(undefined), undefined);
    assert.equal(formatCount('12a'), undefined);
  });

  test('shortEnum drops the prefix', () => {
    assert.equal(shortEnum('ACTIVATION_SEGMENT_STATUS_READY', 'ACTIVATION_SEGMENT_STATUS_'), 'ready');
    assert.equal(shortEnum('EXPORT_STATUS_SUCCESSFUL', 'EXPORT_STATUS_'), 'successful');
    assert.equal(shortEnum('SOMETHING_ELSE', 'EXPORT_STATUS_'), 'something else');
    assert.equal(shortEnum(undefined, 'X_'), undefined);
  });

  test('oneLine removes line breaks and control characters', () => {
    assert.equal(oneLine('a\nb\r\n\tc\u2028d'), 'a b c d');
  });

  test('formatPercent', () => {
    assert.equal(formatPercent(0.256), '25.6%');
    assert.equal(formatPercent(1), '100%');
    assert.equal(formatPercent(undefined), undefined);
  });

  test('defuseLinks breaks Markdown link syntax', () => {
    assert.equal(defuseLinks('see [here](command:evil)'), 'see [here] (command:evil)');
  });
});
