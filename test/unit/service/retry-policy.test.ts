import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeBackoffDelay, DEFAULT_RETRY_OPTIONS, parseRetryAfter } from '../../../service/src';
import { chooseRetryDelay, isRetryableStatus } from '../../../service/src/retry-policy';

const options = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterMs: 5_000 };

test('full jitter stays within the exponential ceiling and its cap', () => {
  assert.equal(computeBackoffDelay(1, options, () => 0.999), 99);
  assert.equal(computeBackoffDelay(3, options, () => 0.999), 399);
  assert.equal(computeBackoffDelay(10, options, () => 0.999), 999);
  assert.equal(computeBackoffDelay(4, options, () => 0), 0);
  for (let i = 0; i < 200; i++) {
    const delay = computeBackoffDelay(2, options);
    assert.ok(delay >= 0 && delay < 200);
  }
});

test('Retry-After in seconds or as an HTTP date, capped when chosen', () => {
  const now = Date.parse('2025-03-01T12:00:00Z');
  assert.equal(parseRetryAfter('3', now), 3_000);
  assert.equal(parseRetryAfter(['0.5'], now), 500);
  assert.equal(parseRetryAfter('Sat, 01 Mar 2025 12:00:10 GMT', now), 10_000);
  assert.equal(parseRetryAfter('Sat, 01 Mar 2025 11:00:00 GMT', now), 0);
  assert.equal(parseRetryAfter('soon', now), undefined);
  assert.equal(parseRetryAfter(undefined, now), undefined);
  assert.equal(chooseRetryDelay(1, 60_000, options), 5_000);
  assert.equal(chooseRetryDelay(1, 200, options), 200);
  assert.equal(chooseRetryDelay(2, undefined, options, () => 0.5), 100);
});

test('only 429, 502, 503 and 504 are retryable statuses; defaults are sane', () => {
  assert.deepEqual([400, 401, 404, 429, 500, 502, 503, 504].filter(isRetryableStatus), [429, 502, 503, 504]);
  assert.ok(DEFAULT_RETRY_OPTIONS.maxAttempts >= 3 && DEFAULT_RETRY_OPTIONS.maxRetryAfterMs <= 60_000);
});
