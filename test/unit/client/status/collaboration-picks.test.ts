import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ProfileStore } from '../../../../client/src/connections/profile-store';
import { ServiceGateway } from '../../../../client/src/service/service-gateway';
import { ServiceClient } from '../../../../service/src';
import { directProfileService } from '../direct-profile-service';
import { listCollaborationPicks } from '../../../../client/src/status/collaboration-picks';
import { startEmulator, type RunningEmulator } from '../../../../emulator/src/start-emulator';

/** A gateway over one profile, its calls made in-process as the language server would. */
const clients: ServiceClient[] = [];
function gateway(baseUrl: string, apiKey: string | undefined, trusted: boolean): ServiceGateway {
  return new ServiceGateway(fakeProfiles(baseUrl, apiKey, trusted), (profile) => {
    const created = ServiceClient.create({ name: profile, baseUrl, apiKey: apiKey ?? '' }, { version: 'test', retry: { maxAttempts: 1 } });
    if (!created.ok) throw new Error(created.error.message);
    clients.push(created.value);
    return directProfileService(created.value, { profile });
  });
}

/** The part of ProfileStore that ServiceGateway reads, over one profile. */
function fakeProfiles(baseUrl: string, apiKey: string | undefined, trusted: boolean): ProfileStore {
  const entry = { name: 'p', baseUrl, origin: 'settings' as const };
  const fake: Pick<ProfileStore, 'serviceAllowed' | 'defaultProfile' | 'get' | 'apiKey'> = {
    serviceAllowed: () => trusted,
    defaultProfile: () => 'p',
    get: (name) => (name === 'p' ? entry : undefined),
    apiKey: async () => apiKey,
  };
  return fake as ProfileStore;
}

describe('listCollaborationPicks', () => {
  let emulator: RunningEmulator;
  let counter: Server;
  let counterUrl = '';
  let requests = 0;
  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
    // Counts every request it receives: an untrusted workspace must send none.
    counter = createServer((_request, response) => {
      requests++;
      response.writeHead(500).end();
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));
    counterUrl = `http://127.0.0.1:${(counter.address() as AddressInfo).port}`;
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await emulator.close();
    await new Promise<void>((resolve) => counter.close(() => resolve()));
  });

  it('lists what the demo user Ana sees, sorted by name', async () => {
    const access = gateway(emulator.url, 'demo-key-ana', true);
    const listed = await listCollaborationPicks(access, undefined);
    assert.ok(listed.ok, listed.ok ? '' : listed.message);
    assert.deepEqual(listed.choices.map((c) => [c.name, c.id]), [['Bank x Retail insights', 'CLB.finance'], ['Retail x Publisher', 'CLB.demo']]);
  });

  it('makes no request at all in an untrusted workspace, and says why', async () => {
    const access = gateway(counterUrl, 'some-key', false);
    const listed = await listCollaborationPicks(access, 'p');
    assert.equal(listed.ok, false);
    assert.match(listed.ok ? '' : listed.message, /not trusted/);
    assert.equal(requests, 0);
  });

  it('says calmly that a key is missing or refused, never repeating it', async () => {
    const noKey = gateway(emulator.url, undefined, true);
    const missing = await listCollaborationPicks(noKey, 'p');
    assert.match(missing.ok ? '' : missing.message, /no API key yet/);
    const wrong = gateway(emulator.url, 'wrong-key-123', true);
    const refused = await listCollaborationPicks(wrong, 'p');
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.message, /missing, wrong or expired/);
    assert.doesNotMatch(refused.ok ? '' : refused.message, /wrong-key-123/);
  });
});
