import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import {
  ExplainRequest,
  ProfilesChangedNotification,
  QueriesRequest,
  RefreshCatalogRequest,
  type ExplainResult,
  type ProfilesResult,
  type QueriesResult,
  type StatusParams,
} from '../../../../common/protocol';
import { profilesFromClient } from '../../../../service/src';
import { registerEditorRequests } from '../../../../server/src/handlers/editor-requests';
import { DiagnosticsScheduler } from '../../../../server/src/workspace/diagnostics-scheduler';
import { createServerFixture, defaultTarget, profileInfo, RecordingChoices, ScriptedHub, startBackends, waitFor, type Backends, type ServerFixture } from '../server-fixture';

const URI = 'file:///ws/editor.iql';
const LOCAL: ProfilesResult = { profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-1')], defaultProfile: 'demo', serviceAllowed: true };

interface WithScheduler {
  readonly fixture: ServerFixture;
  readonly hub: ScriptedHub;
  readonly choices: RecordingChoices;
  readonly published: { uri: string; version: number; diagnostics: Diagnostic[] }[];
  readonly statuses: StatusParams[];
}

/** The editor requests on a ScriptedHub, with a real scheduler whose publications are recorded. */
async function withScheduler(profiles: ProfilesResult = LOCAL, initialization = {}): Promise<WithScheduler> {
  const hub = new ScriptedHub();
  const choices = new RecordingChoices();
  const fixture = await createServerFixture({ profiles, hub, collaborationChoices: choices, initialization });
  const published: WithScheduler['published'] = [];
  const statuses: StatusParams[] = [];
  fixture.scheduler = new DiagnosticsScheduler({
    parsed: fixture.parsed,
    hub,
    profiles: () => fixture.profiles.current(),
    getDocument: (uri) => fixture.texts.get(uri),
    allDocuments: () => fixture.texts.all(),
    publish: (uri, version, diagnostics) => void published.push({ uri, version, diagnostics }),
    status: (params) => void statuses.push(params),
    debounceMs: 60_000,
  });
  registerEditorRequests(fixture.context);
  return { fixture, hub, choices, published, statuses };
}

describe('editor requests: profiles and catalogs', { timeout: 30_000 }, () => {
  it('on iql/profilesChanged reloads the profiles, forgets catalogs and collaborations, and recomputes every document', async () => {
    const { fixture, hub, choices, published, statuses } = await withScheduler();
    const target = defaultTarget(profilesFromClient(LOCAL));
    hub.withCatalog(target);
    fixture.texts.open(URI, 'SELECT COUNT() FROM Retail');
    fixture.profilesAnswer = () => Promise.resolve({ ...LOCAL, profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-2')] });

    fixture.connection.notify(ProfilesChangedNotification);
    await waitFor(() => published.length === 1, 'the document recomputed');
    assert.equal(fixture.profiles.current().profiles.get('demo')?.apiKey, 'key-2');
    assert.equal(hub.peekCatalog(target), undefined, 'the old catalog was kept');
    assert.equal(choices.cleared, 1);
    // The new key is a new target: its catalog is loading.
    assert.equal(statuses.at(-1)?.state, 'connecting');
    await waitFor(() => hub.catalogLoads.length === 1, 'the new catalog loading');
    assert.notEqual(hub.catalogLoads[0]!.target.key, target.key);
    fixture.scheduler?.dispose();
    await fixture.dispose();
  });

  it("on iql/refreshCatalog forgets only the document's catalog, or every catalog without a document", async () => {
    const { fixture, hub, published } = await withScheduler();
    const profiles = profilesFromClient(LOCAL);
    const plain = defaultTarget(profiles);
    const collaboration = defaultTarget(profiles, 'CLB.demo');
    hub.withCatalog(plain).withCatalog(collaboration);
    fixture.texts.open(URI, 'SELECT COUNT() FROM Retail');
    fixture.texts.open('file:///ws/collab.iql', '-- @collaboration CLB.demo\nSELECT COUNT() FROM self');

    assert.equal(await fixture.connection.request(RefreshCatalogRequest, { uri: URI }), null);
    assert.equal(hub.peekCatalog(plain), undefined);
    assert.ok(hub.peekCatalog(collaboration), "another target's catalog was forgotten");
    assert.equal(published.length, 2, 'every open document is recomputed');

    hub.withCatalog(plain);
    await fixture.connection.request(RefreshCatalogRequest, {});
    assert.equal(hub.peekCatalog(plain), undefined);
    assert.equal(hub.peekCatalog(collaboration), undefined);
    fixture.scheduler?.dispose();
    await fixture.dispose();
  });
});

describe('editor requests: queries and plans', { timeout: 30_000 }, () => {
  let backends: Backends;
  let fixture: ServerFixture;

  before(async () => {
    backends = await startBackends();
    fixture = await createServerFixture({ profiles: backends.profiles, initialization: { profilesFromClient: true } });
    registerEditorRequests(fixture.context);
  });
  after(async () => {
    await fixture.dispose();
    await backends.close();
  });

  it('iql/queries answers the query under the cursor with its target, or every query', async () => {
    fixture.texts.open('file:///ws/editor-0.iql', 'SELECT COUNT() FROM Retail\n\nSELECT COUNT() FROM Bank');
    const one = await fixture.connection.request<QueriesResult>(QueriesRequest, { uri: 'file:///ws/editor-0.iql', offset: 30 });
    assert.ok(one.ok);
    assert.deepEqual(one.queries.map((q) => q.text), ['SELECT COUNT() FROM Bank']);
    assert.deepEqual(one.target, { profile: 'ana' });
    assert.equal(one.offline, undefined);
    const all = await fixture.connection.request<QueriesResult>(QueriesRequest, { uri: 'file:///ws/editor-0.iql' });
    assert.equal(all.ok && all.queries.length, 2);
  });

  it('iql/queries says why a document is offline, and refuses a document that is not open', async () => {
    fixture.texts.open('file:///ws/offline.iql', '-- @profile staging\nSELECT COUNT() FROM Retail');
    const offline = await fixture.connection.request<QueriesResult>(QueriesRequest, { uri: 'file:///ws/offline.iql' });
    assert.ok(offline.ok);
    assert.match(offline.offline ?? '', /no profile named 'staging'/);
    assert.deepEqual(offline.target, { profile: 'staging' });
    assert.deepEqual(await fixture.connection.request(QueriesRequest, { uri: 'file:///ws/closed.iql' }), { ok: false, message: 'The document is not open in the editor.' });
  });

  it('iql/explain answers the plan of the query under the cursor from the service', async () => {
    fixture.texts.open('file:///ws/editor-2.iql', '-- plan\nSELECT COUNT() FROM Retail INTERSECT Bank');
    const answer = await fixture.connection.request<ExplainResult>(ExplainRequest, { uri: 'file:///ws/editor-2.iql', position: { line: 1, character: 3 } });
    assert.ok(answer.ok, answer.ok ? '' : answer.message);
    assert.equal(answer.query, 'SELECT COUNT() FROM Retail INTERSECT Bank');
    assert.deepEqual(answer.target, { profile: 'ana' });
    assert.match(JSON.stringify(answer.plan), /Retail/);
  });

  it('iql/explain on a leading comment explains the query that follows it', async () => {
    fixture.texts.open('file:///ws/editor-leading-comment.iql', '-- a comment first\n\nSELECT COUNT() FROM Retail');
    const answer = await fixture.connection.request<ExplainResult>(ExplainRequest, { uri: 'file:///ws/editor-leading-comment.iql', position: { line: 0, character: 3 } });
    assert.ok(answer.ok, answer.ok ? '' : answer.message);
    assert.equal(answer.query, 'SELECT COUNT() FROM Retail');
  });

  it('iql/explain says calmly why there is no plan', async () => {
    fixture.texts.open('file:///ws/editor-3.iql', '-- only a comment\n');
    assert.deepEqual(await fixture.connection.request(ExplainRequest, { uri: 'file:///ws/editor-3.iql', position: { line: 0, character: 3 } }), {
      ok: false,
      message: 'This file has no query to explain. Write a SELECT … FROM … query first.',
    });
    assert.deepEqual(await fixture.connection.request(ExplainRequest, { uri: 'file:///ws/closed.iql', position: { line: 0, character: 0 } }), { ok: false, message: 'The document is not open.' });
    fixture.texts.open('file:///ws/offline-explain.iql', '-- @profile staging\nSELECT COUNT() FROM Retail');
    const offline = await fixture.connection.request<ExplainResult>(ExplainRequest, { uri: 'file:///ws/offline-explain.iql', position: { line: 1, character: 3 } });
    assert.match(offline.ok ? '' : offline.message, /^Working offline/);
  });

  it('iql/explain stops when the request is cancelled', async () => {
    fixture.texts.open('file:///ws/editor-4.iql', 'SELECT COUNT() FROM Bank INTERSECT Retail');
    const source = new CancellationTokenSource();
    source.cancel();
    const answer = await fixture.connection.request<ExplainResult>(ExplainRequest, { uri: 'file:///ws/editor-4.iql', position: { line: 0, character: 3 } }, source.token);
    assert.match(answer.ok ? 'answered' : answer.message, /cancel/i);
  });
});
