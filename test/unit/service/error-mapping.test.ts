import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findErrorPosition, findMissingRight, mapAsyncFailure, mapHttpError, readErrorBody, validateQuery } from '../../../service/src';
import { mapTransportError } from '../../../service/src/error-mapping';
import { FakeService, v1Error, v2Error } from './fake-service';
import type { FakeAnswer } from './fake-service';
import { createTestClient } from './test-client';

const context = { operation: 'ValidateQuery', profileName: 'prod', origin: 'https://api.infosum.com' };

async function answerOf(answer: FakeAnswer) {
  const fake = await FakeService.start(() => answer);
  const t = createTestClient(fake.baseUrl, { retry: { maxAttempts: 1 } });
  const result = await validateQuery(t.client, { query: 'SELECT' });
  await t.close();
  await fake.close();
  assert.equal(result.ok, false);
  if (result.ok) throw new Error('unreachable');
  return result.error;
}

test('401 (1.0 and 2.0 bodies) is unauthorized and says the key is missing, wrong or expired', async () => {
  for (const answer of [v1Error(401, 'invalid credentials'), v2Error(401, 'UNAUTHENTICATED', 'token expired')]) {
    const error = await answerOf(answer);
    assert.equal(error.kind, 'unauthorized');
    assert.match(error.message, /the API key is missing, wrong or expired/);
    assert.match(error.message, /profile "test"/);
    assert.match(error.message, /store it for this profile/);
    assert.equal(error.status, 401);
  }
});

test('403 is forbidden and names the missing right when the body says', async () => {
  const error = await answerOf(v1Error(403, 'querying collaboration CLB.1 needs the operator right'));
  assert.ok(error.kind === 'forbidden');
  assert.equal(error.missingRight, 'operator');
  assert.match(error.message, /"operator" right is missing/);
  const stats = await answerOf(v2Error(403, 'PERMISSION_DENIED', 'detailed_logs right required'));
  assert.ok(stats.kind === 'forbidden' && stats.missingRight === 'detailed_logs');
  assert.equal(stats.requestId, 'req-1');
  const unnamed = await answerOf(v1Error(403, 'no access'));
  assert.ok(unnamed.kind === 'forbidden' && unnamed.missingRight === undefined);
});

test('404 is not-found', async () => {
  const error = await answerOf(v1Error(404, 'dataset not found'));
  assert.equal(error.kind, 'not-found');
  assert.equal(error.serviceMessage, 'dataset not found');
});

test('400 is invalid: the message verbatim, the position from metadata', async () => {
  const error = await answerOf(v1Error(400, "unknown dataset 'Shopers'", { line: '3', column: '14' }));
  assert.ok(error.kind === 'invalid');
  assert.equal(error.message, "unknown dataset 'Shopers'");
  assert.deepEqual(error.position, { line: 3, column: 14 });
});

test('400 is invalid: the position from a "line L:C" or "line L, column C" message', async () => {
  const colon = await answerOf(v1Error(400, 'syntax error at line 2:7: unexpected FROM'));
  assert.ok(colon.kind === 'invalid');
  assert.deepEqual(colon.position, { line: 2, column: 7 });
  assert.equal(colon.message, 'syntax error at line 2:7: unexpected FROM');
  const words = await answerOf(v2Error(400, 'INVALID_ARGUMENT', 'Error on line 4, column 1: missing SELECT'));
  assert.ok(words.kind === 'invalid');
  assert.deepEqual(words.position, { line: 4, column: 1 });
  const none = await answerOf({ status: 400, body: { code: 3, message: 'query is empty', details: [] } });
  assert.ok(none.kind === 'invalid' && none.position === undefined && none.message === 'query is empty' && none.code === '3');
});

test('429 is rate-limited, 5xx is server', async () => {
  const limited = await answerOf({ status: 429, body: { message: 'slow' }, headers: { 'retry-after': '7' } });
  assert.ok(limited.kind === 'rate-limited' && limited.retryAfterMs === 7_000);
  assert.match(limited.message, /Wait 7 s/);
  const server = await answerOf({ status: 500, body: { code: 13, message: 'internal', details: [] } });
  assert.equal(server.kind, 'server');
  assert.match(server.message, /HTTP 500/);
});

test('an HTML error page is not copied into the message', async () => {
  const error = await answerOf({ status: 502, raw: '<html><body>Bad Gateway</body></html>', headers: { 'content-type': 'text/html' } });
  assert.equal(error.kind, 'server');
  assert.equal(error.serviceMessage, undefined);
  assert.doesNotMatch(error.message, /<html>/);
});

test('readErrorBody reads the three body shapes and survives junk', () => {
  assert.deepEqual(readErrorBody('{"message":"m","metadata":{"line":"1","column":2}}', 'application/json'), {
    message: 'm',
    code: undefined,
    metadata: { line: '1', column: '2' },
    requestId: undefined,
    helpUrl: undefined,
  });
  assert.equal(readErrorBody('{"code":5,"message":"gone","details":[{"@type":"x"}]}', undefined).code, '5');
  const v2 = readErrorBody('{"error":{"code":"E1","message":"top"},"details":{"code":"E2","message":"low"},"request_id":"r"}', undefined);
  assert.equal(v2.message, 'top');
  assert.equal(v2.code, 'E1');
  assert.equal(v2.requestId, 'r');
  assert.deepEqual(readErrorBody('[1,2]', undefined), {});
  assert.deepEqual(readErrorBody('', undefined), {});
  assert.equal(readErrorBody('plain words', 'text/plain').message, 'plain words');
});

test('findErrorPosition prefers metadata and rejects nonsense', () => {
  assert.deepEqual(findErrorPosition('line 9:9', { line: '2', column: '3' }), { line: 2, column: 3 });
  assert.deepEqual(findErrorPosition(undefined, { line: '5' }), { line: 5, column: 1 });
  assert.equal(findErrorPosition('line 0:0'), undefined);
  assert.equal(findErrorPosition('no position here'), undefined);
  assert.equal(findErrorPosition(undefined, { line: 'x' }), undefined);
  assert.deepEqual(findErrorPosition('LINE 12, Column 3'), { line: 12, column: 3 });
});

test('findMissingRight recognises the three rights', () => {
  assert.equal(findMissingRight('the contributor right is required'), 'contributor');
  assert.equal(findMissingRight('detailed logs needed'), 'detailed_logs');
  assert.equal(findMissingRight('nope'), undefined);
  assert.equal(findMissingRight(undefined, { right: 'operator' }), 'operator');
});

test('mapHttpError treats 409 and other 4xx as invalid with the service words', () => {
  const error = mapHttpError(409, { message: 'name taken' }, context);
  assert.ok(error.kind === 'invalid' && error.message === 'name taken');
  const silent = mapHttpError(400, {}, context);
  assert.match(silent.message, /refused ValidateQuery \(HTTP 400\) without saying why/);
});

test('mapAsyncFailure maps gRPC codes and keeps the message', () => {
  const invalid = mapAsyncFailure({ code: 3, message: "unknown category 'Agee' at line 1:30" }, 'Query');
  assert.ok(invalid.kind === 'invalid');
  assert.equal(invalid.message, "unknown category 'Agee' at line 1:30");
  assert.deepEqual(invalid.position, { line: 1, column: 30 });
  assert.equal(mapAsyncFailure({ code: 13, message: 'boom' }, 'Query').kind, 'server');
  assert.equal(mapAsyncFailure({ code: 7, message: 'operator right missing' }, 'Query').kind, 'forbidden');
  assert.equal(mapAsyncFailure({ code: 5, message: 'gone' }, 'Query').kind, 'not-found');
  assert.equal(mapAsyncFailure({ code: 16, message: 'key' }, 'Query').kind, 'unauthorized');
  assert.match(mapAsyncFailure({ code: 13 }, 'Query').message, /failed without a message/);
});

test('mapTransportError recognises timeouts by phase and network failures', () => {
  const connect = mapTransportError(Object.assign(new Error('x'), { code: 'IQL_CONNECT_TIMEOUT' }), context);
  assert.ok(connect.kind === 'timeout' && connect.phase === 'connect');
  const wrapped = mapTransportError(Object.assign(new Error('fetch failed'), { cause: Object.assign(new Error('y'), { code: 'ENOTFOUND' }) }), context);
  assert.ok(wrapped.kind === 'network' && wrapped.cause === 'ENOTFOUND');
  assert.match(wrapped.message, /could not be resolved/);
  assert.match(wrapped.message, /profile "prod"/);
  const tls = mapTransportError(Object.assign(new Error('z'), { code: 'CERT_HAS_EXPIRED' }), context);
  assert.match(tls.message, /TLS certificate/);
});
