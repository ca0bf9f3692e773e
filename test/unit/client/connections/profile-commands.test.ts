import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  addProfile, clearApiKey, removeProfile, setApiKey, setDefaultProfile, type ConnectionDeps, type ProfileStoreApi,
} from '../../../../client/src/connections/profile-commands';
import { readKeyTest } from '../../../../client/src/connections/key-test';
import type { ProfileEntry, ProfileSetting } from '../../../../client/src/connections/profile-store';
import { startDemoEmulator, type DemoEmulator } from '../../service/demo-emulator';
import type { PickItem, PickPrompt, Prompts, TextPrompt } from '../../../../client/src/connections/prompts';

/** An in-memory profile store with the same behaviour as ProfileStore's settings and secrets. */
class FakeStore implements ProfileStoreApi {
  settings: ProfileSetting[] = [];
  environment: ProfileSetting | undefined;
  secrets = new Map<string, string>();
  chosenDefault: string | undefined;

  list(): ProfileEntry[] {
    const entries: ProfileEntry[] = this.settings.map((p) => ({ ...p, origin: 'settings' as const }));
    if (this.environment) entries.push({ ...this.environment, origin: 'environment' });
    return entries;
  }
  get(name: string): ProfileEntry | undefined {
    return this.list().find((p) => p.name === name);
  }
  defaultProfile(): string | undefined {
    return this.chosenDefault ?? this.list()[0]?.name;
  }
  async apiKey(name: string): Promise<string | undefined> {
    return this.get(name) ? this.secrets.get(name) : undefined;
  }
  async saveProfile(profile: ProfileSetting): Promise<void> {
    this.settings = [...this.settings.filter((p) => p.name !== profile.name), profile];
  }
  async removeProfile(name: string): Promise<void> {
    this.settings = this.settings.filter((p) => p.name !== name);
    this.secrets.delete(name);
    if (this.chosenDefault === name) this.chosenDefault = undefined;
  }
  async setDefaultProfile(name: string | undefined): Promise<void> {
    this.chosenDefault = name;
  }
  async setApiKey(name: string, key: string): Promise<void> {
    this.secrets.set(name, key);
  }
  async clearApiKey(name: string): Promise<void> {
    this.secrets.delete(name);
  }
}

/** A person who answers from a script, and a record of what they were shown. */
class ScriptedPrompts implements Prompts {
  readonly texts: TextPrompt[] = [];
  readonly picks: Array<{ items: readonly PickItem<unknown>[]; prompt: PickPrompt }> = [];
  readonly confirms: string[] = [];
  readonly offers: string[] = [];
  readonly infos: string[] = [];
  readonly warnings: string[] = [];
  constructor(
    private readonly answers: { texts?: Array<string | undefined>; picks?: Array<string | undefined>; confirm?: boolean; offer?: boolean } = {},
  ) {}
  async inputText(prompt: TextPrompt): Promise<string | undefined> {
    this.texts.push(prompt);
    const answer = this.answers.texts?.shift();
    // Like the input box, refuse to accept what the validator rejects.
    assert.equal(answer === undefined ? undefined : prompt.validate?.(answer), undefined, `the script typed an invalid value '${answer}'`);
    return answer;
  }
  async pick<T>(items: readonly PickItem<T>[], prompt: PickPrompt): Promise<T | undefined> {
    this.picks.push({ items, prompt });
    const label = this.answers.picks?.shift();
    return items.find((item) => item.label === label)?.value;
  }
  async confirm(message: string): Promise<boolean> {
    this.confirms.push(message);
    return this.answers.confirm ?? false;
  }
  async offer(message: string): Promise<boolean> {
    this.offers.push(message);
    return this.answers.offer ?? false;
  }
  inform(message: string): void {
    this.infos.push(message);
  }
  warn(message: string): void {
    this.warnings.push(message);
  }
}

function setUp(prompts = new ScriptedPrompts()): { store: FakeStore; prompts: ScriptedPrompts; deps: ConnectionDeps } {
  const store = new FakeStore();
  return { store, prompts, deps: { profiles: store, prompts } };
}

describe('addProfile', () => {
  it('asks for a name and a URL, saves the profile, then offers to set the key in a password box', async () => {
    const { store, prompts, deps } = setUp(new ScriptedPrompts({ texts: ['staging', 'https://staging.example.com/', 'secret-key-1'], offer: true }));
    assert.equal(await addProfile(deps), 'staging');
    assert.deepEqual(store.settings, [{ name: 'staging', baseUrl: 'https://staging.example.com' }]);
    assert.equal(prompts.offers.length, 1);
    assert.match(prompts.offers[0] ?? '', /Set its API key now\?/);
    // The offer's answer is handled after the command resolved: wait for the key prompt.
    for (let turn = 0; turn < 10 && !store.secrets.has('staging'); turn++) await nextTurn();
    assert.equal(store.secrets.get('staging'), 'secret-key-1');
    assert.equal(prompts.texts[2]?.password, true, 'the key is typed into a password box');
    assert.ok(prompts.infos.every((message) => !message.includes('secret-key-1')), 'no message repeats the key');
  });

  it('validates the name as it is typed: the allowed characters, unique', async () => {
    const { store, prompts, deps } = setUp();
    await store.saveProfile({ name: 'prod', baseUrl: 'https://api.example.com' });
    await addProfile(deps);
    const validate = prompts.texts[0]?.validate;
    assert.ok(validate);
    assert.match(validate('PROD') ?? '', /already exists/);
    assert.match(validate('my prod!') ?? '', /letters, digits, spaces, -, _ and \./);
    assert.equal(validate('prod2'), undefined);
    assert.equal(validate('my prod'), undefined);
  });

  it('refuses plain http to another host in the URL box, naming the fix', async () => {
    const { prompts, deps } = setUp(new ScriptedPrompts({ texts: ['dev'] }));
    await addProfile(deps);
    const validate = prompts.texts[1]?.validate;
    assert.match(validate?.('http://dev.example.com') ?? '', /Use https:\/\/dev\.example\.com/);
    assert.equal(validate?.('http://127.0.0.1:8787'), undefined);
  });

  it('runs without prompts when given its arguments, and refuses bad ones with a warning', async () => {
    const { store, prompts, deps } = setUp();
    assert.equal(await addProfile(deps, 'local', 'http://localhost:8787'), 'local');
    assert.deepEqual(store.settings, [{ name: 'local', baseUrl: 'http://localhost:8787' }]);
    assert.equal(prompts.texts.length + prompts.offers.length, 0, 'nothing was asked');

    assert.equal(await addProfile(deps, 'local', 'http://localhost:9999'), undefined);
    assert.equal(await addProfile(deps, 'remote', 'http://remote.example.com'), undefined);
    assert.equal(store.settings.length, 1);
    assert.match(prompts.warnings[0] ?? '', /'local' already exists/);
    assert.match(prompts.warnings[1] ?? '', /unencrypted/);
  });

  it('stops quietly when the person cancels', async () => {
    const { store, prompts, deps } = setUp(new ScriptedPrompts({ texts: [undefined] }));
    assert.equal(await addProfile(deps), undefined);
    assert.equal(store.settings.length, 0);
    assert.equal(prompts.warnings.length, 0);
  });
});

describe('setApiKey and clearApiKey', () => {
  it('picks a profile (showing URL and key state) and stores the key it was given', async () => {
    const { store, prompts, deps } = setUp(new ScriptedPrompts({ picks: ['b'], texts: ['  key-for-b  '] }));
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    await store.saveProfile({ name: 'b', baseUrl: 'https://b.example.com' });
    await store.setApiKey('a', 'key-a');
    assert.equal(await setApiKey(deps), 'b');
    assert.equal(store.secrets.get('b'), 'key-for-b', 'trimmed');
    const items = prompts.picks[0]?.items ?? [];
    assert.deepEqual(items.map((i) => [i.label, i.description, i.detail]), [
      ['a', 'https://a.example.com · default', 'API key set'],
      ['b', 'https://b.example.com', 'No API key yet'],
    ]);
  });

  it('takes the profile and key as arguments, and refuses a key with a line break', async () => {
    const { store, prompts, deps } = setUp();
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    assert.equal(await setApiKey(deps, 'a', 'k1'), 'a');
    assert.equal(await setApiKey(deps, 'a', 'k2\nInjected: yes'), undefined);
    assert.equal(store.secrets.get('a'), 'k1');
    assert.match(prompts.warnings[0] ?? '', /one line/);
    assert.ok(!prompts.warnings[0]?.includes('Injected'), 'the refused key is not repeated');
  });

  it('does not set a key on the environment profile or an unknown one', async () => {
    const { store, prompts, deps } = setUp();
    store.environment = { name: 'environment', baseUrl: 'http://127.0.0.1:1' };
    assert.equal(await setApiKey(deps, 'environment', 'k'), undefined);
    assert.equal(await setApiKey(deps, 'nope', 'k'), undefined);
    assert.equal(store.secrets.size, 0);
    assert.match(prompts.warnings[0] ?? '', /IQL_BASE_URL and IQL_API_KEY/);
    assert.match(prompts.warnings[1] ?? '', /no profile named 'nope'.*Known profiles: 'environment'/);
  });

  it('clears a key, offering only profiles that have one', async () => {
    const { store, prompts, deps } = setUp(new ScriptedPrompts({ picks: ['b'] }));
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    await store.saveProfile({ name: 'b', baseUrl: 'https://b.example.com' });
    await store.setApiKey('b', 'kb');
    assert.equal(await clearApiKey(deps), 'b');
    assert.equal(store.secrets.has('b'), false);
    assert.deepEqual(prompts.picks[0]?.items.map((i) => i.label), ['b']);
  });
});

describe('removeProfile', () => {
  it('asks for confirmation and removes the profile with its key', async () => {
    const { store, prompts, deps } = setUp(new ScriptedPrompts({ picks: ['a'], confirm: true }));
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    await store.setApiKey('a', 'ka');
    assert.equal(await removeProfile(deps), 'a');
    assert.equal(store.settings.length, 0);
    assert.equal(store.secrets.size, 0);
    assert.match(prompts.confirms[0] ?? '', /Remove the profile 'a' \(https:\/\/a\.example\.com\)/);
  });

  it('keeps the profile when the confirmation is declined', async () => {
    const { store, deps } = setUp(new ScriptedPrompts({ confirm: false }));
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    assert.equal(await removeProfile(deps, 'a'), undefined);
    assert.equal(store.settings.length, 1);
  });

  it('skips the question when asked to', async () => {
    const { store, prompts, deps } = setUp();
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    assert.equal(await removeProfile(deps, 'a', { skipConfirmation: true }), 'a');
    assert.equal(prompts.confirms.length, 0);
    assert.equal(store.settings.length, 0);
  });
});

describe('setDefaultProfile', () => {
  it('offers every profile with its URL and key state, and saves the choice', async () => {
    const { store, prompts, deps } = setUp(new ScriptedPrompts({ picks: ['environment'] }));
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    store.environment = { name: 'environment', baseUrl: 'http://127.0.0.1:1' };
    assert.equal(await setDefaultProfile(deps), 'environment');
    assert.equal(store.chosenDefault, 'environment');
    const details = prompts.picks[0]?.items.map((i) => i.detail);
    assert.deepEqual(details, ['No API key yet', 'From IQL_BASE_URL and IQL_API_KEY in the editor\'s environment']);
  });

  it('refuses an unknown profile and says which exist', async () => {
    const { store, prompts, deps } = setUp();
    await store.saveProfile({ name: 'a', baseUrl: 'https://a.example.com' });
    assert.equal(await setDefaultProfile(deps, 'b'), undefined);
    assert.equal(store.chosenDefault, undefined);
    assert.match(prompts.warnings[0] ?? '', /Known profiles: 'a'/);
  });
});

describe('setApiKey tests the key at once, against the emulator', () => {
  let demo: DemoEmulator;
  before(async () => {
    demo = await startDemoEmulator();
  });
  after(() => demo.close());

  /** Set API Key on the profile 'demo' of the emulator, its key test a real Health check with the key the store holds. */
  function setUpWithEmulator(prompts = new ScriptedPrompts()): { store: FakeStore; prompts: ScriptedPrompts; deps: ConnectionDeps } {
    const store = new FakeStore();
    const testKey: ConnectionDeps['testKey'] = async (name) => readKeyTest(await demo.createClient(store.secrets.get(name) ?? '').call('checkHealth', {}));
    return { store, prompts, deps: { profiles: store, prompts, testKey } };
  }

  it('says a key works when the service accepts it, and stores it', async () => {
    const { store, prompts, deps } = setUpWithEmulator();
    await store.saveProfile({ name: 'demo', baseUrl: demo.url });
    assert.equal(await setApiKey(deps, 'demo', 'demo-key-ana'), 'demo');
    assert.equal(store.secrets.get('demo'), 'demo-key-ana');
    assert.match(prompts.infos[0] ?? '', new RegExp(`^The API key for 'demo' works: ${demo.url.replace(/\./g, '\\.')} accepted it`));
  });

  it('shows the service\'s own message for a refused key and, unless told to keep it, puts the previous key back', async () => {
    const { store, prompts, deps } = setUpWithEmulator(new ScriptedPrompts({ confirm: false }));
    await store.saveProfile({ name: 'demo', baseUrl: demo.url });
    await store.setApiKey('demo', 'demo-key-ana');
    assert.equal(await setApiKey(deps, 'demo', 'not-a-key'), undefined);
    assert.equal(store.secrets.get('demo'), 'demo-key-ana', 'the previous key is back');
    assert.match(prompts.confirms[0] ?? '', /refused the API key for 'demo': the API key is missing, wrong or expired.*Keep this key anyway\?/s);
    assert.match(prompts.warnings[0] ?? '', /The key was not kept; 'demo' keeps its previous API key\.$/);
    assert.ok([...prompts.confirms, ...prompts.warnings, ...prompts.infos].every((message) => !message.includes('not-a-key')), 'no message repeats the key');
  });

  it('keeps a refused key when the person confirms, and removes it when there was none before and they do not', async () => {
    const kept = setUpWithEmulator(new ScriptedPrompts({ confirm: true }));
    await kept.store.saveProfile({ name: 'demo', baseUrl: demo.url });
    assert.equal(await setApiKey(kept.deps, 'demo', 'not-a-key'), 'demo');
    assert.equal(kept.store.secrets.get('demo'), 'not-a-key');
    assert.match(kept.prompts.warnings[0] ?? '', /The key is kept, as you asked\.$/);

    const dropped = setUpWithEmulator();
    await dropped.store.saveProfile({ name: 'demo', baseUrl: demo.url });
    assert.equal(await setApiKey(dropped.deps, 'demo', 'not-a-key', { keepIfRefused: false }), undefined);
    assert.equal(dropped.store.secrets.has('demo'), false);
    assert.deepEqual(dropped.prompts.confirms, [], 'the option answers the question');
    assert.match(dropped.prompts.warnings[0] ?? '', /'demo' has no API key\.$/);
  });

  it('keeps a key it could not test, saying why', async () => {
    const { store, prompts, deps } = setUp();
    const unreachable: ConnectionDeps = { ...deps, testKey: async () => readKeyTest({ ok: false, error: { kind: 'network', message: 'Could not connect to 127.0.0.1:9.' } }) };
    await store.saveProfile({ name: 'far', baseUrl: 'http://127.0.0.1:9' });
    assert.equal(await setApiKey(unreachable, 'far', 'some-key'), 'far');
    assert.equal(store.secrets.get('far'), 'some-key');
    assert.match(prompts.warnings[0] ?? '', /is stored, but it could not be tested: Could not connect/);
  });
});
