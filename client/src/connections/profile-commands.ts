/**
 * The logic of the profile commands (add, remove, set or clear a key, choose the default),
 * free of the editor API: the store and the prompts are passed in, so that unit tests drive
 * every path with a scripted person. Each command also takes its answers as arguments, so
 * that editor tests and other features can run it without any prompt.
 *
 * Keys go only through ProfileStore.setApiKey, i.e. into the editor's secret storage; no
 * message here ever contains one.
 */
import { PRODUCTION_BASE_URL } from '../../../common/service-profile';
import type { KeyTestOutcome } from './key-test';
import type { ProfileEntry, ProfileStore } from './profile-store';
import { checkApiKey, checkBaseUrl, checkProfileName } from './profile-input';
import type { PickItem, Prompts } from './prompts';

/** What the commands need of the profile store (ProfileStore implements it). */
export type ProfileStoreApi = Pick<
  ProfileStore,
  'list' | 'get' | 'defaultProfile' | 'apiKey' | 'saveProfile' | 'removeProfile' | 'setDefaultProfile' | 'setApiKey' | 'clearApiKey'
>;

export interface ConnectionDeps {
  readonly profiles: ProfileStoreApi;
  readonly prompts: Prompts;
  /** Tests the key stored for a profile with one cheap authenticated call; absent, keys are stored untested. */
  readonly testKey?: (profile: string) => Promise<KeyTestOutcome>;
}

export interface SetApiKeyOptions {
  /** The answer to "Keep it anyway?" when the service refuses the key; for scripts and tests. */
  readonly keepIfRefused?: boolean;
}

export interface RemoveProfileOptions {
  /** Skips the "Remove?" question; for tests and callers that asked already. */
  readonly skipConfirmation?: boolean;
}

/**
 * `iql.addProfile [name] [baseUrl]`: asks for what is not given, checks both, saves the profile
 * in user settings and, when the person is at the keyboard, offers to set its key right away.
 * Resolves with the new profile's name, or undefined when cancelled or refused (with a warning
 * that says what to fix).
 */
export async function addProfile(deps: ConnectionDeps, nameArg?: unknown, baseUrlArg?: unknown): Promise<string | undefined> {
  const { profiles, prompts } = deps;
  const taken = profiles.list().map((profile) => profile.name);
  const name = typeof nameArg === 'string'
    ? nameArg
    : await prompts.inputText({
        title: 'Add Profile (1/2): name',
        prompt: 'A name for this connection; files choose it with a `-- @profile NAME` line.',
        placeHolder: 'staging',
        validate: (value) => checkProfileName(value, taken),
      });
  if (name === undefined) return undefined;
  const nameProblem = checkProfileName(name, taken);
  if (nameProblem) return refuse(prompts, `Cannot add the profile: ${nameProblem}`);

  const interactive = typeof baseUrlArg !== 'string';
  const rawUrl = !interactive
    ? baseUrlArg
    : await prompts.inputText({
        title: `Add Profile (2/2): base URL of '${name.trim()}'`,
        prompt: 'The clean-room service\'s base URL (https; http only for a service on this machine).',
        placeHolder: PRODUCTION_BASE_URL,
        value: PRODUCTION_BASE_URL,
        validate: (value) => {
          const checked = checkBaseUrl(value);
          return checked.ok ? undefined : checked.message;
        },
      });
  if (rawUrl === undefined) return undefined;
  const url = checkBaseUrl(rawUrl);
  if (!url.ok) return refuse(prompts, `Cannot add the profile: ${url.message}`);

  const saved = name.trim();
  await profiles.saveProfile({ name: saved, baseUrl: url.baseUrl });
  if (interactive) {
    // Not awaited: a notification may stay unanswered, and the command is done either way.
    void prompts
      .offer(`Profile '${saved}' added. Set its API key now? It is kept in the editor's secret storage, never in settings.`, 'Set API Key')
      .then((yes) => (yes ? setApiKey(deps, saved) : undefined))
      .catch((error: unknown) => prompts.warn(`The API key was not stored: ${error instanceof Error ? error.message : String(error)}`));
  } else {
    prompts.inform(`Profile '${saved}' added. Set its API key with "IQL: Set API Key…".`);
  }
  return saved;
}

/**
 * `iql.removeProfile [name] [{skipConfirmation}]`: removes a profile from user settings with
 * its stored key, after a confirmation. Resolves with the removed name, else undefined.
 */
export async function removeProfile(deps: ConnectionDeps, nameArg?: unknown, options?: RemoveProfileOptions): Promise<string | undefined> {
  const { profiles, prompts } = deps;
  const removable = profiles.list().filter((profile) => profile.origin === 'settings');
  if (removable.length === 0 && typeof nameArg !== 'string') {
    prompts.inform('There is no profile in your settings to remove.');
    return undefined;
  }
  const name = typeof nameArg === 'string' ? nameArg : await pickProfile(deps, removable, 'Remove Profile', 'The profile to remove, with its stored API key');
  if (name === undefined) return undefined;
  const entry = findSettingsProfile(deps, name);
  if (!entry) return undefined;
  if (!options?.skipConfirmation) {
    const yes = await prompts.confirm(`Remove the profile '${entry.name}' (${entry.baseUrl}) and its stored API key? Files that name it with -- @profile will work offline.`, 'Remove');
    if (!yes) return undefined;
  }
  await profiles.removeProfile(entry.name);
  prompts.inform(`Profile '${entry.name}' removed, with its API key.`);
  return entry.name;
}

/**
 * `iql.setApiKey [name] [key] [{keepIfRefused}]`: stores a profile's key in the editor's secret
 * storage and tests it at once. Asks for the profile (when not given) and then the key in a
 * password box that stays open when focus moves, so that the key can be copied from elsewhere.
 * When the service refuses the key, its message is shown and the key is kept only if the person
 * (or `keepIfRefused`) says so; otherwise the previous key comes back. A key that could not be
 * tested (service unreachable) is kept, saying so. Resolves with the profile's name when a key
 * is kept, else undefined. No message ever contains the key.
 */
export async function setApiKey(deps: ConnectionDeps, nameArg?: unknown, keyArg?: unknown, options?: SetApiKeyOptions): Promise<string | undefined> {
  const { profiles, prompts } = deps;
  const candidates = profiles.list().filter((profile) => profile.origin === 'settings');
  if (candidates.length === 0 && typeof nameArg !== 'string') {
    return refuse(prompts, 'There is no profile to set a key for. Add one with "IQL: Add Profile…" or start the local emulator.');
  }
  const name = typeof nameArg === 'string' ? nameArg : await pickProfile(deps, candidates, 'Set API Key', 'The profile whose API key to set');
  if (name === undefined) return undefined;
  const entry = findSettingsProfile(deps, name);
  if (!entry) return undefined;
  const key = typeof keyArg === 'string'
    ? keyArg
    : await prompts.inputText({
        title: `API key for '${entry.name}'`,
        prompt: `The API key for ${entry.baseUrl}. It is kept in the editor's secret storage, never in settings or logs, and tested at once.`,
        password: true,
        validate: checkApiKey,
      });
  if (key === undefined) return undefined;
  const problem = checkApiKey(key);
  if (problem) return refuse(prompts, `The API key was not stored: ${problem}`);
  const previous = await profiles.apiKey(entry.name);
  await profiles.setApiKey(entry.name, key.trim());
  if (!deps.testKey) {
    prompts.inform(`The API key for '${entry.name}' is stored in the editor's secret storage.`);
    return entry.name;
  }
  const outcome = await deps.testKey(entry.name);
  if (outcome.kind === 'works') {
    prompts.inform(`The API key for '${entry.name}' works: ${entry.baseUrl} accepted it. It is stored in the editor's secret storage.`);
    return entry.name;
  }
  if (outcome.kind === 'untested') {
    prompts.warn(`The API key for '${entry.name}' is stored, but it could not be tested: ${outcome.message}`);
    return entry.name;
  }
  const refusal = `${entry.baseUrl} refused the API key for '${entry.name}': ${outcome.message.trim().replace(/\.+$/, '')}`;
  const keep = options?.keepIfRefused ?? (await prompts.confirm(`${refusal}\n\nKeep this key anyway? Queries with it will fail until the service accepts it.`, 'Keep Key'));
  if (keep) {
    prompts.warn(`${refusal}. The key is kept, as you asked.`);
    return entry.name;
  }
  if (previous === undefined) await profiles.clearApiKey(entry.name);
  else await profiles.setApiKey(entry.name, previous);
  prompts.warn(`${refusal}. The key was not kept; '${entry.name}' ${previous === undefined ? 'has no API key' : 'keeps its previous API key'}.`);
  return undefined;
}

/** `iql.clearApiKey [name]`: deletes a profile's stored key. Resolves with the profile's name. */
export async function clearApiKey(deps: ConnectionDeps, nameArg?: unknown): Promise<string | undefined> {
  const { profiles, prompts } = deps;
  let name: string | undefined;
  if (typeof nameArg === 'string') {
    name = nameArg;
  } else {
    const withKeys: ProfileEntry[] = [];
    for (const profile of profiles.list()) {
      if (profile.origin === 'settings' && (await profiles.apiKey(profile.name))) withKeys.push(profile);
    }
    if (withKeys.length === 0) {
      prompts.inform('No profile has a stored API key.');
      return undefined;
    }
    name = await pickProfile(deps, withKeys, 'Clear API Key', 'The profile whose stored API key to delete');
  }
  if (name === undefined) return undefined;
  const entry = findSettingsProfile(deps, name);
  if (!entry) return undefined;
  await profiles.clearApiKey(entry.name);
  prompts.inform(`The API key for '${entry.name}' was deleted from the editor's secret storage.`);
  return entry.name;
}

/**
 * `iql.setDefaultProfile [name]`: chooses the profile that files without `-- @profile` use.
 * The pick shows each profile's URL and whether it has a key. Resolves with the chosen name.
 */
export async function setDefaultProfile(deps: ConnectionDeps, nameArg?: unknown): Promise<string | undefined> {
  const { profiles, prompts } = deps;
  const all = profiles.list();
  if (all.length === 0 && typeof nameArg !== 'string') {
    return refuse(prompts, 'There is no profile yet. Add one with "IQL: Add Profile…" or start the local emulator.');
  }
  const name = typeof nameArg === 'string' ? nameArg : await pickProfile(deps, all, 'Choose Default Profile', 'Files without a -- @profile line will use this profile');
  if (name === undefined) return undefined;
  const entry = profiles.get(name);
  if (!entry) return refuse(prompts, unknownProfile(deps, name));
  await profiles.setDefaultProfile(entry.name);
  prompts.inform(`'${entry.name}' is now the default profile: files without a -- @profile line use it.`);
  return entry.name;
}

/** A quick pick of `candidates` showing each URL, whether a key is stored, and the default. */
async function pickProfile(deps: ConnectionDeps, candidates: readonly ProfileEntry[], title: string, placeHolder: string): Promise<string | undefined> {
  const current = deps.profiles.defaultProfile();
  const items: PickItem<string>[] = [];
  for (const profile of candidates) {
    items.push({
      label: profile.name,
      description: profile.name === current ? `${profile.baseUrl} · default` : profile.baseUrl,
      detail: await describeKey(deps, profile),
      value: profile.name,
    });
  }
  return deps.prompts.pick(items, { title, placeHolder });
}

async function describeKey(deps: ConnectionDeps, profile: ProfileEntry): Promise<string> {
  if (profile.origin === 'environment') return 'From IQL_BASE_URL and IQL_API_KEY in the editor\'s environment';
  return (await deps.profiles.apiKey(profile.name)) ? 'API key set' : 'No API key yet';
}

/** The settings profile named `name`, or undefined after a warning saying why not. */
function findSettingsProfile(deps: ConnectionDeps, name: string): ProfileEntry | undefined {
  const entry = deps.profiles.get(name);
  if (!entry) {
    deps.prompts.warn(unknownProfile(deps, name));
    return undefined;
  }
  if (entry.origin === 'environment') {
    deps.prompts.warn(`The profile '${entry.name}' comes from IQL_BASE_URL and IQL_API_KEY in the editor's environment; change those variables and restart the editor.`);
    return undefined;
  }
  return entry;
}

function unknownProfile(deps: ConnectionDeps, name: string): string {
  const known = deps.profiles.list().map((profile) => `'${profile.name}'`);
  return `There is no profile named '${name.slice(0, 60)}'. Known profiles: ${known.join(', ') || 'none yet; add one with "IQL: Add Profile…"'}.`;
}

function refuse(prompts: Prompts, message: string): undefined {
  prompts.warn(message);
  return undefined;
}
