/**
 * Adding and removing collaboration datasets, activation and insight datasets and destinations
 * through the real service client against the emulator (tiny folder: Alpha owns Shop and the
 * destination DST.a, Beta owns News). Each rule of seed 001 §3 and §5 and each error status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectError, expectOk } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';
import { addActivationDataset, addCollaborationDataset, addCollaborationDestination, addInsightDataset, closeCollaboration, createCollaboration, getCollaboration, listCollaborationEvents, removeActivationDataset, removeCollaborationDataset, removeCollaborationDestination, removeInsightDataset, validateQuery } from '../../../service/src';

const NEWS = 'CLOUDA_EU_WEST_2.news';

describe('collaboration assets: service client against the emulator', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  let ann: ServiceClient;
  let bo: ServiceClient;
  let cy: ServiceClient;
  let shop: string;
  let id: string;

  before(async () => {
    server = await startTestServer();
    [ann, bo, cy] = ['key-a', 'key-b', 'pub-c/priv-c'].map((key) => {
      const made = createTestClient(server.base, {}, key);
      clients.push(made);
      return made.client;
    }) as [ServiceClient, ServiceClient, ServiceClient];
    shop = expectOk(await getCollaboration(ann, 'CLB.t')).collaboration.datasets?.find((d) => d.collaboration_dataset_name === 'mine')?.dataset_id ?? '';
    id = expectOk(await createCollaboration(ann, {
      name: 'Assets',
      creator_rights: { operator: true, contributor: true, detailed_logs: true },
      collaborators: [{ company_id: 'CMP.b', rights: { contributor: true } }, { company_id: 'CMP.c', rights: { operator: true } }],
    })).collaboration_id ?? '';
  });
  after(async () => {
    for (const made of clients) await made.close();
    await server.close();
  });

  const datasetNames = async (): Promise<string[]> =>
    (expectOk(await getCollaboration(ann, id)).collaboration.datasets ?? []).map((d) => d.collaboration_dataset_name ?? '');

  it('adds datasets of the three kinds with their restrictions, usable in queries at once', async () => {
    expectOk(await addCollaborationDataset(ann, id, {
      collaboration_dataset_name: 'shop1', dataset_id: shop, activation_allowed: true, exportable_to_members: ['CMP.a'],
      allowed_attributes: ['Age'], attribute_restriction: true, intersection_only: true,
    }));
    expectOk(await addInsightDataset(ann, id, { collaboration_dataset_name: 'shop2', dataset_id: shop, allowed_attributes: ['Gender'], attribute_restriction: true }));
    expectOk(await addActivationDataset(bo, id, { collaboration_dataset_name: 'news', dataset_id: NEWS, exportable_to_members: ['CMP.b'] }));
    const collaboration = expectOk(await getCollaboration(ann, id)).collaboration;
    const shop1 = collaboration.datasets?.find((d) => d.collaboration_dataset_name === 'shop1');
    assert.deepEqual(
      [shop1?.activation_allowed, shop1?.allowed_attributes, shop1?.attribute_restriction, shop1?.exportable_to_members, shop1?.intersection_only, shop1?.owner_id],
      [true, ['Age'], true, ['CMP.a'], true, 'CMP.a'],
    );
    assert.deepEqual(collaboration.activation_datasets?.map((d) => d.collaboration_dataset_name), ['shop1', 'news']);
    assert.deepEqual(collaboration.insight_datasets?.map((d) => [d.collaboration_dataset_name, d.allowed_attributes]), [['shop2', ['Gender']]]);
    assert.deepEqual(expectOk(await validateQuery(ann, { query: 'SELECT COUNT() FROM shop1 INTERSECT news', collaboration_id: id })), { success: true });
  });

  it('refuses bad bodies with 400 and the reason, and adds nothing', async () => {
    const before = await datasetNames();
    const refusals: [Parameters<typeof addCollaborationDataset>[2], RegExp][] = [
      [{ collaboration_dataset_name: 'bad_name', dataset_id: shop }, /must be 1 to 17 letters or digits/],
      [{ collaboration_dataset_name: 'a'.repeat(18), dataset_id: shop }, /must be 1 to 17 letters or digits/],
      [{ collaboration_dataset_name: '<b>x</b>', dataset_id: shop }, /must be 1 to 17 letters or digits/],
      [{ collaboration_dataset_name: 'shop1', dataset_id: shop }, /already names a dataset/],
      [{ collaboration_dataset_name: 'x', dataset_id: 'CLOUDA_EU_WEST_2.nope' }, /unknown dataset/],
      [{ collaboration_dataset_name: 'x', dataset_id: '../etc' }, /dataset_id: '\.\.\/etc' is not an ID/],
      [{ collaboration_dataset_name: 'x', dataset_id: 'CLOUDA_EU_WEST_2.secret' }, /unknown dataset/],
      [{ collaboration_dataset_name: 'x', dataset_id: shop, exportable_to_members: ['CMP.z'] }, /'CMP\.z' is not a company of collaboration/],
      [{ collaboration_dataset_name: 'x', dataset_id: shop, allowed_attributes: ['Income'] }, /has no attribute 'Income'/],
      [{ collaboration_dataset_name: 'x', dataset_id: shop, allowed_destination_types: ['sftp'] }, /only be set with destination_type_restriction/],
    ];
    for (const [body, message] of refusals) {
      const error = expectError(await addCollaborationDataset(ann, id, body), 'invalid');
      assert.equal(error.status, 400);
      assert.match(error.message, message);
    }
    assert.deepEqual(await datasetNames(), before);
  });

  it('adds only own datasets, with the contributor right, to a collaboration the caller belongs to', async () => {
    assert.match(expectError(await addActivationDataset(ann, id, { collaboration_dataset_name: 'x', dataset_id: NEWS }), 'forbidden').message, /belongs to 'CMP\.b': only its owner may add it/);
    assert.equal(expectError(await addInsightDataset(cy, id, { collaboration_dataset_name: 'x', dataset_id: shop }), 'forbidden').missingRight, 'contributor');
    // Gamma is not a member of CLB.u: the same 404 as for a collaboration that does not exist.
    expectError(await addCollaborationDataset(cy, 'CLB.u', { collaboration_dataset_name: 'x', dataset_id: shop }), 'not-found');
    expectError(await addCollaborationDataset(ann, '../CLB.u', { collaboration_dataset_name: 'x', dataset_id: shop }), 'invalid');
  });

  it('removes only own datasets, of the kind the operation names', async () => {
    assert.match(expectError(await removeCollaborationDataset(bo, id, 'shop1'), 'forbidden').message, /only its owner may remove it/);
    expectError(await removeActivationDataset(ann, id, 'shop2'), 'not-found');
    expectError(await removeInsightDataset(ann, id, 'nothere'), 'not-found');
    expectError(await removeInsightDataset(ann, id, '..%2F'), 'invalid');
    expectOk(await removeInsightDataset(ann, id, 'shop2'));
    expectOk(await removeCollaborationDataset(ann, id, shop));
    expectOk(await removeActivationDataset(bo, id, NEWS));
    assert.deepEqual(await datasetNames(), []);
  });

  it('adds and removes only own destinations', async () => {
    assert.match(expectError(await addCollaborationDestination(bo, id, { destination_id: 'DST.a' }), 'invalid').message, /your company has no destination 'DST\.a'/);
    expectError(await addCollaborationDestination(ann, id, { destination_id: '<DST.a>' }), 'invalid');
    expectOk(await addCollaborationDestination(ann, id, { destination_id: 'DST.a' }));
    assert.match(expectError(await addCollaborationDestination(ann, id, { destination_id: 'DST.a' }), 'invalid').message, /already in collaboration/);
    assert.deepEqual(expectOk(await getCollaboration(bo, id)).collaboration.destination_ids, ['DST.a']);
    assert.match(expectError(await removeCollaborationDestination(bo, id, 'DST.a'), 'forbidden').message, /belongs to 'CMP\.a'/);
    expectOk(await removeCollaborationDestination(ann, id, 'DST.a'));
    expectError(await removeCollaborationDestination(ann, id, 'DST.a'), 'not-found');
  });

  it('logs every change in order, naming the asset', async () => {
    const events = expectOk(await listCollaborationEvents(ann, id)).events;
    assert.deepEqual(events.map((event) => [event.type, event.company_id, event.entities?.at(-1)?.name]), [
      ['TYPE_COLLABORATION_CREATED', 'CMP.a', 'Gamma'],
      ['TYPE_DATASET_ADDED', 'CMP.a', 'shop1'],
      ['TYPE_INSIGHT_DATASET_ADDED', 'CMP.a', 'shop2'],
      ['TYPE_ACTIVATION_DATASET_ADDED', 'CMP.b', 'news'],
      ['TYPE_INSIGHT_DATASET_REMOVED', 'CMP.a', 'shop2'],
      ['TYPE_DATASET_REMOVED', 'CMP.a', 'shop1'],
      ['TYPE_ACTIVATION_DATASET_REMOVED', 'CMP.b', 'news'],
      ['TYPE_DESTINATION_ADDED', 'CMP.a', 'Alpha drop'],
      ['TYPE_DESTINATION_REMOVED', 'CMP.a', 'Alpha drop'],
    ]);
    assert.equal(events[1]?.message, "Ann (Alpha) added the dataset 'shop1'");
  });

  it('refuses every change once the collaboration is closed', async () => {
    expectOk(await addInsightDataset(ann, id, { collaboration_dataset_name: 'late', dataset_id: shop }));
    expectOk(await closeCollaboration(ann, id));
    const closed = /is closed: it accepts no changes/;
    assert.match(expectError(await addInsightDataset(ann, id, { collaboration_dataset_name: 'later', dataset_id: shop }), 'forbidden').message, closed);
    assert.match(expectError(await removeInsightDataset(ann, id, 'late'), 'forbidden').message, closed);
    assert.match(expectError(await addCollaborationDestination(ann, id, { destination_id: 'DST.a' }), 'forbidden').message, closed);
    assert.deepEqual(await datasetNames(), ['late']);
  });
});
