import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatInt64, int64Schema, readInt64, readOptionalInt64 } from '../../../common/api';

test('64-bit counts: numbers when exact, bigints beyond 2^53', () => {
  assert.equal(readInt64('0'), 0);
  assert.equal(readInt64('9007199254740991'), 9007199254740991);
  assert.equal(readInt64('9007199254740992'), 9007199254740992n);
  assert.equal(readInt64('18446744073709551615'), 18446744073709551615n);
  assert.equal(readInt64('-42'), -42);
  assert.equal(readInt64(1234), 1234);
  assert.equal(readInt64(2 ** 60), 2n ** 60n);
  assert.ok(Number.isNaN(readInt64('12abc') as number));
  assert.equal(readOptionalInt64(undefined), 0);
  assert.equal(formatInt64('18446744073709551615'), '18,446,744,073,709,551,615');
  assert.equal(formatInt64('1234567'), '1,234,567');
});

test('the wire schema accepts decimal strings and integers only', () => {
  assert.equal(int64Schema.safeParse('123').success, true);
  assert.equal(int64Schema.safeParse(123).success, true);
  assert.equal(int64Schema.safeParse('1.5').success, false);
  assert.equal(int64Schema.safeParse('').success, false);
  assert.equal(int64Schema.safeParse(1.5).success, false);
  assert.equal(int64Schema.safeParse(null).success, false);
});
