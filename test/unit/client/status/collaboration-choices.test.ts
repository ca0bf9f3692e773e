import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { ProfileStore } from '../../../../client/src/connections/profile-store';
import { ServiceAccess } from '../../../../client/src/service/service-access';
import { listCollaborationChoices } from '../../../../client/src/status/collaboration-choices';
import { startEmulator, type RunningEmulator } from '../../../../emulator/src/start-emulator';

/** The part of ProfileStore that ServiceAccess reads, over one profile. */
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

describe('listCollaborationChoices', () => {
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
    await emulator.close();
    await new Promise<void>((resolve) => counter.close(() => resolve()));
  });

  it('lists what the demo user Ana sees, sorted by name', async () => {
    const access = new ServiceAccess(fakeProfiles(emulator.url, 'demo-key-ana', true));
    try {
      const listed = await listCollaborationChoices(access, undefined);
      assert.ok(listed.ok, listed.ok ? '' : listed.message);
      assert.deepEqual(listed.choices.map((c) => [c.name, c.id]), [['Bank x Retail insights', 'CLB.finance'], ['Retail x Publisher', 'CLB.demo']]);
    } finally {
      access.dispose();
    }
  });

  it('makes no request at all in an untrusted workspace, and says why', async () => {
    const access = new ServiceAccess(fakeProfiles(counterUrl, 'some-key', false));
    const listed = await listCollaborationChoices(access, 'p');
    assert.equal(listed.ok, false);
    assert.match(listed.ok ? '' : listed.message, /not trusted/);
    assert.equal(requests, 0);
    access.dispose();
  });

  it('says calmly that a key is missing or refused, never repeating it', async () => {
    const noKey = new ServiceAccess(fakeProfiles(emulator.url, undefined, true));
    const missing = await listCollaborationChoices(noKey, 'p');
    assert.match(missing.ok ? '' : missing.message, /no API key yet/);
    const wrong = new ServiceAccess(fakeProfiles(emulator.url, 'wrong-key-123', true));
    const refused = await listCollaborationChoices(wrong, 'p');
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.message, /missing, wrong or expired/);
    assert.doesNotMatch(refused.ok ? '' : refused.message, /wrong-key-123/);
    noKey.dispose();
    wrong.dispose();
  });
});
