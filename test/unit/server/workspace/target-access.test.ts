import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-languageserver';
import type { ProfilesResult } from '../../../../common/protocol';
import { createServerFixture, deferred, profileInfo, RecordingChoices, ScriptedHub, settle, smallCatalog } from '../server-fixture';

const URI = 'file:///ws/target.iql';
const PROFILES: ProfilesResult = {
  profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-1'), profileInfo('nokey', 'http://127.0.0.1:1')],
  defaultProfile: 'demo',
  serviceAllowed: true,
};

describe('TargetAccess', () => {
  it('resolves a document from its one parse and the current profiles', async () => {
    const fixture = await createServerFixture({ profiles: PROFILES });
    const document = fixture.texts.open(URI, '-- @profile nokey\nSELECT COUNT() FROM Retail');
    const resolution = fixture.targets.targetOf(document);
    assert.equal(resolution.kind, 'offline');
    assert.match(resolution.kind === 'offline' ? resolution.reason : '', /profile 'nokey' has no API key yet/);
    await fixture.dispose();
  });

  it('peeks at the catalog without loading it unless asked to wait', async () => {
    const hub = new ScriptedHub();
    const fixture = await createServerFixture({ profiles: PROFILES, hub });
    const document = fixture.texts.open(URI, 'SELECT COUNT() FROM Retail');
    assert.equal(await fixture.targets.catalogFor(document, undefined, false), undefined);
    assert.equal(hub.catalogLoads.length, 0, 'a peek must not start a load');

    const waiting = fixture.targets.catalogFor(document, undefined, true);
    assert.equal(hub.catalogLoads.length, 1);
    const catalog = smallCatalog();
    hub.catalogLoads[0]!.answer({ ok: true, value: catalog });
    assert.equal(await waiting, catalog);
    assert.equal(await fixture.targets.catalogFor(document, undefined, false), catalog);
    await fixture.dispose();
  });

  it('aborts a catalog load it waits for when the request is cancelled, and answers no catalog for a failure', async () => {
    const hub = new ScriptedHub();
    const fixture = await createServerFixture({ profiles: PROFILES, hub });
    const document = fixture.texts.open(URI, 'SELECT COUNT() FROM Retail');
    const source = new CancellationTokenSource();
    const waiting = fixture.targets.catalogFor(document, source.token, true);
    const load = hub.catalogLoads[0]!;
    assert.equal(load.signal?.aborted, false);
    source.cancel();
    assert.equal(load.signal?.aborted, true);
    load.answer({ ok: false, error: { kind: 'cancelled', message: 'cancelled' } });
    assert.equal(await waiting, undefined);
    await fixture.dispose();
  });

  it('loads no catalog for an offline document', async () => {
    const hub = new ScriptedHub();
    const fixture = await createServerFixture({ profiles: PROFILES, hub });
    const document = fixture.texts.open(URI, '-- @profile elsewhere\nSELECT COUNT() FROM Retail');
    assert.equal(await fixture.targets.catalogFor(document, undefined, true), undefined);
    assert.equal(hub.catalogLoads.length, 0);
    await fixture.dispose();
  });

  it('asks for collaborations with the profile key (never the API key) and the request signal', async () => {
    const choices = new RecordingChoices([{ id: 'CLB.demo', name: 'Demo', datasetNames: ['them'] }]);
    const fixture = await createServerFixture({ profiles: PROFILES, collaborationChoices: choices });
    const source = new CancellationTokenSource();
    const found = await fixture.targets.collaborationsFor(fixture.texts.open(URI, 'SELECT COUNT() FROM them'), source.token);
    assert.deepEqual(found?.map((c) => c.id), ['CLB.demo']);
    assert.equal(choices.asked.length, 1);
    assert.doesNotMatch(choices.asked[0]!.profileKey, /key-1/);
    assert.equal(await fixture.targets.collaborationsFor(fixture.texts.open('file:///ws/off.iql', '-- @profile nokey\nSELECT 1'), source.token), undefined);
    assert.equal(choices.asked.length, 1, 'an offline document asks nothing');
    await fixture.dispose();
  });

  it('makes clientForProfile wait for a profile reload under way, then uses the new key', async () => {
    const fixture = await createServerFixture({ profiles: PROFILES });
    const before = await fixture.targets.clientForProfile(undefined);
    assert.ok(before.ok);

    const reloaded = deferred<ProfilesResult>();
    fixture.profilesAnswer = () => reloaded.promise;
    void fixture.profiles.reload();
    let answered = false;
    const pending = fixture.targets.clientForProfile('demo').then((result) => {
      answered = true;
      return result;
    });
    await settle();
    assert.equal(answered, false, 'the call went ahead before the new profiles were in');

    reloaded.resolve({ ...PROFILES, profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-2')] });
    const after = await pending;
    assert.ok(after.ok);
    assert.notEqual(after.value, before.value, 'a new key gets a new client');
    await fixture.dispose();
  });

  it('answers a calm "misconfigured" for a profile that does not exist or has no key', async () => {
    const fixture = await createServerFixture({ profiles: PROFILES });
    assert.deepEqual(await fixture.targets.clientForProfile('staging'), { ok: false, error: { kind: 'misconfigured', message: "There is no profile named 'staging'." } });
    const noKey = await fixture.targets.profileClient('nokey');
    assert.equal(noKey.ok ? 'ok' : noKey.error.kind, 'misconfigured');
    const found = await fixture.targets.profileClient(undefined);
    assert.ok(found.ok);
    assert.doesNotMatch(found.value.profileKey, /key-1/);
    await fixture.dispose();
  });

  it('bridges a cancellation token to the signal of the work, and detaches when the work is done', async () => {
    const fixture = await createServerFixture({ profiles: PROFILES });
    const source = new CancellationTokenSource();
    const started = deferred<AbortSignal>();
    const finish = deferred<string>();
    const working = fixture.targets.withSignal(source.token, (signal) => {
      started.resolve(signal);
      return finish.promise;
    });
    const signal = await started.promise;
    assert.equal(signal.aborted, false);
    source.cancel();
    assert.equal(signal.aborted, true);
    finish.resolve('done');
    assert.equal(await working, 'done');

    const later = new CancellationTokenSource();
    const kept = await fixture.targets.withSignal(later.token, (s) => Promise.resolve(s));
    later.cancel();
    assert.equal(kept.aborted, false, 'a finished request must not keep listening to its token');
    const never = await fixture.targets.withSignal(undefined, (s) => Promise.resolve(s));
    assert.equal(never.aborted, false);
    await fixture.dispose();
  });
});
