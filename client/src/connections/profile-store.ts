import * as vscode from 'vscode';
import type { ProfileInfo, ProfilesResult } from '../../../common/protocol';
import { ENVIRONMENT_PROFILE } from '../../../common/service-profile';

/** A connection as the user settings hold it: never a key. */
export interface ProfileSetting {
  readonly name: string;
  readonly baseUrl: string;
}

/** A profile as the features see it: where it came from, and whether a key is stored. */
export interface ProfileEntry extends ProfileSetting {
  /** `settings`: the user's `iql.profiles`; `environment`: IQL_BASE_URL of the editor's process. */
  readonly origin: 'settings' | 'environment';
}

/** The environment's profile has the server's name for it, so `-- @profile environment` means one thing. */
export { ENVIRONMENT_PROFILE };

const SECRET_PREFIX = 'iql.apiKey.';

/**
 * The one owner of connections. Profiles (name, base URL) live in user settings of machine
 * scope — `inspect().globalValue` only, so that a workspace's settings can never redirect a key
 * to another host. Keys live only in the editor's SecretStorage. Every change fires
 * `onDidChange` once, which the language client forwards to the server.
 */
export class ProfileStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly subscriptions: vscode.Disposable[] = [this.changed];
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('iql.profiles') || event.affectsConfiguration('iql.defaultProfile')) this.changed.fire();
      }),
      secrets.onDidChange((event) => {
        if (event.key.startsWith(SECRET_PREFIX)) this.changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
  }

  /** Every profile: the user's settings first, then the environment's, if the editor has one. */
  list(): ProfileEntry[] {
    const fromSettings = readUserSetting<unknown[]>('iql.profiles') ?? [];
    const entries: ProfileEntry[] = [];
    for (const raw of fromSettings) {
      const setting = asProfileSetting(raw);
      if (setting && !entries.some((e) => e.name === setting.name)) entries.push({ ...setting, origin: 'settings' });
    }
    const baseUrl = this.env.IQL_BASE_URL?.trim();
    if (baseUrl && !entries.some((e) => e.name === ENVIRONMENT_PROFILE)) entries.push({ name: ENVIRONMENT_PROFILE, baseUrl, origin: 'environment' });
    return entries;
  }

  get(name: string): ProfileEntry | undefined {
    return this.list().find((p) => p.name === name);
  }

  /** The chosen default, else the only profile there is, else undefined. */
  defaultProfile(): string | undefined {
    const chosen = readUserSetting<string>('iql.defaultProfile')?.trim();
    const profiles = this.list();
    if (chosen && profiles.some((p) => p.name === chosen)) return chosen;
    if (profiles.length === 1) return profiles[0]?.name;
    return profiles.find((p) => p.origin === 'environment')?.name ?? profiles[0]?.name;
  }

  /** The default collaboration from IQL_COLLABORATION, for editors started by scripts. */
  defaultCollaboration(): string | undefined {
    return this.env.IQL_COLLABORATION?.trim() || undefined;
  }

  /** No service call at all in an untrusted workspace. */
  serviceAllowed(): boolean {
    return vscode.workspace.isTrusted;
  }

  async apiKey(name: string): Promise<string | undefined> {
    const entry = this.get(name);
    if (!entry) return undefined;
    if (entry.origin === 'environment') return this.env.IQL_API_KEY?.trim() || undefined;
    return (await this.secrets.get(SECRET_PREFIX + name)) || undefined;
  }

  /** The answer to the server's `iql/profiles` request: profiles with their keys. */
  async resolve(): Promise<ProfilesResult> {
    const allowed = this.serviceAllowed();
    const profiles: ProfileInfo[] = [];
    for (const entry of this.list()) {
      // In an untrusted workspace keys are not even handed to the server.
      const apiKey = allowed ? await this.apiKey(entry.name) : undefined;
      profiles.push({ name: entry.name, baseUrl: entry.baseUrl, ...(apiKey ? { apiKey } : {}) });
    }
    const defaultProfile = this.defaultProfile();
    const defaultCollaboration = this.defaultCollaboration();
    return { profiles, ...(defaultProfile ? { defaultProfile } : {}), ...(defaultCollaboration ? { defaultCollaboration } : {}), serviceAllowed: allowed };
  }

  /** Adds or updates a profile in user settings (machine scope). */
  async saveProfile(profile: ProfileSetting): Promise<void> {
    const current = (readUserSetting<unknown[]>('iql.profiles') ?? []).map(asProfileSetting).filter((p): p is ProfileSetting => p !== undefined);
    const next = [...current.filter((p) => p.name !== profile.name), { name: profile.name, baseUrl: profile.baseUrl }];
    await vscode.workspace.getConfiguration('iql').update('profiles', next, vscode.ConfigurationTarget.Global);
  }

  async removeProfile(name: string): Promise<void> {
    const current = (readUserSetting<unknown[]>('iql.profiles') ?? []).map(asProfileSetting).filter((p): p is ProfileSetting => p !== undefined);
    await vscode.workspace.getConfiguration('iql').update('profiles', current.filter((p) => p.name !== name), vscode.ConfigurationTarget.Global);
    await this.secrets.delete(SECRET_PREFIX + name);
    if (readUserSetting<string>('iql.defaultProfile') === name) await this.setDefaultProfile(undefined);
  }

  async setDefaultProfile(name: string | undefined): Promise<void> {
    await vscode.workspace.getConfiguration('iql').update('defaultProfile', name, vscode.ConfigurationTarget.Global);
  }

  /**
   * Stores a key and tells the server at once, so that a call made next (Set API Key's test)
   * uses it; the secret storage's own change event, which may come later, repeats the news.
   */
  async setApiKey(name: string, key: string): Promise<void> {
    await this.secrets.store(SECRET_PREFIX + name, key);
    this.changed.fire();
  }

  async clearApiKey(name: string): Promise<void> {
    await this.secrets.delete(SECRET_PREFIX + name);
    this.changed.fire();
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
  }
}

/** A user-level (global) value only: workspace and folder values are ignored on purpose. */
function readUserSetting<T>(section: string): T | undefined {
  const [head, ...rest] = section.split('.');
  return vscode.workspace.getConfiguration(head).inspect<T>(rest.join('.'))?.globalValue;
}

function asProfileSetting(raw: unknown): ProfileSetting | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { name, baseUrl } = raw as { name?: unknown; baseUrl?: unknown };
  if (typeof name !== 'string' || typeof baseUrl !== 'string' || !name.trim() || !baseUrl.trim()) return undefined;
  return { name: name.trim(), baseUrl: baseUrl.trim() };
}
