import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInsightQuery } from '../../../service/src';
import type { ProgressEvent } from '../../../service/src';
import { FakeService, ok, v1Error } from './fake-service';
import type { FakeAnswer, RecordedRequest } from './fake-service';
import { createTestClient } from './test-client';

const fastPoll = { initialDelayMs: 1, maxDelayMs: 4, factor: 2, timeoutMs: 5_000 };

/** A query that is done after `pollsUntilDone` Get a Query calls; the result 404s once first. */
function queryService(pollsUntilDone: number, failure?: { code: number; message: string }) {
  let polls = 0;
  let resultCalls = 0;
  return (request: RecordedRequest): FakeAnswer => {
    if (request.method === 'POST' && request.url === '/api/v1/queries') return ok({ query_id: 'Q1', done: false });
    if (request.url === '/api/v1/queries/Q1') {
      polls += 1;
      if (polls < pollsUntilDone) return ok({ query_id: 'Q1' });
      return ok(failure === undefined ? { query_id: 'Q1', done: true } : { query_id: 'Q1', done: true, query_error: { ...failure, details: [] } });
    }
    if (request.url === '/api/v1/queries/Q1/result') {
      resultCalls += 1;
      return resultCalls === 1 ? v1Error(404, 'result not ready') : ok({ audience: 1234, dimensions: [] });
    }
    return v1Error(404, 'no route');
  };
}

test('create → poll until done → result, reporting progress', async () => {
  const fake = await FakeService.start(queryService(3));
  const t = createTestClient(fake.baseUrl);
  const events: ProgressEvent[] = [];
  const run = await runInsightQuery(t.client, { query: 'SELECT COUNT() FROM a', collaboration_id: 'CLB.1' }, { poll: fastPoll, onProgress: (e) => events.push(e) });
  await t.close();
  await fake.close();
  assert.ok(run.ok, JSON.stringify(run));
  assert.equal(run.value.queryId, 'Q1');
  assert.equal(run.value.result.audience, 1234);
  assert.deepEqual(
    events.map((e) => `${e.phase}${e.attempt}`),
    ['submit1', 'poll1', 'poll2', 'poll3', 'result1', 'result2'],
  );
  assert.equal(events[1]?.id, 'Q1');
  assert.ok(events.every((e, i) => i === 0 || e.elapsedMs >= (events[i - 1]?.elapsedMs ?? 0)));
  assert.equal(fake.requests.filter((r) => r.method === 'POST').length, 1);
});

test('a query that fails with query_error becomes a ServiceError with the service message', async () => {
  const fake = await FakeService.start(queryService(2, { code: 3, message: "unknown category 'Agee' at line 1, column 30" }));
  const t = createTestClient(fake.baseUrl);
  const run = await runInsightQuery(t.client, { query: 'q' }, { poll: fastPoll });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'invalid');
  assert.equal(run.error.message, "unknown category 'Agee' at line 1, column 30");
  assert.deepEqual(run.error.kind === 'invalid' && run.error.position, { line: 1, column: 30 });
  assert.ok(!fake.requests.some((r) => r.url.endsWith('/result')));
});

test('a create that is refused is reported once, without polling', async () => {
  const fake = await FakeService.start(() => v1Error(400, 'syntax error at line 1:8'));
  const t = createTestClient(fake.baseUrl);
  const run = await runInsightQuery(t.client, { query: 'SELECT x' }, { poll: fastPoll });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'invalid');
  assert.equal(fake.requests.length, 1);
});

test('cancelling mid-backoff stops the poll within 100 ms', async () => {
  const fake = await FakeService.start(queryService(1_000));
  const t = createTestClient(fake.baseUrl);
  const controller = new AbortController();
  // Polls every 10 s: without a working cancellation this run would take far longer.
  const pending = runInsightQuery(t.client, { query: 'q' }, { signal: controller.signal, poll: { initialDelayMs: 10_000, maxDelayMs: 10_000 } });
  await fake.waitForRequests(1);
  const aborted = performance.now();
  controller.abort();
  const run = await pending;
  const elapsed = performance.now() - aborted;
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'cancelled');
  assert.ok(elapsed < 100, `cancellation took ${elapsed.toFixed(1)} ms`);
  assert.equal(fake.requests.length, 1);
});

test('cancelling during a poll request stops within 100 ms', async () => {
  const fake = await FakeService.start((request) => (request.method === 'POST' ? ok({ query_id: 'Q1' }) : { stallHeaders: true }));
  const t = createTestClient(fake.baseUrl);
  const controller = new AbortController();
  const pending = runInsightQuery(t.client, { query: 'q' }, { signal: controller.signal, poll: fastPoll });
  await fake.waitForRequests(2);
  const aborted = performance.now();
  controller.abort();
  const run = await pending;
  const elapsed = performance.now() - aborted;
  await fake.close();
  await t.close();
  assert.ok(!run.ok && run.error.kind === 'cancelled');
  assert.ok(elapsed < 100, `cancellation took ${elapsed.toFixed(1)} ms`);
});

test('a query that never finishes ends as a poll timeout naming the query id', async () => {
  const fake = await FakeService.start(queryService(1_000_000));
  const t = createTestClient(fake.baseUrl);
  const run = await runInsightQuery(t.client, { query: 'q' }, { poll: { initialDelayMs: 5, maxDelayMs: 10, timeoutMs: 100 } });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'timeout' && run.error.phase === 'poll');
  assert.match(run.error.message, /Q1/);
});
