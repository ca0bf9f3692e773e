import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CollaborationChoices, loadCollaborationChoices } from '../../../../server/src/workspace/collaboration-choices';
import { startDemoEmulator, type DemoEmulator } from '../../service/demo-emulator';
import { FakeService, ok, v2Error, type FakeAnswer, type RecordedRequest } from '../../service/fake-service';
import { createTestClient } from '../../service/test-client';

/** Two collaborations; the datasets of CLB.hidden may not be listed by this key. */
function collaborations(request: RecordedRequest): FakeAnswer {
  const path = request.url.split('?')[0];
  if (path === '/api/v2/collaborations') return ok({ collaborations: [{ id: 'CLB.one', name: 'One' }, { id: 'CLB.hidden' }] });
  if (path === '/api/v2/collaborations/CLB.one/datasets') return ok({ datasets: [{ id: 'd1', collaboration_dataset_name: 'them' }, { id: 'd2', collaboration_dataset_name: 'self' }] });
  return v2Error(403, 'PERMISSION_DENIED', 'not a member');
}

describe('CollaborationChoices', { timeout: 30_000 }, () => {
  let service: FakeService;
  before(async () => {
    service = await FakeService.start(collaborations);
  });
  after(async () => {
    await service.close();
  });

  it('lists each collaboration with its dataset names, skipping those whose datasets cannot be listed', async () => {
    const { client, close } = createTestClient(service.baseUrl);
    const loaded = await loadCollaborationChoices(client);
    assert.deepEqual(loaded, { ok: true, value: [{ id: 'CLB.one', name: 'One', datasetNames: ['them', 'self'] }] });
    await close();
  });

  it('loads once per profile key, and concurrent asks share the load', async () => {
    const { client, close } = createTestClient(service.baseUrl);
    const choices = new CollaborationChoices();
    const before = service.requests.length;
    const [first, second] = await Promise.all([choices.get('profile-a', client), choices.get('profile-a', client)]);
    assert.deepEqual(first, second);
    const perLoad = service.requests.length - before;
    assert.equal(perLoad, 3, 'one list and two dataset lists');
    await choices.get('profile-a', client);
    assert.equal(service.requests.length - before, perLoad, 'a cached profile was loaded again');
    await choices.get('profile-b', client);
    assert.equal(service.requests.length - before, perLoad * 2, 'another profile key is another load');
    choices.clear();
    await choices.get('profile-a', client);
    assert.equal(service.requests.length - before, perLoad * 3, 'clear() must forget the lists');
    await close();
  });

  it('answers an empty list when the service cannot say, and does not keep the failure', async () => {
    const failing = await FakeService.start(() => v2Error(401, 'UNAUTHENTICATED', 'bad key'));
    const { client, close } = createTestClient(failing.baseUrl);
    const choices = new CollaborationChoices();
    assert.deepEqual(await choices.get('profile', client), []);
    failing.setHandler(collaborations);
    assert.deepEqual((await choices.get('profile', client)).map((c) => c.id), ['CLB.one']);
    await close();
    await failing.close();
  });

  it("reads the demo clean room's collaborations for the quick fix", async () => {
    const demo: DemoEmulator = await startDemoEmulator();
    try {
      const choices = await new CollaborationChoices().get('ana', demo.createClient('demo-key-ana'));
      const clb = choices.find((c) => c.id === 'CLB.demo');
      assert.ok(clb, choices.map((c) => c.id).join(','));
      assert.ok(clb.datasetNames.includes('them') && clb.datasetNames.includes('self'), clb.datasetNames.join(','));
    } finally {
      await demo.close();
    }
  });
});
