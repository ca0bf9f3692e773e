/**
 * Where a segment may be exported (seed 001 §4.5) between the service client and the demo
 * emulator over real HTTP: List Activation Segment Destinations (only destinations an export
 * would accept, the swagger's order_by columns) and Get Activation Segment Destination Push
 * Schema (the instance's editable paths, its values as defaults, never a secret), with 400,
 * 401 and 404 that does not tell a missing destination from another collaboration's.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REDACTED_SECRET } from '../../../common/api';
import type { ServiceClient } from '../../../service/src';
import { expectError, expectOk, startDemoEmulator } from './demo-emulator';
import type { DemoEmulator } from './demo-emulator';
import { addCollaborationDestination, createDestinationInstance, getActivationSegmentDestinationPushSchema, listActivationSegmentDestinations } from '../../../service/src';

const DEMO1 = { collaborationId: 'CLB.demo', segmentId: 'ATS.demo1' };

describe('segment destinations and push schemas against the demo emulator', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient; // RetailCo, owns CLB.demo
  let ben: ServiceClient; // Courier Media, member of CLB.demo
  let zed: ServiceClient; // not a member

  before(async () => {
    demo = await startDemoEmulator();
    [ana, ben, zed] = ['demo-key-ana', 'demo-key-ben', 'demo-key-zed'].map((key) => demo.createClient(key)) as [ServiceClient, ServiceClient, ServiceClient];
  });
  after(async () => {
    await demo.close();
  });

  it('lists the collaboration destinations an export of the segment may reach, for every member', async () => {
    // ATS.demo1 exports 'self', exportable to RetailCo and Courier Media: both destinations qualify.
    for (const client of [ana, ben]) {
      const listed = expectOk(await listActivationSegmentDestinations(client, DEMO1, { orderBy: 'name' })).destinations ?? [];
      assert.deepEqual(listed.map((item) => [item.id, item.destination_type_id]), [['DST.courier-dsp', 'dsp'], ['DST.retail-sftp', 'sftp']]);
    }
    const filtered = expectOk(await listActivationSegmentDestinations(ana, DEMO1, { filter: 'destination_type_id eq sftp' })).destinations ?? [];
    assert.deepEqual(filtered.map((item) => item.id), ['DST.retail-sftp']);
    assert.match(expectError(await listActivationSegmentDestinations(ana, DEMO1, { orderBy: 'config' }), 'invalid').message, /name, created_time, destination_type_id/);
    expectError(await listActivationSegmentDestinations(zed, DEMO1), 'not-found');
    expectError(await listActivationSegmentDestinations(ana, { collaborationId: 'CLB.demo', segmentId: 'ATS.nothing' }), 'not-found');
    expectError(await listActivationSegmentDestinations(demo.createClient('not-a-key'), DEMO1), 'unauthorized');
  });

  it('gives the push schema: the editable paths with the instance values as defaults', async () => {
    const schema = expectOk(await getActivationSegmentDestinationPushSchema(ben, DEMO1, 'DST.retail-sftp')).push_schema ?? {};
    assert.equal(schema.type, 'object');
    assert.equal(schema.additionalProperties, false);
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(properties), ['path', 'file_name_prefix']);
    assert.equal(properties.path?.default, '/incoming');
    assert.equal(properties.file_name_prefix?.default, undefined, 'no value, no default');
  });

  it('never shows a secret: its default is the marker that keeps it', async () => {
    const created = expectOk(await createDestinationInstance(ana, { name: 'drop', destination_type_id: 'sftp', config: { host: 'h.example', password: 'hunter2' }, editable_paths: ['password', 'host'] }));
    expectOk(await addCollaborationDestination(ana, 'CLB.demo', { destination_id: created.destination_id }));
    const schema = expectOk(await getActivationSegmentDestinationPushSchema(ana, DEMO1, created.destination_id)).push_schema ?? {};
    assert.ok(!JSON.stringify(schema).includes('hunter2'));
    assert.equal((schema.properties as Record<string, Record<string, unknown>>).password?.default, REDACTED_SECRET);
    assert.equal((schema.properties as Record<string, Record<string, unknown>>).host?.default, 'h.example');
  });

  it('answers 404 alike for a destination of no collaboration and one elsewhere, 400 for a hostile ID, 401 without a key', async () => {
    const elsewhere = expectError(await getActivationSegmentDestinationPushSchema(ana, DEMO1, 'DST.never-made'), 'not-found');
    assert.match(elsewhere.message, /unknown destination 'DST\.never-made' for activation segment 'ATS\.demo1'/);
    expectError(await getActivationSegmentDestinationPushSchema(zed, DEMO1, 'DST.retail-sftp'), 'not-found');
    assert.match(expectError(await getActivationSegmentDestinationPushSchema(ana, DEMO1, '../<b>x</b>'), 'invalid').message, /is not an ID/);
    expectError(await getActivationSegmentDestinationPushSchema(demo.createClient('not-a-key'), DEMO1, 'DST.retail-sftp'), 'unauthorized');
  });
});
