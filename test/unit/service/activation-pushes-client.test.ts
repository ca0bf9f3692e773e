/**
 * The deprecated query-based activation pushes (seed 001 §4.5) and push_config validation of
 * segment exports, between the service client and the demo emulator over real HTTP: the
 * destinations of an activation, its push schema, pushes as asynchronous jobs (PUSH_PENDING,
 * then PUSH_SUCCESSFUL, or PUSH_FAILED with push_error), the `Deprecation` header, and 400,
 * 401, 403 and 404 that does not tell another company's activation from a missing one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEPRECATION_HEADER } from '../../../emulator/src/http/handle-request';
import type { ServiceClient } from '../../../service/src';
import { expectError, expectOk, pollUntil, startDemoEmulator } from './demo-emulator';
import type { DemoEmulator } from './demo-emulator';
import { closeCollaboration, createDestinationInstance, deleteDestinationInstance, exportActivationSegment, getActivation, getActivationDestinationPushSchema, getActivationPush, getActivationSegmentExport, listActivationDestinations, listActivationPushes, listActivationSegmentExports, pushActivationResults, queueActivation } from '../../../service/src';

const DEMO1 = { collaborationId: 'CLB.demo', segmentId: 'ATS.demo1' };

describe('deprecated activation pushes and export push_config against the demo emulator', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient; // RetailCo, owns CLB.demo and the instance DST.retail-sftp
  let ben: ServiceClient; // Courier Media, operator in CLB.demo
  let zed: ServiceClient; // sees nothing
  let activationId = '';

  /** Queues an activation and polls it to completion. */
  async function completedActivation(client: ServiceClient, body: { query: string; collaboration_id?: string }): Promise<string> {
    const id = expectOk(await queueActivation(client, { ...body, campaign_name: 'push' })).activation_id;
    await pollUntil(() => getActivation(client, id), (answer) => answer.ok && answer.value.activation.summary?.status === 'QUERY_COMPLETED', 'the activation completed');
    return id;
  }

  async function pushSettled(client: ServiceClient, queryId: string, pushId: string): Promise<Record<string, unknown>> {
    const answer = await pollUntil(() => getActivationPush(client, queryId, pushId), (read) => read.ok && read.value.push_details.status !== 'PUSH_PENDING', 'the push settled');
    return expectOk(answer).push_details;
  }

  before(async () => {
    demo = await startDemoEmulator();
    [ana, ben, zed] = ['demo-key-ana', 'demo-key-ben', 'demo-key-zed'].map((key) => demo.createClient(key)) as [ServiceClient, ServiceClient, ServiceClient];
    const queued = expectOk(await queueActivation(ana, { query: 'SELECT Retail.ID FROM Retail INTERSECT Publisher1', campaign_name: 'push' })).activation_id;
    // Not completed yet: nothing to push.
    assert.match(expectError(await pushActivationResults(ana, queued, 'DST.retail-sftp', {}), 'invalid').message, /has not completed: poll Get an Activation/);
    activationId = await completedActivation(ana, { query: 'SELECT Retail.ID FROM Retail INTERSECT Publisher1' });
    assert.equal(activationId, queued);
  });
  after(async () => {
    await demo.close();
  });

  it('lists the destinations of an activation (the company’s own instances) and their push schema', async () => {
    const listed = expectOk(await listActivationDestinations(ana, activationId)).destinations ?? [];
    assert.deepEqual(listed.map((item) => item.id).sort(), ['DST.retail-crm', 'DST.retail-sftp']);
    assert.ok(listed.every((item) => item.owner_id === 'CMP.retailco'));
    const schema = expectOk(await getActivationDestinationPushSchema(ana, activationId, 'DST.retail-sftp')).push_schema ?? {};
    assert.deepEqual(Object.keys(schema.properties as object), ['path', 'file_name_prefix']);
    assert.equal((schema.properties as Record<string, Record<string, unknown>>).path?.default, '/incoming');
    expectError(await getActivationDestinationPushSchema(ana, activationId, 'DST.courier-dsp'), 'not-found');
  });

  it('pushes as an asynchronous job: PUSH_PENDING, then PUSH_SUCCESSFUL with the push_config', async () => {
    const pushId = expectOk(await pushActivationResults(ana, activationId, 'DST.retail-sftp', { push_config: { path: '/out' } })).push_id;
    const pending = expectOk(await listActivationPushes(ana, activationId)).activation_pushes;
    assert.deepEqual(pending.map((push) => [push.push_id, push.status, push.push_successful]), [[pushId, 'PUSH_PENDING', false]]);
    const done = await pushSettled(ana, activationId, pushId);
    assert.equal(done.status, 'PUSH_SUCCESSFUL');
    assert.equal(done.push_successful, true);
    assert.equal(done.query_id, activationId);
    assert.deepEqual(done.push_config, { host: 'sftp.retailco.example', path: '/out' });
  });

  it('fails a push whose destination is deleted before it completes, with push_error', async () => {
    const created = expectOk(await createDestinationInstance(ana, { name: 'short-lived', destination_type_id: 'sftp', config: { host: 'h.example', password: 'hunter2' }, editable_paths: ['path'] }));
    const pushId = expectOk(await pushActivationResults(ana, activationId, created.destination_id, {})).push_id;
    expectOk(await deleteDestinationInstance(ana, created.destination_id));
    const failed = await pushSettled(ana, activationId, pushId);
    assert.equal(failed.status, 'PUSH_FAILED');
    assert.equal(failed.push_successful, false);
    assert.match(String((failed.push_error as { error?: { message?: string } }).error?.message), /was deleted before the push completed/);
    assert.ok(!JSON.stringify(failed).includes('hunter2'), 'a secret never shows');
    const successful = expectOk(await listActivationPushes(ana, activationId, { filter: 'push_successful eq true' })).activation_pushes;
    assert.equal(successful.length, 1);
    assert.match(expectError(await listActivationPushes(ana, activationId, { orderBy: 'push_config' }), 'invalid').message, /valid columns are/);
  });

  it('checks push_config against the push schema: 400 naming the failing path, nothing created', async () => {
    const count = (): Promise<number> => listActivationPushes(ana, activationId).then((answer) => expectOk(answer).activation_pushes.length);
    const before = await count();
    assert.match(expectError(await pushActivationResults(ana, activationId, 'DST.retail-sftp', { push_config: { path: 'relative' } }), 'invalid').message, /^push_config\.path: must match pattern/);
    assert.match(expectError(await pushActivationResults(ana, activationId, 'DST.retail-sftp', { push_config: { host: 'evil.example' } }), 'invalid').message, /push_config\.host: is not an editable path of destination 'DST\.retail-sftp' \(editable: path, file_name_prefix\)/);
    assert.match(expectError(await pushActivationResults(ana, activationId, 'DST.retail-sftp', { push_config: { file_name_prefix: '<script>'.repeat(20) } }), 'invalid').message, /push_config\.file_name_prefix: must/);
    assert.equal(await count(), before);
  });

  it('checks an export push_config the same way (Export Activation Segment Results)', async () => {
    const exports = async (): Promise<number> => expectOk(await listActivationSegmentExports(ana, DEMO1)).activation_exports.length;
    const before = await exports();
    assert.match(expectError(await exportActivationSegment(ana, DEMO1, { destination_id: 'DST.retail-sftp', push_config: { path: 'relative' } }), 'invalid').message, /^push_config\.path: must match pattern/);
    assert.match(expectError(await exportActivationSegment(ana, DEMO1, { destination_id: 'DST.retail-sftp', push_config: { host: 'evil.example' } }), 'invalid').message, /push_config\.host: is not an editable path/);
    assert.equal(await exports(), before);
    const exportId = expectOk(await exportActivationSegment(ana, DEMO1, { destination_id: 'DST.retail-sftp', push_config: { path: '/segments' } })).export_id;
    assert.equal(expectOk(await getActivationSegmentExport(ana, DEMO1, exportId)).export_details.push_config?.path, '/segments');
  });

  it("answers 404 alike for another company's activation and a missing one, 400 for hostile IDs, 401 without a key", async () => {
    const missing = expectError(await listActivationPushes(ben, 'ACT.none'), 'not-found');
    const foreign = expectError(await listActivationPushes(ben, activationId), 'not-found');
    assert.equal(foreign.message, missing.message.replace('ACT.none', activationId));
    expectError(await listActivationDestinations(zed, activationId), 'not-found');
    expectError(await pushActivationResults(zed, activationId, 'DST.retail-sftp', {}), 'not-found');
    expectError(await getActivationPush(ana, activationId, 'PSH.999'), 'not-found');
    assert.match(expectError(await listActivationDestinations(ana, '../ACT.x'), 'invalid').message, /query_id: .* is not an ID/);
    assert.match(expectError(await getActivationPush(ana, activationId, '<b>PSH.1</b>'), 'invalid').message, /push_id: .* is not an ID/);
    assert.match(expectError(await pushActivationResults(ana, activationId, '../DST.retail-sftp', {}), 'invalid').message, /destination_id: .* is not an ID/);
    expectError(await listActivationPushes(demo.createClient('not-a-key'), activationId), 'unauthorized');
  });

  it('marks every answer of the deprecated operations with a Deprecation header, and no other', async () => {
    const read = (path: string, key = 'demo-key-ana'): Promise<Response> => fetch(`${demo.url}${path}`, { headers: { Authorization: key } });
    const ok = await read(`/api/v2/activations/queries/${activationId}/pushes`);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('deprecation'), DEPRECATION_HEADER);
    const refused = await read(`/api/v2/activations/queries/${activationId}/pushes`, 'not-a-key');
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('deprecation'), DEPRECATION_HEADER);
    await Promise.all([ok.arrayBuffer(), refused.arrayBuffer()]);
    const current = await read('/api/v1/permissions');
    assert.equal(current.headers.get('deprecation'), null);
    await current.arrayBuffer();
  });

  it('pushes a collaboration activation to the destinations its dataset may reach; needs the operator right of an open collaboration', async () => {
    const inCollaboration = await completedActivation(ben, { query: 'SELECT self.ID FROM self INTERSECT them', collaboration_id: 'CLB.demo' });
    const reach = expectOk(await listActivationDestinations(ben, inCollaboration, { orderBy: 'name' })).destinations ?? [];
    assert.deepEqual(reach.map((item) => item.id), ['DST.courier-dsp', 'DST.retail-sftp']);
    const pushId = expectOk(await pushActivationResults(ben, inCollaboration, 'DST.courier-dsp', {})).push_id;
    assert.equal((await pushSettled(ben, inCollaboration, pushId)).status, 'PUSH_SUCCESSFUL');
    expectOk(await closeCollaboration(ana, 'CLB.demo'));
    assert.match(expectError(await pushActivationResults(ben, inCollaboration, 'DST.courier-dsp', {}), 'forbidden').message, /is closed/);
    // Reading stays possible after the close.
    assert.equal(expectOk(await listActivationPushes(ben, inCollaboration)).activation_pushes.length, 1);
  });
});
