import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { parseFaultSpec } from '../../../../emulator/src/http/faults';
import { expectV1Error, expectV2Error, startTestServer } from '../test-server';
import type { TestServer } from '../test-server';

/** Sends raw bytes and answers the raw response text (for requests fetch refuses to send). */
function rawRequest(base: string, head: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    import('node:net')
      .then(({ connect }) => {
        const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        socket.on('close', () => resolve(text));
        socket.on('error', reject);
      })
      .catch(reject);
  });
}

describe('emulator server pipeline', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('answers malformed JSON, a non-object body and a missing field with 400', async () => {
    assert.match(expectV1Error(await server.call('POST', '/api/v1/validate', { rawBody: '{"query": ' }), 400).message, /not valid JSON/);
    assert.match(expectV1Error(await server.call('POST', '/api/v1/validate', { rawBody: '["SELECT"]' }), 400).message, /must be a JSON object/);
    assert.match(expectV1Error(await server.call('POST', '/api/v1/validate', { body: { querry: 'x' } }), 400).message, /^query: /);
    assert.match(expectV1Error(await server.call('POST', '/api/v1/validate', { body: { query: 42 } }), 400).message, /^query: /);
    expectV2Error(await server.call('POST', '/api/v2/collaborations/CLB.t/activation-segments', { rawBody: 'nope' }), 400, 'INVALID_ARGUMENT');
  });

  it('answers an unknown path with 404 in the shape of its API generation', async () => {
    assert.match(expectV1Error(await server.call('GET', '/api/v1/nothing'), 404).message, /no operation at GET/);
    expectV1Error(await server.call('GET', '/'), 404);
    expectV2Error(await server.call('GET', '/api/v2/nothing/here'), 404, 'NOT_FOUND');
  });

  it('answers a wrong method with 405 and Allow', async () => {
    const reply = await server.call('DELETE', '/api/v1/validate');
    assert.equal(reply.status, 405);
    assert.equal(reply.headers.get('allow'), 'POST');
    assert.deepEqual(Object.keys(reply.json as object), ['code', 'message', 'details']);
    const v2 = await server.call('PUT', '/api/v2/collaborations');
    expectV2Error(v2, 405, 'UNIMPLEMENTED');
  });

  it('refuses a body over 1 MiB with 413 without reading it', async () => {
    const huge = JSON.stringify({ query: `SELECT COUNT() FROM Shop -- ${'x'.repeat(2 * 1024 * 1024)}` });
    const reply = await server.call('POST', '/api/v1/validate', { rawBody: huge });
    assert.equal(reply.status, 413);
    assert.deepEqual(Object.keys(reply.json as object), ['code', 'message', 'details']);
    // A body that lies about its size (chunked) is cut off while streaming.
    const text = await new Promise<string>((resolve, reject) => {
      const url = new URL(`${server.base}/api/v1/validate`);
      const outgoing = request(url, { method: 'POST', headers: { Authorization: 'key-a', 'Transfer-Encoding': 'chunked' } }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve(`${response.statusCode} ${body}`));
      });
      outgoing.on('error', reject);
      for (let i = 0; i < 3; i++) outgoing.write('x'.repeat(512 * 1024));
      outgoing.end();
    });
    assert.match(text, /^413 /);
    assert.equal((await server.call('GET', '/api/v1/health')).status, 200, 'the server still answers');
  });

  it('answers hostile strings cleanly and echoes them only as escaped JSON', async () => {
    const hostile = `<script>alert(1)</script>\u0000\u001b[31m${'A'.repeat(5000)}`;
    const reply = await server.call('GET', `/api/v1/datasets/${encodeURIComponent(hostile)}`);
    const error = expectV1Error(reply, 404);
    assert.ok(error.message.length < 200);
    assert.ok(![...error.message].some((char) => char.charCodeAt(0) < 0x20), 'no control characters in the message');
    const query = await server.call('POST', '/api/v1/validate', { body: { query: `SELECT COUNT() FROM "${hostile}"` } });
    assert.equal(query.status, 400);
    assert.ok(!query.text.includes('\u0000'), 'control characters are escaped on the wire');
    expectV1Error(await server.call('GET', '/api/v1/datasets/%E0%A4%A'), 404);
    expectV2Error(await server.call('GET', '/api/v2/collaborations/%00%01'), 404, 'NOT_FOUND');
  });

  it('answers requests too malformed for HTTP with a JSON 4xx and keeps serving', async () => {
    const garbage = await rawRequest(server.base, 'THIS IS NOT HTTP\r\n\r\n');
    assert.match(garbage, /^HTTP\/1\.1 400 /);
    const bigHeader = await rawRequest(server.base, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20000)}\r\n\r\n`);
    assert.match(bigHeader, /^HTTP\/1\.1 431 /);
    assert.match(bigHeader, /"message":"the request headers are too large"/);
    assert.equal((await server.call('GET', '/api/v1/health')).status, 200);
  });

  it('answers the same request with the same bytes', async () => {
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/v1/datasets'],
      ['GET', '/api/v1/datasets/Shop'],
      ['POST', '/api/v1/validate', { query: 'SELECT COUNT() FROM Shop WHERE Nope = 1' }],
      ['POST', '/api/v1/explain', { query: 'SELECT AGGREGATE(Age/Decades) FROM Shop' }],
      ['POST', '/api/v1/queries', { query: 'SELECT TOPN(Interest, 2) FROM News' }],
      ['GET', '/api/v2/collaborations/CLB.t/datasets'],
      ['GET', '/api/v2/collaborations/CLB.nosuch'],
    ];
    for (const [method, path, body] of requests) {
      const first = await server.call(method, path, { body });
      const second = await server.call(method, path, { body });
      assert.equal(first.text, second.text, `${method} ${path}`);
      assert.equal(first.headers.get('date'), null, 'no Date header');
    }
  });
});

describe('emulator server options', () => {
  it('delays every answer by --latency', async () => {
    const server = await startTestServer({ latencyMs: 150 });
    try {
      const started = performance.now();
      await server.call('GET', '/api/v1/health');
      await server.call('GET', '/api/v1/nothing');
      assert.ok(performance.now() - started >= 300, 'both the answer and the error were delayed');
    } finally {
      await server.close();
    }
  });

  it('injects status faults in the shape of the API generation', async () => {
    const spec = parseFaultSpec('validate:503:1,collaborations:500:1');
    assert.ok(spec.ok);
    const server = await startTestServer({ faults: spec.rules });
    try {
      const v1 = await server.call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT() FROM Shop' } });
      assert.equal(v1.status, 503);
      assert.deepEqual((v1.json as { code: number }).code, 14);
      expectV2Error(await server.call('GET', '/api/v2/collaborations'), 500, 'INTERNAL');
      assert.equal((await server.call('POST', '/api/v1/explain', { body: { query: 'SELECT COUNT() FROM Shop' } })).status, 200);
    } finally {
      await server.close();
    }
  });

  it('holds the connection on timeout and drops it on reset', async () => {
    const spec = parseFaultSpec('datasets:timeout:1,health:reset:1');
    assert.ok(spec.ok);
    const server = await startTestServer({ faults: spec.rules });
    try {
      await assert.rejects(server.call('GET', '/api/v1/datasets', { signal: AbortSignal.timeout(200) }), /aborted|timeout/i);
      await assert.rejects(server.call('GET', '/api/v1/health'), /fetch failed/);
      assert.equal((await server.call('GET', '/api/v1/permissions')).status, 200);
    } finally {
      await server.close();
    }
  });

  it('makes the same fault decisions on every run with the same seed', async () => {
    const spec = parseFaultSpec('health:500:0.5');
    assert.ok(spec.ok);
    const statuses = async (): Promise<number[]> => {
      const server = await startTestServer({ faults: spec.rules, faultSeed: 7 });
      try {
        const result: number[] = [];
        for (let i = 0; i < 16; i++) result.push((await server.call('GET', '/api/v1/health')).status);
        return result;
      } finally {
        await server.close();
      }
    };
    const first = await statuses();
    assert.deepEqual(first, await statuses());
    assert.ok(first.includes(200) && first.includes(500), String(first));
  });

  it('reports done at the first poll with pollsBeforeDone 0', async () => {
    const server = await startTestServer({ pollsBeforeDone: 0 });
    try {
      const created = await server.call('POST', '/api/v1/queries', { body: { query: 'SELECT COUNT() FROM Shop' } });
      const id = (created.json as { query_id: string }).query_id;
      let status = await server.call('GET', `/api/v1/queries/${id}`);
      for (let poll = 0; poll < 50 && (status.json as { done: boolean }).done !== true; poll++) {
        // Before the first poll the job may not be computed yet: yield, then ask again.
        await new Promise((resolve) => setImmediate(resolve));
        status = await server.call('GET', `/api/v1/queries/${id}`);
      }
      assert.equal((status.json as { done: boolean }).done, true);
      assert.equal((await server.call('GET', `/api/v1/queries/${id}/result`)).status, 200);
    } finally {
      await server.close();
    }
  });
});
