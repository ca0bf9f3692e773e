import { test } from 'node:test';
import assert from 'node:assert/strict';
import { calculateSegment } from '../../../service/src';
import type { ProgressEvent } from '../../../service/src';
import { FakeService, ok, v2Error } from './fake-service';
import { createTestClient } from './test-client';

const segment = { collaborationId: 'CLB.1', segmentId: 'ATS.1' };
const fastPoll = { initialDelayMs: 1, maxDelayMs: 4, factor: 2, timeoutMs: 5_000 };

test('calculate → query id → poll → result', async () => {
  let polls = 0;
  const fake = await FakeService.start((request) => {
    if (request.url === '/api/v2/collaborations/CLB.1/activation-segments/ATS.1/calculate') return ok({ query_id: 'Q9' });
    if (request.url === '/api/v1/queries/Q9') return ok({ query_id: 'Q9', done: ++polls >= 2 });
    if (request.url === '/api/v1/queries/Q9/result') return ok({ audience: 4200 });
    return v2Error(404, 'NOT_FOUND', 'no route');
  });
  const t = createTestClient(fake.baseUrl);
  const events: ProgressEvent[] = [];
  const run = await calculateSegment(t.client, segment, { poll: fastPoll, onProgress: (e) => events.push(e) });
  await t.close();
  await fake.close();
  assert.ok(run.ok, JSON.stringify(run));
  assert.equal(run.value.queryId, 'Q9');
  assert.equal(run.value.result.audience, 4200);
  assert.deepEqual(events.map((e) => e.phase), ['submit', 'poll', 'poll', 'result']);
  assert.equal(fake.requests[0]?.method, 'POST');
});

test('Calculate is never re-sent after a reset connection', async () => {
  const fake = await FakeService.start(() => ({ reset: true }));
  const t = createTestClient(fake.baseUrl);
  const run = await calculateSegment(t.client, segment, { poll: fastPoll });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'network');
  assert.equal(fake.requests.length, 1);
});

test('a 403 on calculate names the missing right', async () => {
  const fake = await FakeService.start(() => v2Error(403, 'PERMISSION_DENIED', 'the operator right is required'));
  const t = createTestClient(fake.baseUrl);
  const run = await calculateSegment(t.client, segment, { poll: fastPoll });
  await t.close();
  await fake.close();
  assert.ok(!run.ok && run.error.kind === 'forbidden' && run.error.missingRight === 'operator');
});
