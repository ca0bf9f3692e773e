/**
 * Destination instances and types (Document 2 §4.6) between the service client and the demo
 * emulator over real HTTP: the types and their JSON Schemas, the life of an instance, and the
 * error statuses (401, 403, 404 without leaking another company's instance, 400 naming the
 * config path the type's schema refused).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REDACTED_SECRET } from '../../../common/api';
import type { ServiceClient } from '../../../service/src';
import { expectError, expectOk, startDemoEmulator } from './demo-emulator';
import type { DemoEmulator } from './demo-emulator';
import { addCollaborationDestination, createCollaboration, createDestinationInstance, deleteDestinationInstance, duplicateDestinationInstance, getCollaboration, getCollaborationDestination, getDestinationInstance, getDestinationTypeExternalConfig, getDestinationTypeSchema, listCollaborationDestinations, listDestinationInstances, listDestinationTypes, updateDestinationInstance } from '../../../service/src';

const SFTP = { host: 'sftp.retailco.example', port: 2222, username: 'crm', password: 's3cret', path: '/drop' };

describe('destination instances and types against the demo emulator', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient; // RetailCo
  let ben: ServiceClient; // Daily Courier, in CLB.demo with RetailCo
  let zed: ServiceClient; // OutsideCo, in no collaboration with RetailCo

  before(async () => {
    demo = await startDemoEmulator();
    [ana, ben, zed] = ['demo-key-ana', 'demo-key-ben', 'demo-key-zed'].map((key) => demo.createClient(key)) as [ServiceClient, ServiceClient, ServiceClient];
  });
  after(async () => {
    await demo.close();
  });

  it('lists the destination types and gives each one JSON Schema', async () => {
    const types = expectOk(await listDestinationTypes(ana)).destination_types;
    assert.deepEqual(types.map((type) => type.id), ['sftp', 'object-store', 'dsp', 'crm']);
    for (const type of types) {
      const schema = expectOk(await getDestinationTypeSchema(ana, type.id)).connection_specification;
      assert.equal(schema.type, 'object', type.id);
      assert.ok(Array.isArray(schema.required), type.id);
    }
    const error = expectError(await getDestinationTypeSchema(ana, 'carrier-pigeon'), 'not-found');
    assert.match(error.message, /unknown destination type 'carrier-pigeon'/);
  });

  it('creates, reads, updates and deletes an instance; secrets are never shown back', async () => {
    const created = expectOk(await createDestinationInstance(ana, { name: 'CRM drop', destination_type_id: 'sftp', config: SFTP, editable_paths: ['path'] }));
    assert.match(created.destination_id, /^DST\./);
    const read = expectOk(await getDestinationInstance(ana, created.destination_id)).destination;
    assert.deepEqual(read.config, { ...SFTP, password: REDACTED_SECRET });
    assert.deepEqual(read.editable_paths, ['path']);
    assert.equal(read.creator_id, 'USR.ana');
    assert.equal(read.owner_id, demo.emulator.data.catalog.users.find((user) => user.id === 'USR.ana')?.company_id);

    const listed = expectOk(await listDestinationInstances(ana)).destinations.map((item) => item.id);
    assert.ok(listed.includes(created.destination_id) && listed.includes('DST.retail-sftp'), listed.join(', '));
    assert.ok(!listed.includes('DST.courier-dsp'), 'another company’s instance is not listed');

    // The whole config is replaced; the redaction marker keeps the stored password.
    const updated = expectOk(await updateDestinationInstance(ana, created.destination_id, {
      name: 'CRM nightly drop', config: { host: 'sftp2.retailco.example', password: REDACTED_SECRET },
    })).destination;
    assert.equal(updated.name, 'CRM nightly drop');
    assert.deepEqual(updated.config, { host: 'sftp2.retailco.example', password: REDACTED_SECRET });
    assert.equal(demo.emulator.data.catalog.users.length > 0, true);

    assert.deepEqual(expectOk(await deleteDestinationInstance(ana, created.destination_id)), {});
    expectError(await getDestinationInstance(ana, created.destination_id), 'not-found');
  });

  it('refuses a config its type does not accept with 400 naming the failing path, and changes nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...SFTP, port: 70000 }, /^config\.port: must be <= 65535$/],
      [{ port: 22 }, /^config\.host: is required$/],
      [{ host: 'x', colour: 'red' }, /^config\.colour: is not a property of destination type 'sftp'$/],
      [{ host: 'bad host!' }, /^config\.host: must match pattern/],
      [{ host: 'x', password: REDACTED_SECRET }, /^config\.password: X-INFOSUM-REDACTED keeps a stored secret/],
    ];
    for (const [config, message] of cases) {
      const error = expectError(await createDestinationInstance(ana, { name: 'x', destination_type_id: 'sftp', config }), 'invalid');
      assert.equal(error.status, 400);
      assert.match(error.message, message);
    }
    assert.match(expectError(await createDestinationInstance(ana, { name: 'x', destination_type_id: 'telex', config: {} }), 'invalid').message, /^destination_type_id: unknown destination type 'telex'/);
    assert.match(expectError(await createDestinationInstance(ana, { name: 'x', destination_type_id: 'sftp', config: { host: 'x' }, editable_paths: ['nope'] }), 'invalid').message, /^editable_paths\[0\]: 'nope' is not a property/);
    const before = expectOk(await getDestinationInstance(ana, 'DST.retail-sftp')).destination;
    const error = expectError(await updateDestinationInstance(ana, 'DST.retail-sftp', { name: 'renamed', config: { host: 'x', port: 'twenty-two' } }), 'invalid');
    assert.match(error.message, /^config\.port: must be integer$/);
    assert.deepEqual(expectOk(await getDestinationInstance(ana, 'DST.retail-sftp')).destination, before);
  });

  it('answers 404 for another company’s instance the caller cannot know, 403 for one a shared collaboration shows', async () => {
    const created = expectOk(await createDestinationInstance(ana, { name: 'private', destination_type_id: 'crm', config: { list: 'vip' } }));
    for (const client of [ben, zed]) {
      const error = expectError(await getDestinationInstance(client, created.destination_id), 'not-found');
      assert.equal(error.message, expectError(await getDestinationInstance(client, 'DST.never-made'), 'not-found').message.replace('DST.never-made', created.destination_id));
      expectError(await updateDestinationInstance(client, created.destination_id, { name: 'mine now' }), 'not-found');
      expectError(await deleteDestinationInstance(client, created.destination_id), 'not-found');
    }
    // Ben sees DST.retail-sftp in CLB.demo's destinations, so hiding it would mislead: 403.
    assert.match(expectError(await getDestinationInstance(ben, 'DST.retail-sftp'), 'forbidden').message, /only its owner may read it/);
    expectError(await updateDestinationInstance(ben, 'DST.retail-sftp', { name: 'x' }), 'forbidden');
    expectError(await getDestinationInstance(zed, 'DST.retail-sftp'), 'not-found');
  });

  it('refuses to delete an instance a collaboration uses (400), and every operation without a key (401)', async () => {
    assert.match(expectError(await deleteDestinationInstance(ana, 'DST.retail-sftp'), 'invalid').message, /collaboration 'CLB.demo'/);
    const anonymous = demo.createClient('not-a-key');
    expectError(await listDestinationTypes(anonymous), 'unauthorized');
    expectError(await listDestinationInstances(anonymous), 'unauthorized');
    expectError(await createDestinationInstance(anonymous, { name: 'x', destination_type_id: 'crm', config: { list: 'a' } }), 'unauthorized');
  });

  it('an instance made with Create Destination Instance can be added to a collaboration, which then lists it', async () => {
    const created = expectOk(await createDestinationInstance(ana, { name: 'Audience bucket', destination_type_id: 'object-store', config: { bucket: 'retail-audiences', region: 'eu-west-2' } }));
    const id = created.destination_id;
    const benCompany = demo.emulator.data.catalog.users.find((user) => user.id === 'USR.ben')?.company_id ?? '';
    const collaboration = expectOk(await createCollaboration(ana, {
      name: 'Instances', collaborators: [{ company_id: benCompany, rights: { contributor: true } }], creator_rights: { contributor: true },
    })).collaboration_id ?? '';
    // A member with the contributor right cannot add it: its company owns no such instance.
    assert.match(expectError(await addCollaborationDestination(ben, collaboration, { destination_id: id }), 'invalid').message, /your company has no destination/);
    expectOk(await addCollaborationDestination(ana, collaboration, { destination_id: id }));
    assert.ok(expectOk(await getCollaboration(ana, collaboration)).collaboration.destination_ids?.includes(id));
    const listed = expectOk(await listCollaborationDestinations(ana, collaboration)).destinations ?? [];
    assert.deepEqual(listed.map((item) => [item.id, item.name, item.destination_type_id]), [[id, 'Audience bucket', 'object-store']]);
    // Now a collaboration uses it, so it cannot be deleted.
    assert.match(expectError(await deleteDestinationInstance(ana, id), 'invalid').message, new RegExp(`collaboration '${collaboration}'`));
  });

  it('duplicates an instance under a new ID, secrets kept but never shown; 404/403/400/401 as for Get', async () => {
    const created = expectOk(await createDestinationInstance(ana, { name: 'Nightly', destination_type_id: 'sftp', config: SFTP, editable_paths: ['path'] }));
    const copyId = expectOk(await duplicateDestinationInstance(ana, created.destination_id)).destination_id ?? '';
    assert.match(copyId, /^DST\./);
    assert.notEqual(copyId, created.destination_id);
    const copy = expectOk(await getDestinationInstance(ana, copyId)).destination;
    assert.equal(copy.name, 'Nightly (copy)');
    assert.deepEqual(copy.config, { ...SFTP, password: REDACTED_SECRET });
    assert.deepEqual(copy.editable_paths, ['path']);
    // The copy is its own instance: changing it leaves the original as it was.
    expectOk(await updateDestinationInstance(ana, copyId, { name: 'Weekly' }));
    assert.equal(expectOk(await getDestinationInstance(ana, created.destination_id)).destination.name, 'Nightly');

    const before = expectOk(await listDestinationInstances(ana)).destinations.length;
    expectError(await duplicateDestinationInstance(zed, created.destination_id), 'not-found');
    expectError(await duplicateDestinationInstance(ben, 'DST.retail-sftp'), 'forbidden');
    assert.match(expectError(await duplicateDestinationInstance(ana, '..%2F<x>'), 'invalid').message, /is not an ID/);
    expectError(await duplicateDestinationInstance(ana, 'DST.never-made'), 'not-found');
    expectError(await duplicateDestinationInstance(demo.createClient('not-a-key'), created.destination_id), 'unauthorized');
    assert.equal(expectOk(await listDestinationInstances(ana)).destinations.length, before, 'a refused duplicate makes nothing');
  });

  it('gives each type its external config (404 for an unknown type, 401 without a key)', async () => {
    assert.deepEqual(expectOk(await getDestinationTypeExternalConfig(ana, 'sftp')).external_config ?? {}, {});
    assert.match(String(expectOk(await getDestinationTypeExternalConfig(zed, 'object-store')).external_config?.writer_identity), /@/);
    assert.match(expectError(await getDestinationTypeExternalConfig(ana, 'carrier-pigeon'), 'not-found').message, /unknown destination type 'carrier-pigeon'/);
    expectError(await getDestinationTypeExternalConfig(demo.createClient('not-a-key'), 'sftp'), 'unauthorized');
  });

  it('Get Destination of a collaboration shows the instance, its editable paths and later changes', async () => {
    const before = expectOk(await getCollaborationDestination(ana, 'CLB.demo', 'DST.retail-sftp')).destination;
    assert.deepEqual(before.editable_paths, ['path', 'file_name_prefix']);
    assert.equal(before.creator_id, 'USR.ana');
    expectOk(await updateDestinationInstance(ana, 'DST.retail-sftp', { editable_paths: ['file_name_prefix'], description: 'changed' }));
    const after = expectOk(await getCollaborationDestination(ana, 'CLB.demo', 'DST.retail-sftp')).destination;
    assert.deepEqual(after.editable_paths, ['file_name_prefix']);
    assert.equal(after.description, 'changed');
    assert.deepEqual(expectOk(await getCollaborationDestination(ben, 'CLB.demo', 'DST.retail-sftp')).destination.config, {}, 'the config stays its owner’s');
  });
});
