/**
 * The service client's HTTP exchange on Node's own client (service/src/http-exchange.ts): the
 * deadlines it adds (connect, including the TLS handshake; body, on a list read as a stream),
 * cancellation of a streamed read, and the keep-alive pool (kept across a pause longer than
 * the body deadline, dropped by the client after its idle time).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import { once } from 'node:events';
import { createAgent, exchange, DEFAULT_TIMEOUTS } from '../../../service/src/http-exchange';
import { ServiceClient } from '../../../service/src';
import { checkHealth } from '../../../service/src/operations/catalog';
import { FakeService, ok } from './fake-service';
import { createTestClient, TEST_KEY } from './test-client';

/** A TCP server that accepts connections and never answers: a TLS handshake with it never ends. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}

test('a TLS handshake that never completes ends at the connect deadline, with its code', async () => {
  const silent = await silentServer();
  const agent = createAgent('https:');
  try {
    const started = Date.now();
    await assert.rejects(
      exchange({ url: new URL(`https://127.0.0.1:${silent.port}/api/v1/health`), method: 'GET', headers: {}, agent, timeouts: { ...DEFAULT_TIMEOUTS, connectMs: 150 } }),
      (error: NodeJS.ErrnoException) => error.code === 'IQL_CONNECT_TIMEOUT',
    );
    assert.ok(Date.now() - started < 2_000);
  } finally {
    agent.destroy();
    await silent.close();
  }
});

test('through the client, the same stall is a timeout of the connect phase naming the service', async () => {
  const silent = await silentServer();
  const created = ServiceClient.create({ name: 'tls', baseUrl: `https://127.0.0.1:${silent.port}`, apiKey: TEST_KEY }, { version: '1.0.0', timeouts: { connectMs: 150 }, retry: { maxAttempts: 1 } });
  assert.ok(created.ok);
  try {
    const answer = await checkHealth(created.value);
    assert.ok(!answer.ok && answer.error.kind === 'timeout' && answer.error.phase === 'connect', JSON.stringify(answer));
    assert.match(answer.ok ? '' : answer.error.message, /took too long to connect/);
  } finally {
    await created.value.close();
    await silent.close();
  }
});

test('a List Datasets body that stalls while read as a stream ends as a timeout (body)', async () => {
  const fake = await FakeService.start(() => ({ stallBody: true }));
  const t = createTestClient(fake.baseUrl, { timeouts: { bodyMs: 150 }, retry: { maxAttempts: 1 } });
  try {
    const answer = await t.client.listDatasetsConverted((dataset) => dataset.private_id);
    assert.ok(!answer.ok && answer.error.kind === 'timeout' && answer.error.phase === 'body', JSON.stringify(answer));
  } finally {
    await t.close();
    await fake.close();
  }
});

test('cancelling a List Datasets being read as a stream ends it promptly as cancelled', async () => {
  const fake = await FakeService.start(() => ({ stallBody: true }));
  const t = createTestClient(fake.baseUrl, { timeouts: { bodyMs: 5_000 } });
  try {
    const controller = new AbortController();
    const pending = t.client.listDatasetsConverted((dataset) => dataset.private_id, undefined, { signal: controller.signal });
    await fake.waitForRequests(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const aborted = Date.now();
    controller.abort();
    const answer = await pending;
    assert.equal(!answer.ok && answer.error.kind, 'cancelled');
    assert.ok(Date.now() - aborted < 200, `cancellation took ${Date.now() - aborted} ms`);
  } finally {
    await t.close();
    await fake.close();
  }
});

test('a connection back in the pool outlives the body deadline: a pause longer than it reuses the connection', async () => {
  const fake = await FakeService.start(() => ok({ status: 'AVAILABLE' }));
  const t = createTestClient(fake.baseUrl, { timeouts: { bodyMs: 100 } });
  try {
    assert.ok((await checkHealth(t.client)).ok);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok((await checkHealth(t.client)).ok);
    assert.equal(fake.connections, 1);
  } finally {
    await t.close();
    await fake.close();
  }
});

test('an idle connection is closed by the client after its idle time, and the next call opens another', async () => {
  const fake = await FakeService.start(() => ok({ status: 'AVAILABLE' }));
  const agent = createAgent('http:', { timeout: 100 });
  const created = ServiceClient.create({ name: 'idle', baseUrl: fake.baseUrl, apiKey: TEST_KEY }, { version: '1.0.0', agent });
  assert.ok(created.ok);
  try {
    assert.ok((await checkHealth(created.value)).ok);
    await new Promise((resolve) => setTimeout(resolve, 400));
    assert.ok((await checkHealth(created.value)).ok);
    assert.equal(fake.connections, 2);
  } finally {
    await created.value.close();
    agent.destroy();
    await fake.close();
  }
});
