import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runActivation } from '../../../service/src';
import type { ProgressEvent } from '../../../service/src';
import { FakeService, ok, v1Error } from './fake-service';
import type { FakeAnswer, RecordedRequest } from './fake-service';
import { createTestClient } from './test-client';

const fastPoll = { initialDelayMs: 1, maxDelayMs: 4, factor: 2, timeoutMs: 5_000 };

function activationService(statuses: string[], final: Record<string, unknown> = {}) {
  let polls = 0;
  return (request: RecordedRequest): FakeAnswer => {
    if (request.method === 'POST' && request.url === '/api/v1/activations') return ok({ activation_id: 'A1', query_completed: false });
    if (request.url === '/api/v1/activations/A1') {
      const status = statuses[Math.min(polls, statuses.length - 1)];
      polls += 1;
      return ok({ activation: { summary: { activation_id: 'A1', status, total_rows: 42, ...(polls >= statuses.length ? final : {}) } } });
    }
    return v1Error(404, 'no route');
  };
}

test('queue → poll until QUERY_COMPLETED, with progress', async () => {
  const fake = await FakeService.start(activationService(['QUERY_PENDING', 'QUERY_RUNNING', 'QUERY_COMPLETED'], { query_successful: true }));
  const t = createTestClient(fake.baseUrl);
  const events: ProgressEvent[] = [];
  const run = await runActivation(t.client, { query: 'SELECT self.ID FROM self', campaign_name: 'c' }, { poll: fastPoll, onProgress: (e) => events.push(e) });
  await t.close();
  await fake.close();
  assert.ok(run.ok, JSON.stringify(run));
  assert.equal(run.value.activationId, 'A1');
  assert.equal(run.value.activation.summary?.total_rows, 42);
  assert.deepEqual(events.map((e) => `${e.phase}${e.attempt}`), ['submit1', 'poll1', 'poll2', 'poll3']);
  assert.equal(fake.requests.filter((r) => r.method === 'POST').length, 1);
});

test('a query_error on the activation becomes a ServiceError with the service message', async () => {
  const fake = await FakeService.start((request) =>
    request.method === 'POST'
      ? ok({ activation_id: 'A1' })
      : ok({ activation: { summary: { status: 'QUERY_COMPLETED' }, query_error: { code: 9, message: 'no destination configured' } } }),
  );
  const t = createTestClient(fake.baseUrl);
  const run = await runActivation(t.client, { query: 'q' }, { poll: fastPoll });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'invalid' && run.error.message === 'no destination configured');
});

test('a completed activation marked unsuccessful fails as a server error', async () => {
  const fake = await FakeService.start(activationService(['QUERY_COMPLETED'], { query_successful: false }));
  const t = createTestClient(fake.baseUrl);
  const run = await runActivation(t.client, { query: 'q' }, { poll: fastPoll });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'server');
  assert.match(run.error.message, /A1/);
});

test('Queue an Activation answered 503 is not re-sent', async () => {
  const fake = await FakeService.start(() => v1Error(503, 'busy'));
  const t = createTestClient(fake.baseUrl);
  const run = await runActivation(t.client, { query: 'q' }, { poll: fastPoll });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'server');
  assert.equal(fake.requests.length, 1);
});

test('cancelling mid-backoff stops within 100 ms', async () => {
  const fake = await FakeService.start(activationService(['QUERY_RUNNING']));
  const t = createTestClient(fake.baseUrl);
  const controller = new AbortController();
  const pending = runActivation(t.client, { query: 'q' }, { signal: controller.signal, poll: { initialDelayMs: 10_000 } });
  await fake.waitForRequests(1);
  const aborted = performance.now();
  controller.abort();
  const run = await pending;
  const elapsed = performance.now() - aborted;
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'cancelled');
  assert.ok(elapsed < 100, `cancellation took ${elapsed.toFixed(1)} ms`);
});
