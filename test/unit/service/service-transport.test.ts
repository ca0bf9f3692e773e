import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceClient, calculateActivationSegment, checkHealth, createActivationSegment, createQuery, deleteActivationSegment, explainQuery, exportActivationSegment, getDatasetMetadata, getQuery, getQueryResult, listActivations, listDatasets, queueActivation, updateActivationSegment, validateActivationQuery, validateQuery } from '../../../service/src';
import { FakeService, ok, v1Error } from './fake-service';
import type { FakeAnswer } from './fake-service';
import { createTestClient, TEST_KEY } from './test-client';

async function withService(handler: (n: number) => FakeAnswer, body: (fake: FakeService) => Promise<void>): Promise<void> {
  let count = 0;
  const fake = await FakeService.start(() => handler(++count));
  try {
    await body(fake);
  } finally {
    await fake.close();
  }
}

test('sends the raw key, the user agent and a JSON body', async () => {
  await withService(
    () => ok({ success: true }),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const answer = await validateQuery(t.client, { query: 'SELECT COUNT() FROM a', collaboration_id: 'CLB.1' });
      await t.close();
      assert.deepEqual(answer, { ok: true, value: { success: true } });
      const [request] = fake.requests;
      assert.equal(request?.method, 'POST');
      assert.equal(request?.url, '/api/v1/validate');
      assert.equal(request?.headers.authorization, TEST_KEY);
      assert.equal(request?.headers['user-agent'], 'iql-clean-room/9.9.9 (+vscode-extension)');
      assert.equal(request?.headers['content-type'], 'application/json');
      assert.deepEqual(JSON.parse(request?.body ?? ''), { query: 'SELECT COUNT() FROM a', collaboration_id: 'CLB.1' });
    },
  );
});

test('encodes path parameters and repeats array query parameters', async () => {
  await withService(
    () => ok({ activations: [] }),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      await listActivations(t.client, { 'filter.collaboration_id': 'CLB.1', 'filter.project_ids': ['p1', 'p2'] });
      await getDatasetMetadata(t.client, 'a/b c');
      await t.close();
      assert.equal(fake.requests[0]?.url, '/api/v1/activations?filter.collaboration_id=CLB.1&filter.project_ids=p1&filter.project_ids=p2');
      assert.equal(fake.requests[1]?.url, '/api/v1/datasets/a%2Fb%20c');
    },
  );
});

test('a GET answered 503 twice then 200 is sent three times and succeeds', async () => {
  await withService(
    (n) => (n <= 2 ? v1Error(503, 'busy') : ok({ query_id: 'q1', done: true })),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const answer = await getQuery(t.client, 'q1');
      await t.close();
      assert.equal(answer.ok, true);
      assert.equal(fake.requests.length, 3);
    },
  );
});

test('idempotent POSTs (validate, activations/validate, explain) are retried', async () => {
  await withService(
    (n) => (n % 2 === 1 ? { status: 502, raw: '<html>bad gateway</html>', headers: { 'content-type': 'text/html' } } : ok({ success: true })),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      assert.equal((await validateQuery(t.client, { query: 'q' })).ok, true);
      assert.equal((await validateActivationQuery(t.client, { query: 'q' })).ok, true);
      assert.equal((await explainQuery(t.client, { query: 'q' })).ok, true);
      await t.close();
      assert.equal(fake.requests.length, 6);
    },
  );
});

test('Create a Query is never re-sent: a 503 gives exactly one request', async () => {
  await withService(
    () => v1Error(503, 'busy'),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const answer = await createQuery(t.client, { query: 'SELECT COUNT() FROM a' });
      await t.close();
      assert.equal(answer.ok, false);
      assert.equal(!answer.ok && answer.error.kind, 'server');
      assert.equal(fake.requests.length, 1);
    },
  );
});

test('non-idempotent operations are sent once after a reset connection', async () => {
  await withService(
    () => ({ reset: true }),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const segment = { collaborationId: 'CLB.1', segmentId: 'ATS.1' };
      const answers = [
        await createQuery(t.client, { query: 'q' }),
        await queueActivation(t.client, { query: 'q' }),
        await calculateActivationSegment(t.client, segment),
        await exportActivationSegment(t.client, segment, { destination_id: 'DST.1' }),
        await createActivationSegment(t.client, 'CLB.1', { name: 'n', query: 'q' }),
        await updateActivationSegment(t.client, segment, { column_separator: ',' }),
        await deleteActivationSegment(t.client, segment),
      ];
      await t.close();
      for (const answer of answers) assert.equal(!answer.ok && answer.error.kind, 'network');
      assert.equal(fake.requests.length, answers.length);
    },
  );
});

test('a GET whose connection is reset is retried', async () => {
  await withService(
    (n) => (n === 1 ? { reset: true } : ok({ status: 'AVAILABLE' })),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const answer = await checkHealth(t.client);
      await t.close();
      assert.deepEqual(answer, { ok: true, value: { status: 'AVAILABLE' } });
      assert.equal(fake.requests.length, 2);
    },
  );
});

test('Retry-After is honoured (capped by maxRetryAfterMs)', async () => {
  const arrivals: number[] = [];
  await withService(
    (n) => {
      arrivals.push(Date.now());
      return n === 1 ? { status: 429, body: { message: 'slow down' }, headers: { 'retry-after': '1' } } : ok({ status: 'AVAILABLE' });
    },
    async (fake) => {
      // Backoff alone would wait at most 5 ms; Retry-After asks for 1 s, capped here to 150 ms.
      const t = createTestClient(fake.baseUrl, { retry: { maxRetryAfterMs: 150, baseDelayMs: 1, maxDelayMs: 5, maxAttempts: 4 } });
      const answer = await checkHealth(t.client);
      await t.close();
      assert.equal(answer.ok, true);
      assert.equal(arrivals.length, 2);
      const gap = (arrivals[1] ?? 0) - (arrivals[0] ?? 0);
      assert.ok(gap >= 140, `expected a wait of about 150 ms, got ${gap} ms`);
    },
  );
});

test('rate limiting that persists ends as rate-limited with the Retry-After', async () => {
  await withService(
    () => ({ status: 429, body: { message: 'quota' }, headers: { 'retry-after': '0' } }),
    async (fake) => {
      const t = createTestClient(fake.baseUrl, { retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 10 } });
      const answer = await listDatasets(t.client);
      await t.close();
      assert.equal(fake.requests.length, 3);
      assert.ok(!answer.ok && answer.error.kind === 'rate-limited');
      assert.equal(!answer.ok && answer.error.kind === 'rate-limited' && answer.error.retryAfterMs, 0);
    },
  );
});

test('headers that never come end as a timeout (headers)', async () => {
  const fake = await FakeService.start(() => ({ stallHeaders: true }));
  const t = createTestClient(fake.baseUrl, { timeouts: { headersMs: 150 }, retry: { maxAttempts: 1 } });
  const started = Date.now();
  const answer = await listDatasets(t.client);
  const elapsed = Date.now() - started;
  await fake.close();
  await t.close();
  assert.ok(!answer.ok && answer.error.kind === 'timeout' && answer.error.phase === 'headers', JSON.stringify(answer));
  assert.ok(elapsed < 1_500, `timed out after ${elapsed} ms`);
});

test('a body that stalls ends as a timeout (body)', async () => {
  const fake = await FakeService.start(() => ({ stallBody: true }));
  const t = createTestClient(fake.baseUrl, { timeouts: { bodyMs: 150 }, retry: { maxAttempts: 1 } });
  const answer = await getQuery(t.client, 'q1');
  await fake.close();
  await t.close();
  assert.ok(!answer.ok && answer.error.kind === 'timeout' && answer.error.phase === 'body', JSON.stringify(answer));
});

test('an aborted signal cancels an in-flight request promptly', async () => {
  const fake = await FakeService.start(() => ({ stallHeaders: true }));
  const t = createTestClient(fake.baseUrl);
  const controller = new AbortController();
  const pending = getQueryResult(t.client, 'q1', { signal: controller.signal });
  await fake.waitForRequests(1);
  const aborted = Date.now();
  controller.abort();
  const answer = await pending;
  const elapsed = Date.now() - aborted;
  await fake.close();
  await t.close();
  assert.ok(!answer.ok && answer.error.kind === 'cancelled');
  assert.ok(elapsed < 100, `cancellation took ${elapsed} ms`);
});

test('an already aborted signal sends nothing', async () => {
  const fake = await FakeService.start(() => ok({ status: 'AVAILABLE' }));
  const t = createTestClient(fake.baseUrl);
  const answer = await checkHealth(t.client, { signal: AbortSignal.abort() });
  await t.close();
  await fake.close();
  assert.ok(!answer.ok && answer.error.kind === 'cancelled');
  assert.equal(fake.requests.length, 0);
});

test('cancelling during a retry wait stops at once', async () => {
  const fake = await FakeService.start(() => ({ status: 503, body: { message: 'busy' }, headers: { 'retry-after': '30' } }));
  const t = createTestClient(fake.baseUrl, { retry: { maxRetryAfterMs: 30_000 } });
  const controller = new AbortController();
  const pending = checkHealth(t.client, { signal: controller.signal });
  await fake.waitForRequests(1);
  // The client is now waiting (up to 30 s) before its retry.
  const aborted = Date.now();
  controller.abort();
  const answer = await pending;
  const elapsed = Date.now() - aborted;
  await t.close();
  await fake.close();
  assert.ok(!answer.ok && answer.error.kind === 'cancelled');
  assert.ok(elapsed < 100, `cancellation took ${elapsed} ms`);
  assert.equal(fake.requests.length, 1);
});

test('malformed JSON and wrong shapes are invalid-response naming the operation and field', async () => {
  const answers: FakeAnswer[] = [
    { status: 200, raw: '{"query_id": "q1", "done": tru' },
    ok({ query_id: 'q1', done: 'yes' }),
    ok({ hop_table: [{ overlap: 'many' }] }),
    ok({ done: true }),
  ];
  await withService(
    (n) => answers[n - 1] ?? ok({}),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const malformed = await getQuery(t.client, 'q1');
      const wrongType = await getQuery(t.client, 'q1');
      const nested = await explainQuery(t.client, { query: 'q' });
      const missing = await getQuery(t.client, 'q1');
      await t.close();
      assert.ok(!malformed.ok && malformed.error.kind === 'invalid-response' && malformed.error.field === '(body)');
      assert.match(!malformed.ok ? malformed.error.message : '', /Get a Query/);
      assert.ok(!wrongType.ok && wrongType.error.kind === 'invalid-response' && wrongType.error.field === 'done');
      assert.ok(!nested.ok && nested.error.kind === 'invalid-response' && nested.error.field === 'hop_table[0].overlap', JSON.stringify(nested));
      assert.match(!nested.ok ? nested.error.message : '', /ExplainQuery/);
      assert.ok(!missing.ok && missing.error.kind === 'invalid-response' && missing.error.field === 'query_id');
    },
  );
});

test('extra fields are accepted and the counts the swagger types as integers arrive as integers', async () => {
  await withService(
    () => ok({ audience: 9007199254740991, new_field: { x: 1 }, dimensions: [{ value: 'a', count: 12, surprise: true }] }),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const answer = await getQueryResult(t.client, 'q1');
      await t.close();
      assert.ok(answer.ok);
      assert.equal(answer.value.audience, 9007199254740991);
      assert.equal(answer.value.dimensions[0]?.count, 12);
    },
  );
});

// A leaked body would block the single connection, so this test would hang: the timeout turns that into a failure.
test('every answer is consumed: all requests, failed or not, share one connection', { timeout: 5_000 }, async () => {
  const script: FakeAnswer[] = [
    ok({ status: 'AVAILABLE' }),
    v1Error(400, 'bad query at line 1:5'),
    v1Error(401, 'no'),
    v1Error(403, 'needs operator'),
    v1Error(404, 'no such dataset'),
    { status: 500, raw: 'x'.repeat(200_000), headers: { 'content-type': 'text/plain' } },
    { status: 200, raw: 'not json' },
    ok({ query_id: 5 }),
    { status: 200, raw: JSON.stringify({ datasets: Array.from({ length: 2_000 }, (_, i) => ({ private_id: `d${i}` })) }) },
    ok({ status: 'AVAILABLE' }),
  ];
  await withService(
    (n) => script[n - 1] ?? ok({}),
    async (fake) => {
      // One connection only: a body left unread would keep it busy and block the next request.
      const t = createTestClient(fake.baseUrl, { retry: { maxAttempts: 1 } });
      await checkHealth(t.client);
      await validateQuery(t.client, { query: 'q' });
      await listDatasets(t.client);
      await validateQuery(t.client, { query: 'q' });
      await getDatasetMetadata(t.client, 'x');
      await listDatasets(t.client);
      await listDatasets(t.client);
      await getQuery(t.client, 'q');
      const big = await listDatasets(t.client);
      const last = await checkHealth(t.client);
      await t.close();
      assert.ok(big.ok && big.value.datasets.length === 2_000);
      assert.ok(last.ok);
      assert.equal(fake.requests.length, script.length);
      assert.equal(fake.connections, 1, `expected one reused connection, saw ${fake.connections}`);
      assert.ok(fake.requests.every((request) => request.connection === 1));
    },
  );
});

test('the key never appears in an error message, a service message or a log line', async () => {
  await withService(
    () => v1Error(404, `Dataset /api/v1/datasets/${TEST_KEY} not found for key ${TEST_KEY}`),
    async (fake) => {
      const t = createTestClient(fake.baseUrl);
      const answer = await getDatasetMetadata(t.client, TEST_KEY);
      await t.close();
      assert.ok(!answer.ok && answer.error.kind === 'not-found');
      const everything = JSON.stringify(answer) + t.logs.join('\n');
      assert.ok(!everything.includes(TEST_KEY), everything);
      assert.match(answer.ok ? '' : answer.error.message, /\[redacted\]/);
      assert.ok(t.logs.some((line) => line.includes('/api/v1/datasets/[redacted]')));
    },
  );
});

test('the key never appears in a network error', async () => {
  const fake = await FakeService.start(() => ok({}));
  const baseUrl = fake.baseUrl;
  await fake.close();
  const t = createTestClient(baseUrl, { retry: { maxAttempts: 1 } });
  const answer = await getDatasetMetadata(t.client, TEST_KEY);
  await t.close();
  assert.ok(!answer.ok && answer.error.kind === 'network', JSON.stringify(answer));
  assert.match(answer.ok ? '' : answer.error.message, /refused/);
  assert.ok(!(JSON.stringify(answer) + t.logs.join('\n')).includes(TEST_KEY));
});

test('without an injected dispatcher the client owns an Agent and closes it', async () => {
  const fake = await FakeService.start(() => ok({ status: 'AVAILABLE' }));
  const created = ServiceClient.create({ name: 'own', baseUrl: fake.baseUrl, apiKey: TEST_KEY }, { version: '1.0.0', timeouts: { connectMs: 500 } });
  assert.ok(created.ok);
  const first = await checkHealth(created.value);
  await created.value.close();
  const afterClose = await checkHealth(created.value);
  await fake.close();
  assert.deepEqual(first, { ok: true, value: { status: 'AVAILABLE' } });
  assert.ok(!afterClose.ok && afterClose.error.kind === 'misconfigured');
  assert.equal(fake.requests[0]?.headers['user-agent'], 'iql-clean-room/1.0.0 (+vscode-extension)');
});

test('a closed client refuses further calls', async () => {
  const fake = await FakeService.start(() => ok({ status: 'AVAILABLE' }));
  const t = createTestClient(fake.baseUrl);
  await t.close();
  const answer = await checkHealth(t.client);
  await fake.close();
  assert.ok(!answer.ok && answer.error.kind === 'misconfigured');
  assert.equal(fake.requests.length, 0);
});
