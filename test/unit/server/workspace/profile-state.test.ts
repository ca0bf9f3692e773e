import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProfilesResult } from '../../../../common/protocol';
import { NO_PROFILES } from '../../../../service/src';
import { ProfileState, type ProfileSource } from '../../../../server/src/workspace/profile-state';
import { deferred, profileInfo, settle } from '../server-fixture';

const FIRST: ProfilesResult = { profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-1')], defaultProfile: 'demo', serviceAllowed: true };
const SECOND: ProfilesResult = { profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-2')], defaultProfile: 'demo', serviceAllowed: true };

interface Recorded {
  readonly source: ProfileSource;
  readonly infos: string[];
  readonly warnings: string[];
}

function source(overrides: Partial<ProfileSource>): Recorded {
  const infos: string[] = [];
  const warnings: string[] = [];
  return {
    infos,
    warnings,
    source: { fromClient: true, askClient: () => Promise.resolve(FIRST), env: {}, info: (m) => void infos.push(m), warn: (m) => void warnings.push(m), ...overrides },
  };
}

describe('ProfileState', () => {
  it('has no profiles before the first load, then reads them from the client that answers iql/profiles', async () => {
    const state = new ProfileState(source({}).source);
    assert.equal(state.current(), NO_PROFILES);
    assert.equal(await state.ready(), NO_PROFILES);
    const loaded = await state.reload();
    assert.equal(loaded.origin, 'client');
    assert.equal(loaded.defaultProfile, 'demo');
    assert.equal(state.current(), loaded);
  });

  it('reads IQL_BASE_URL and IQL_API_KEY when the client does not answer profiles', async () => {
    let asked = false;
    const state = new ProfileState(
      source({
        fromClient: false,
        env: { IQL_BASE_URL: 'http://127.0.0.1:2', IQL_API_KEY: 'env-key' },
        askClient: () => {
          asked = true;
          return Promise.resolve(FIRST);
        },
      }).source,
    );
    const loaded = await state.reload();
    assert.equal(asked, false);
    assert.equal(loaded.origin, 'environment');
    assert.equal([...loaded.profiles.values()][0]?.apiKey, 'env-key');
  });

  it('makes a request that arrives during a reload wait for it, and keeps the old profiles meanwhile', async () => {
    let answer = Promise.resolve(FIRST);
    const state = new ProfileState(source({ askClient: () => answer }).source);
    const old = await state.reload();
    const pending = deferred<ProfilesResult>();
    answer = pending.promise;
    void state.reload();

    let waited: string | undefined;
    const waiting = state.ready().then((profiles) => (waited = profiles.profiles.get('demo')?.apiKey));
    await settle();
    assert.equal(waited, undefined, 'ready() resolved before the reload finished');
    assert.equal(state.current(), old, 'the old profiles stay in use until the new ones are in');

    pending.resolve(SECOND);
    await waiting;
    assert.equal(waited, 'key-2');
    assert.equal(state.current().profiles.get('demo')?.apiKey, 'key-2');
  });

  it('never rejects: a client that cannot answer gives no profiles and a warning', async () => {
    const recorded = source({ askClient: () => Promise.reject(new Error('the client went away')) });
    const state = new ProfileState(recorded.source);
    const loaded = await state.reload();
    assert.equal(loaded, NO_PROFILES);
    assert.match(recorded.warnings.join('\n'), /Could not read the profiles from the editor: the client went away/);
  });

  it('says "working offline" once, not on every reload', async () => {
    const recorded = source({ fromClient: false, env: {} });
    const state = new ProfileState(recorded.source);
    await state.reload();
    await state.reload();
    assert.equal(recorded.infos.length, 1);
    assert.match(recorded.infos[0]!, /working offline/);
  });
});
