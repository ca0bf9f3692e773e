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
    shop = expectOk(await ann.getCollaboration('CLB.t')).collaboration.datasets?.find((d) => d.collaboration_dataset_name === 'mine')?.dataset_id ?? '';
    id = expectOk(await ann.createCollaboration({
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
    (expectOk(await ann.getCollaboration(id)).collaboration.datasets ?? []).map((d) => d.collaboration_dataset_name ?? '');

  it('adds datasets of the three kinds with their restrictions, usable in queries at once', async () => {
    expectOk(await ann.addCollaborationDataset(id, {
      collaboration_dataset_name: 'shop1', dataset_id: shop, activation_allowed: true, exportable_to_members: ['CMP.a'],
      allowed_attributes: ['Age'], attribute_restriction: true, intersection_only: true,
    }));
    expectOk(await ann.addInsightDataset(id, { collaboration_dataset_name: 'shop2', dataset_id: shop, allowed_attributes: ['Gender'], attribute_restriction: true }));
    expectOk(await bo.addActivationDataset(id, { collaboration_dataset_name: 'news', dataset_id: NEWS, exportable_to_members: ['CMP.b'] }));
    const collaboration = expectOk(await ann.getCollaboration(id)).collaboration;
    const shop1 = collaboration.datasets?.find((d) => d.collaboration_dataset_name === 'shop1');
    assert.deepEqual(
      [shop1?.activation_allowed, shop1?.allowed_attributes, shop1?.attribute_restriction, shop1?.exportable_to_members, shop1?.intersection_only, shop1?.owner_id],
      [true, ['Age'], true, ['CMP.a'], true, 'CMP.a'],
    );
    assert.deepEqual(collaboration.activation_datasets?.map((d) => d.collaboration_dataset_name), ['shop1', 'news']);
    assert.deepEqual(collaboration.insight_datasets?.map((d) => [d.collaboration_dataset_name, d.allowed_attributes]), [['shop2', ['Gender']]]);
    assert.deepEqual(expectOk(await ann.validateQuery({ query: 'SELECT COUNT() FROM shop1 INTERSECT news', collaboration_id: id })), { success: true });
  });

  it('refuses bad bodies with 400 and the reason, and adds nothing', async () => {
    const before = await datasetNames();
    const refusals: [Parameters<ServiceClient['addCollaborationDataset']>[1], RegExp][] = [
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
      const error = expectError(await ann.addCollaborationDataset(id, body), 'invalid');
      assert.equal(error.status, 400);
      assert.match(error.message, message);
    }
    assert.deepEqual(await datasetNames(), before);
  });

  it('adds only own datasets, with the contributor right, to a collaboration the caller belongs to', async () => {
    assert.match(expectError(await ann.addActivationDataset(id, { collaboration_dataset_name: 'x', dataset_id: NEWS }), 'forbidden').message, /belongs to 'CMP\.b': only its owner may add it/);
    assert.equal(expectError(await cy.addInsightDataset(id, { collaboration_dataset_name: 'x', dataset_id: shop }), 'forbidden').missingRight, 'contributor');
    // Gamma is not a member of CLB.u: the same 404 as for a collaboration that does not exist.
    expectError(await cy.addCollaborationDataset('CLB.u', { collaboration_dataset_name: 'x', dataset_id: shop }), 'not-found');
    expectError(await ann.addCollaborationDataset('../CLB.u', { collaboration_dataset_name: 'x', dataset_id: shop }), 'invalid');
  });

  it('removes only own datasets, of the kind the operation names', async () => {
    assert.match(expectError(await bo.removeCollaborationDataset(id, 'shop1'), 'forbidden').message, /only its owner may remove it/);
    expectError(await ann.removeActivationDataset(id, 'shop2'), 'not-found');
    expectError(await ann.removeInsightDataset(id, 'nothere'), 'not-found');
    expectError(await ann.removeInsightDataset(id, '..%2F'), 'invalid');
    expectOk(await ann.removeInsightDataset(id, 'shop2'));
    expectOk(await ann.removeCollaborationDataset(id, shop));
    expectOk(await bo.removeActivationDataset(id, NEWS));
    assert.deepEqual(await datasetNames(), []);
  });

  it('adds and removes only own destinations', async () => {
    assert.match(expectError(await bo.addCollaborationDestination(id, { destination_id: 'DST.a' }), 'invalid').message, /your company has no destination 'DST\.a'/);
    expectError(await ann.addCollaborationDestination(id, { destination_id: '<DST.a>' }), 'invalid');
    expectOk(await ann.addCollaborationDestination(id, { destination_id: 'DST.a' }));
    assert.match(expectError(await ann.addCollaborationDestination(id, { destination_id: 'DST.a' }), 'invalid').message, /already in collaboration/);
    assert.deepEqual(expectOk(await bo.getCollaboration(id)).collaboration.destination_ids, ['DST.a']);
    assert.match(expectError(await bo.removeCollaborationDestination(id, 'DST.a'), 'forbidden').message, /belongs to 'CMP\.a'/);
    expectOk(await ann.removeCollaborationDestination(id, 'DST.a'));
    expectError(await ann.removeCollaborationDestination(id, 'DST.a'), 'not-found');
  });

  it('logs every change in order, naming the asset', async () => {
    const events = expectOk(await ann.listCollaborationEvents(id)).events;
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
    expectOk(await ann.addInsightDataset(id, { collaboration_dataset_name: 'late', dataset_id: shop }));
    expectOk(await ann.closeCollaboration(id));
    const closed = /is closed: it accepts no changes/;
    assert.match(expectError(await ann.addInsightDataset(id, { collaboration_dataset_name: 'later', dataset_id: shop }), 'forbidden').message, closed);
    assert.match(expectError(await ann.removeInsightDataset(id, 'late'), 'forbidden').message, closed);
    assert.match(expectError(await ann.addCollaborationDestination(id, { destination_id: 'DST.a' }), 'forbidden').message, closed);
    assert.deepEqual(await datasetNames(), ['late']);
  });
});
