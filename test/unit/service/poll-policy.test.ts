import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_POLL_OPTIONS, pollDelay, pollsToSee, pollWait, runInsightQuery } from '../../../service/src';
import { FakeService, ok, v1Error } from './fake-service';
import type { FakeAnswer, RecordedRequest } from './fake-service';
import { recordingClock } from './recording-clock';
import { createTestClient } from './test-client';

test('the waits start at 50 ms and double up to a cap of 3 s', () => {
  const waits = Array.from({ length: 9 }, (_, index) => pollDelay(index + 1, DEFAULT_POLL_OPTIONS));
  assert.deepEqual(waits, [50, 100, 200, 400, 800, 1600, 3000, 3000, 3000]);
});

test('a longer Retry-After is honoured, capped; a shorter one does not hurry the poll', () => {
  assert.equal(pollWait(1, 2_000, DEFAULT_POLL_OPTIONS), 2_000);
  assert.equal(pollWait(7, 100, DEFAULT_POLL_OPTIONS), 3_000);
  assert.equal(pollWait(1, 10 * 60_000, DEFAULT_POLL_OPTIONS), DEFAULT_POLL_OPTIONS.maxRetryAfterMs);
  assert.equal(pollWait(3, undefined, DEFAULT_POLL_OPTIONS), 200);
});

test('how many polls a job costs: 1 for a job done within 50 ms, 25 for a 60 s job', () => {
  assert.equal(pollsToSee(10, DEFAULT_POLL_OPTIONS), 1);
  assert.equal(pollsToSee(120, DEFAULT_POLL_OPTIONS), 2);
  assert.equal(pollsToSee(60_000, DEFAULT_POLL_OPTIONS), 25);
  assert.ok(pollsToSee(10 * 60_000, DEFAULT_POLL_OPTIONS) <= 6 + 200);
});

/** Get a Query answers "not done" `notDone` times, except for the polls `answerOfPoll` answers itself. */
function pacedQuery(notDone: number, answerOfPoll: (poll: number) => FakeAnswer | undefined) {
  let polls = 0;
  return (request: RecordedRequest): FakeAnswer => {
    if (request.method === 'POST' && request.url === '/api/v1/queries') return ok({ query_id: 'Q1', done: false });
    if (request.url === '/api/v1/queries/Q1') {
      polls += 1;
      const special = answerOfPoll(polls);
      if (special !== undefined) return special;
      return ok({ query_id: 'Q1', done: polls > notDone });
    }
    if (request.url === '/api/v1/queries/Q1/result') return ok({ audience: 42, dimensions: [] });
    return v1Error(404, 'no route');
  };
}

test('a Retry-After on a "not done" answer sets the next wait; the growth goes on after it', async () => {
  const fake = await FakeService.start(pacedQuery(4, (poll) => (poll === 2 ? { status: 200, body: { query_id: 'Q1', done: false }, headers: { 'retry-after': '2' } } : undefined)));
  const t = createTestClient(fake.baseUrl);
  const clock = recordingClock();
  const run = await runInsightQuery(t.client, { query: 'q' }, { clock });
  await t.close();
  await fake.close();
  assert.ok(run.ok, JSON.stringify(run));
  assert.deepEqual(clock.waits, [50, 100, 2_000, 400, 800]);
});

test('a poll answered 429 with Retry-After is waited out and polled again, the query not lost', async () => {
  const fake = await FakeService.start(pacedQuery(2, (poll) => (poll === 2 ? { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '5' } } : undefined)));
  // No retry inside the transport, so that the runner meets the 429 itself.
  const t = createTestClient(fake.baseUrl, { retry: { maxAttempts: 1 } });
  const clock = recordingClock();
  const run = await runInsightQuery(t.client, { query: 'q' }, { clock });
  await t.close();
  await fake.close();
  assert.ok(run.ok, JSON.stringify(run));
  assert.equal(run.value.result.audience, 42);
  assert.deepEqual(clock.waits, [50, 100, 5_000]);
  assert.equal(fake.requests.filter((request) => request.url === '/api/v1/queries/Q1').length, 3);
});

test('a service that keeps limiting the rate ends in a time-out naming the query, not a hang', async () => {
  const fake = await FakeService.start(pacedQuery(1, () => ({ status: 429, body: { message: 'quota' }, headers: { 'retry-after': '30' } })));
  const t = createTestClient(fake.baseUrl, { retry: { maxAttempts: 1 } });
  const clock = recordingClock();
  const run = await runInsightQuery(t.client, { query: 'q' }, { clock, poll: { timeoutMs: 120_000 } });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'timeout', JSON.stringify(run));
  assert.match(run.error.message, /Q1/);
  assert.ok(clock.waits.every((wait, index) => index === 0 || wait >= 30_000), String(clock.waits));
});
