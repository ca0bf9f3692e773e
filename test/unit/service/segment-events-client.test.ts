/**
 * A segment's calculations and exports appear in its collaboration's event log (seed 001
 * §2.8, §6), between the service client and the demo emulator over real HTTP: who acted, the
 * segment (and the destination), and the ID the work is polled by. A refused calculation or
 * export appends nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { expectError, expectOk, startDemoEmulator } from './demo-emulator';
import type { DemoEmulator } from './demo-emulator';
import { calculateActivationSegment, exportActivationSegment, listCollaborationEvents } from '../../../service/src';

const DEMO1 = { collaborationId: 'CLB.demo', segmentId: 'ATS.demo1' };

describe('segment calculations and exports in the event log', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient; // RetailCo, owns CLB.demo with every right
  let ben: ServiceClient; // Courier Media, operator in CLB.demo
  let zed: ServiceClient; // OutsideCo, not a member

  before(async () => {
    demo = await startDemoEmulator();
    [ana, ben, zed] = ['demo-key-ana', 'demo-key-ben', 'demo-key-zed'].map((key) => demo.createClient(key)) as [ServiceClient, ServiceClient, ServiceClient];
  });
  after(async () => {
    await demo.close();
  });

  async function events(): Promise<{ type?: string; company_id?: string; message?: string; entities?: { id?: string; type?: string }[]; metadata?: Record<string, string> }[]> {
    return expectOk(await listCollaborationEvents(ana, 'CLB.demo', { perPage: 500 })).events ?? [];
  }

  it('appends TYPE_ACTIVATION_SEGMENT_CALCULATED and TYPE_ACTIVATION_SEGMENT_EXPORTED with the §2.8 shape', async () => {
    const before = (await events()).length;
    const { query_id: queryId } = expectOk(await calculateActivationSegment(ben, DEMO1));
    const { export_id: exportId } = expectOk(await exportActivationSegment(ana, DEMO1, { destination_id: 'DST.retail-sftp' }));
    const added = (await events()).slice(before);
    assert.deepEqual(added.map((event) => event.type), ['TYPE_ACTIVATION_SEGMENT_CALCULATED', 'TYPE_ACTIVATION_SEGMENT_EXPORTED']);
    const [calculated, exported] = added as [NonNullable<(typeof added)[0]>, NonNullable<(typeof added)[0]>];
    assert.equal(calculated.message, "Ben (Courier Media) calculated the activation segment 'Cyclists and runners'");
    assert.deepEqual(calculated.entities?.map((entity) => [entity.type, entity.id]), [['ENTITY_USER', 'USR.ben'], ['ENTITY_COMPANY', calculated.company_id], ['ENTITY_ACTIVATION_SEGMENT', 'ATS.demo1']]);
    assert.deepEqual(calculated.metadata, { query_id: queryId });
    assert.deepEqual(exported.entities?.map((entity) => entity.type), ['ENTITY_USER', 'ENTITY_COMPANY', 'ENTITY_ACTIVATION_SEGMENT', 'ENTITY_DESTINATION']);
    assert.deepEqual(exported.metadata, { export_id: exportId, destination_id: 'DST.retail-sftp' });
  });

  it('appends nothing when the work is refused (404, 401, unknown destination)', async () => {
    const before = (await events()).length;
    expectError(await calculateActivationSegment(zed, DEMO1), 'not-found');
    expectError(await calculateActivationSegment(ana, { collaborationId: 'CLB.demo', segmentId: 'ATS.nothing' }), 'not-found');
    expectError(await calculateActivationSegment(demo.createClient('not-a-key'), DEMO1), 'unauthorized');
    expectError(await exportActivationSegment(ana, DEMO1, { destination_id: 'DST.never-made' }), 'not-found');
    assert.equal((await events()).length, before);
  });
});
