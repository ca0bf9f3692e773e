import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ListCollaborationsResponseSchema, ListDatasetsResponseSchema } from '../../../../common/api';
import { expectShape, expectV1Error, expectV2Error, startTestServer } from '../test-server';
import type { TestServer } from '../test-server';
import { tinyFiles } from '../tiny-folder';

describe('access rules', () => {
  let server: TestServer;
  /** The same folder without the Secret dataset at all. */
  let withoutSecret: TestServer;
  before(async () => {
    server = await startTestServer();
    withoutSecret = await startTestServer({ files: tinyFiles({}, { withSecret: false }) });
  });
  after(async () => {
    await server.close();
    await withoutSecret.close();
  });

  it('answers 401 with the 1.0 body on 1.0 paths and the 2.0 body on 2.0 paths, for no key and a wrong key', async () => {
    for (const key of [null, 'wrong-key', '', 'Bearer key-a']) {
      const v1 = expectV1Error(await server.call('GET', '/api/v1/datasets', { key }), 401);
      assert.match(v1.message, /API key is missing, wrong or expired/);
      expectV2Error(await server.call('GET', '/api/v2/collaborations', { key }), 401, 'UNAUTHENTICATED');
    }
  });

  it('accepts a legacy public/private key like any other', async () => {
    assert.equal((await server.call('GET', '/api/v1/health', { key: 'pub-c/priv-c' })).status, 200);
  });

  it('shows owned datasets and those with an accepted permission, nothing else', async () => {
    const names = async (key: string): Promise<string[]> =>
      expectShape(ListDatasetsResponseSchema, await server.call('GET', '/api/v1/datasets', { key })).datasets.map((dataset) => dataset.private_id);
    assert.deepEqual(await names('key-a'), ['Shop', 'News']);
    assert.deepEqual(await names('key-b'), ['News', 'Secret']);
    assert.deepEqual(await names('pub-c/priv-c'), []);
  });

  it('answers an invisible dataset exactly like a dataset that does not exist', async () => {
    const invisible = await server.call('GET', '/api/v1/datasets/Secret');
    const absent = await withoutSecret.call('GET', '/api/v1/datasets/Secret');
    expectV1Error(invisible, 404);
    assert.equal(invisible.text, absent.text);
    const query = { query: 'SELECT COUNT() FROM Shop INTERSECT Secret' };
    const validateInvisible = await server.call('POST', '/api/v1/validate', { body: query });
    const validateAbsent = await withoutSecret.call('POST', '/api/v1/validate', { body: query });
    expectV1Error(validateInvisible, 400);
    assert.equal(validateInvisible.text, validateAbsent.text);
    const v2Invisible = await server.call('GET', '/api/v2/datasets/CLOUDA_EU_WEST_2.secret');
    const v2Absent = await withoutSecret.call('GET', '/api/v2/datasets/CLOUDA_EU_WEST_2.secret');
    expectV2Error(v2Invisible, 404, 'NOT_FOUND');
    assert.equal(v2Invisible.text, v2Absent.text);
  });

  it('lists only the collaborations of the caller, and answers 404 for the others', async () => {
    const ids = async (key: string): Promise<string[]> =>
      expectShape(ListCollaborationsResponseSchema, await server.call('GET', '/api/v2/collaborations', { key })).collaborations.map((c) => c.id);
    assert.deepEqual(await ids('key-a'), ['CLB.t', 'CLB.u']);
    assert.deepEqual(await ids('pub-c/priv-c'), []);
    const hidden = await server.call('GET', '/api/v2/collaborations/CLB.t', { key: 'pub-c/priv-c' });
    const absent = await server.call('GET', '/api/v2/collaborations/CLB.nosuch', { key: 'pub-c/priv-c' });
    expectV2Error(hidden, 404, 'NOT_FOUND');
    const normalise = (text: string, id: string): string => text.replaceAll(id, 'X').replace(/"request_id":"[0-9a-f]+"/, '');
    assert.equal(normalise(hidden.text, 'CLB.t'), normalise(absent.text, 'CLB.nosuch'));
  });

  it('needs the operator right to validate, explain or run in a collaboration (403), membership first (404)', async () => {
    const body = { query: 'SELECT COUNT() FROM mine INTERSECT yours', collaboration_id: 'CLB.t' };
    for (const path of ['/api/v1/validate', '/api/v1/explain', '/api/v1/queries']) {
      assert.match(expectV1Error(await server.call('POST', path, { body, key: 'key-b' }), 403).message, /operator right/);
      expectV1Error(await server.call('POST', path, { body, key: 'pub-c/priv-c' }), 404);
      assert.equal((await server.call('POST', path, { body, key: 'key-a' })).status, 200);
    }
    const activation = { query: 'SELECT mine.ID FROM mine INTERSECT yours', collaboration_id: 'CLB.t' };
    expectV1Error(await server.call('POST', '/api/v1/activations/validate', { body: activation, key: 'key-b' }), 403);
    expectV1Error(await server.call('POST', '/api/v1/activations', { body: activation, key: 'key-b' }), 403);
  });

  it('needs detailed_logs for dataset stats (403), as owner or member', async () => {
    const path = '/api/v2/collaborations/CLB.t/datasets/mine/stats/summary';
    assert.equal((await server.call('GET', path, { key: 'key-a' })).status, 200);
    assert.match(expectV2Error(await server.call('GET', path, { key: 'key-b' }), 403, 'PERMISSION_DENIED'), /detailed_logs/);
    expectV2Error(await server.call('GET', path, { key: 'pub-c/priv-c' }), 404, 'NOT_FOUND');
    assert.equal((await server.call('GET', '/api/v2/collaborations/CLB.u/datasets/news/stats/key_columns', { key: 'key-a' })).status, 200);
  });
});
