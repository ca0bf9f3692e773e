/**
 * Collaboration life and its event log through the real service client against the emulator
 * (tiny folder: Alpha owns CLB.t with Beta as a contributor without detailed logs; Gamma
 * belongs to nothing). Every operation's success and its error statuses: 401, 403 for a
 * missing right or an owner-only operation, 404 that does not tell an invisible collaboration
 * from a missing one, 400 with the emulator's message, and bad input that changes nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectError, expectOk } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';
import { closeCollaboration, createCollaboration, exportCollaborationEvents, getCollaboration, leaveCollaboration, listCollaborationEvents, listCollaborations } from '../../../service/src';

describe('collaboration management and events: service client against the emulator', () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  let ann: ServiceClient;
  let bo: ServiceClient;
  let cy: ServiceClient;
  const client = (key: string): ServiceClient => {
    const made = createTestClient(server.base, {}, key);
    clients.push(made);
    return made.client;
  };

  before(async () => {
    server = await startTestServer();
    ann = client('key-a');
    bo = client('key-b');
    cy = client('pub-c/priv-c');
  });
  after(async () => {
    for (const made of clients) await made.close();
    await server.close();
  });

  async function createWithBeta(name: string, rights = { contributor: true, detailed_logs: true }): Promise<string> {
    const created = expectOk(await createCollaboration(ann, { name, description: 'test', collaborators: [{ company_id: 'CMP.b', rights }], creator_rights: { operator: true, contributor: true, detailed_logs: true } }));
    assert.match(created.collaboration_id ?? '', /^CLB\.[0-9a-f]{20}$/);
    return created.collaboration_id ?? '';
  }

  it('creates a collaboration that its owner and members see, with the rights given, and logs it', async () => {
    const id = await createWithBeta('Launch');
    const seen = expectOk(await getCollaboration(bo, id)).collaboration;
    assert.equal(seen.name, 'Launch');
    assert.equal(seen.status, 'STATUS_ACTIVE');
    assert.equal(seen.owner?.id, 'CMP.a');
    assert.deepEqual(seen.members.map((member) => [member.id, member.rights]), [['CMP.b', { contributor: true, detailed_logs: true, operator: false }]]);
    assert.ok(expectOk(await listCollaborations(ann)).collaborations.some((collaboration) => collaboration.id === id));
    expectError(await getCollaboration(cy, id), 'not-found');

    const events = expectOk(await listCollaborationEvents(bo, id)).events;
    assert.equal(events.length, 1);
    assert.equal(events[0]?.type, 'TYPE_COLLABORATION_CREATED');
    assert.equal(events[0]?.company_id, 'CMP.a');
    assert.deepEqual(events[0]?.entities?.map((entity) => [entity.type, entity.id]), [['ENTITY_USER', 'USR.a'], ['ENTITY_COMPANY', 'CMP.a'], ['ENTITY_COMPANY', 'CMP.b']]);
  });

  it('refuses a bad body with the emulator message and creates nothing', async () => {
    const before = expectOk(await listCollaborations(ann)).pagination?.total_results;
    const refusals: [Parameters<typeof createCollaboration>[1], RegExp][] = [
      [{ name: '  ' }, /^name: give the collaboration a name/],
      [{ name: 'X', collaborators: [{ company_id: 'CMP.nope' }] }, /unknown company 'CMP\.nope'/],
      [{ name: 'X', collaborators: [{ company_id: 'CMP.a' }] }, /your own company/],
      [{ name: 'X', collaborators: [{ company_id: 'CMP.b' }, { company_id: 'CMP.b' }] }, /listed twice/],
      [{ name: 'X', collaborators: [{ company_id: '../CMP.b' }] }, /'\.\.\/CMP\.b' is not an ID/],
      [{ name: 'X', collaborators: [{ company_id: '<b>CMP.b</b>' }] }, /is not an ID/],
    ];
    for (const [body, message] of refusals) {
      const error = expectError(await createCollaboration(ann, body), 'invalid');
      assert.equal(error.status, 400);
      assert.match(error.message, message);
    }
    assert.equal(expectOk(await listCollaborations(ann)).pagination?.total_results, before);
  });

  it('closes only as the owner, once; the log stays readable and records it', async () => {
    const id = await createWithBeta('Closing');
    const byMember = expectError(await closeCollaboration(bo, id), 'forbidden');
    assert.match(byMember.message, /only the collaboration's owner 'CMP\.a' may close/);
    assert.equal(byMember.missingRight, undefined);
    expectError(await closeCollaboration(cy, id), 'not-found');
    expectOk(await closeCollaboration(ann, id));
    assert.equal(expectOk(await getCollaboration(bo, id)).collaboration.status, 'STATUS_CLOSED');
    assert.match(expectError(await closeCollaboration(ann, id), 'forbidden').message, /is closed: it accepts no changes/);
    const events = expectOk(await listCollaborationEvents(bo, id, { filter: 'event_type eq TYPE_COLLABORATION_CLOSED' })).events;
    assert.deepEqual(events.map((event) => [event.type, event.company_id, event.message]), [['TYPE_COLLABORATION_CLOSED', 'CMP.a', 'Ann (Alpha) closed the collaboration']]);
  });

  it('lets a member leave, after which it sees neither the collaboration nor its log; the owner cannot leave', async () => {
    const id = await createWithBeta('Leaving');
    assert.match(expectError(await leaveCollaboration(ann, id), 'forbidden').message, /an owner cannot leave it, close it instead/);
    expectError(await leaveCollaboration(cy, id), 'not-found');
    expectOk(await leaveCollaboration(bo, id));
    expectError(await getCollaboration(bo, id), 'not-found');
    expectError(await listCollaborationEvents(bo, id), 'not-found');
    expectError(await exportCollaborationEvents(bo, id), 'not-found');
    assert.equal(expectOk(await listCollaborations(bo)).collaborations.some((collaboration) => collaboration.id === id), false);
    assert.deepEqual(expectOk(await getCollaboration(ann, id)).collaboration.members, []);
    const left = expectOk(await listCollaborationEvents(ann, id, { filter: 'company_id eq CMP.b' })).events;
    assert.deepEqual(left.map((event) => event.type), ['TYPE_COLLABORATION_LEFT']);
  });

  it('pages, orders and filters the log as the swagger says, and refuses other fields', async () => {
    const id = await createWithBeta('Paging');
    expectOk(await closeCollaboration(ann, id));
    const newestFirst = expectOk(await listCollaborationEvents(ann, id, { orderBy: 'event_date_time DESC', perPage: 1 }));
    assert.deepEqual(newestFirst.events.map((event) => event.type), ['TYPE_COLLABORATION_CLOSED']);
    assert.deepEqual(newestFirst.pagination, { next_page: 2, results: 1, total_results: 2 });
    const second = expectOk(await listCollaborationEvents(ann, id, { orderBy: 'event_date_time DESC', perPage: 1, page: 2 }));
    assert.deepEqual(second.events.map((event) => event.type), ['TYPE_COLLABORATION_CREATED']);
    assert.ok((newestFirst.events[0]?.event_date_time ?? '') > (second.events[0]?.event_date_time ?? ''));
    assert.match(expectError(await listCollaborationEvents(ann, id, { filter: 'message eq x' }), 'invalid').message, /supported fields are event_type and company_id/);
    assert.match(expectError(await listCollaborationEvents(ann, id, { orderBy: 'message' }), 'invalid').message, /valid columns are event_date_time/);
  });

  it('exports the log as CSV with the same filters', async () => {
    const id = await createWithBeta('Export');
    expectOk(await closeCollaboration(ann, id));
    const csv = expectOk(await exportCollaborationEvents(bo, id, { orderBy: 'event_date_time DESC' }));
    const lines = csv.trim().split('\n');
    assert.equal(lines[0], 'event_date_time,type,company_id,message,entities,metadata');
    assert.equal(lines.length, 3);
    assert.match(lines[1] ?? '', /^2025-01-01T00:00:\d\dZ,TYPE_COLLABORATION_CLOSED,CMP\.a,Ann \(Alpha\) closed the collaboration,/);
    const onlyCreated = expectOk(await exportCollaborationEvents(bo, id, { filter: 'event_type eq TYPE_COLLABORATION_CREATED' }));
    assert.equal(onlyCreated.trim().split('\n').length, 2);
  });

  it('needs detailed_logs to read the log, and a key', async () => {
    // In the catalog's CLB.t, Beta has no detailed_logs right.
    const error = expectError(await listCollaborationEvents(bo, 'CLB.t'), 'forbidden');
    assert.equal(error.missingRight, 'detailed_logs');
    assert.equal(expectError(await exportCollaborationEvents(bo, 'CLB.t'), 'forbidden').missingRight, 'detailed_logs');
    const catalogLog = expectOk(await listCollaborationEvents(ann, 'CLB.t')).events;
    assert.deepEqual(catalogLog.map((event) => [event.type, event.event_date_time]), [['TYPE_COLLABORATION_CREATED', '2025-01-01T00:00:00Z']]);
    const stranger = client('not-a-key');
    expectError(await createCollaboration(stranger, { name: 'X' }), 'unauthorized');
    expectError(await listCollaborationEvents(stranger, 'CLB.t'), 'unauthorized');
  });

  it('answers 400 for a collaboration ID that cannot be one, 404 for one that is not there', async () => {
    assert.match(expectError(await closeCollaboration(ann, '../CLB.t'), 'invalid').message, /collaboration_id: '\.\.\/CLB\.t' is not an ID/);
    expectError(await leaveCollaboration(ann, '<i>CLB.t</i>'), 'invalid');
    expectError(await closeCollaboration(ann, 'CLB.nothere'), 'not-found');
    // Another company's collaboration reads exactly like a missing one.
    const missing = expectError(await closeCollaboration(cy, 'CLB.nothere'), 'not-found').message;
    const invisible = expectError(await closeCollaboration(cy, 'CLB.t'), 'not-found').message;
    assert.equal(invisible.replace('CLB.t', 'X'), missing.replace('CLB.nothere', 'X'));
  });
});
