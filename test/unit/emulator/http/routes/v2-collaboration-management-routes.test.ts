import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CreateCollaborationResponseSchema, GetCollaborationResponseSchema, ListCollaborationEventsResponseSchema, ListCollaborationsResponseSchema,
} from '../../../../../common/api';
import { loadDataFolder } from '../../../../../emulator/src/data/load-data-folder';
import { createEmulatorServer } from '../../../../../emulator/src/http/emulator-server';
import { callServer, expectShape, expectV2Error, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';
import { tinyFiles, writeTempFolder } from '../../tiny-folder';

describe('API 2.0 collaboration management and event routes (wire level)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const count = async (): Promise<number> =>
    expectShape(ListCollaborationsResponseSchema, await server.call('GET', '/api/v2/collaborations')).collaborations.length;

  it('keeps a name as text, HTML included, and serves the log as text/csv', async () => {
    const name = '<img src=x onerror=alert(1)>';
    const created = expectShape(CreateCollaborationResponseSchema, await server.call('POST', '/api/v2/collaborations', {
      body: { name, collaborators: [{ company_id: 'CMP.c', rights: { detailed_logs: true } }], creator_rights: { detailed_logs: true } },
    }));
    const id = created.collaboration_id ?? '';
    assert.equal(expectShape(GetCollaborationResponseSchema, await server.call('GET', `/api/v2/collaborations/${id}`)).collaboration.name, name);
    const exported = await server.call('GET', `/api/v2/collaborations/${id}/events/export`, { key: 'pub-c/priv-c' });
    assert.equal(exported.status, 200);
    assert.equal(exported.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.match(exported.text, /^event_date_time,type,company_id,message,entities,metadata\n/);
    const events = expectShape(ListCollaborationEventsResponseSchema, await server.call('GET', `/api/v2/collaborations/${id}/events`));
    assert.deepEqual(events.events[0]?.metadata, {});
  });

  it('refuses a body over the limit (a 1 MiB name) without creating anything', async () => {
    const before = await count();
    const reply = await server.call('POST', '/api/v2/collaborations', { body: { name: 'n'.repeat(1024 * 1024) } });
    assert.match(expectV2Error(reply, 413, 'RESOURCE_EXHAUSTED'), /larger than the limit of 1048576 bytes/);
    assert.equal(await count(), before);
  });

  it('answers in the 2.0 error shape for an encoded ../ in the path, and for bodies that are not objects', async () => {
    assert.match(expectV2Error(await server.call('POST', '/api/v2/collaborations/..%2FCLB.t/close'), 400, 'INVALID_ARGUMENT'), /is not an ID/);
    expectV2Error(await server.call('POST', '/api/v2/collaborations', { rawBody: '[1]' }), 400, 'INVALID_ARGUMENT');
    expectV2Error(await server.call('POST', '/api/v2/collaborations', { body: { name: 7 } }), 400, 'INVALID_ARGUMENT');
    expectV2Error(await server.call('GET', '/api/v2/collaborations/CLB.t/events', { key: null }), 401, 'UNAUTHENTICATED');
    expectV2Error(await server.call('GET', '/api/v2/collaborations/CLB.t/events?pagination.per_page=501'), 400, 'INVALID_ARGUMENT');
  });

  it('changes its own copy of the collaborations: another server on the same loaded data does not see them', async () => {
    const folder = await writeTempFolder(tinyFiles());
    const loaded = await loadDataFolder(folder.dir);
    await folder.remove();
    assert.ok(loaded.ok);
    const servers = [createEmulatorServer({ data: loaded.data }), createEmulatorServer({ data: loaded.data })];
    const [first, second] = await Promise.all(servers.map((one) => one.listen(0, '127.0.0.1')));
    try {
      expectShape(CreateCollaborationResponseSchema, await callServer(first?.url ?? '', 'POST', '/api/v2/collaborations', { body: { name: 'Only here' } }));
      const names = expectShape(ListCollaborationsResponseSchema, await callServer(second?.url ?? '', 'GET', '/api/v2/collaborations')).collaborations.map((c) => c.name);
      assert.deepEqual(names, ['Alpha x Beta', 'Second']);
      assert.equal(loaded.data.catalog.collaborations.length, 2);
    } finally {
      await Promise.all(servers.map((one) => one.close()));
    }
  });
});
