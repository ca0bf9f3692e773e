import type { ProfilesResult } from '../../../common/protocol';
import { NO_PROFILES, profilesFromClient, profilesFromEnvironment, type ProfileSet } from '../../../service/src';

/** Where the profiles come from: the editor (keys from its secret storage) or the environment. */
export interface ProfileSource {
  /** True when the client answers `iql/profiles`; otherwise the environment is read. */
  readonly fromClient: boolean;
  readonly askClient: () => Promise<ProfilesResult>;
  readonly env: NodeJS.ProcessEnv;
  /** Told once when no connection is configured at all, and when the client cannot answer. */
  readonly info: (message: string) => void;
  readonly warn: (message: string) => void;
}

/**
 * The profiles the server may use. A reload starts when the client says they changed; a
 * request that arrives meanwhile waits for it (`ready()`), so that a call made right after a
 * key was set never goes out with the old key.
 */
export class ProfileState {
  private profiles: ProfileSet = NO_PROFILES;
  private loading: Promise<ProfileSet> = Promise.resolve(NO_PROFILES);
  private offlineSaid = false;

  constructor(private readonly source: ProfileSource) {}

  /** The profiles as last loaded (possibly while a reload is under way). */
  current(): ProfileSet {
    return this.profiles;
  }

  /** The profiles once the reload under way, if any, has finished. Never rejects. */
  ready(): Promise<ProfileSet> {
    return this.loading;
  }

  /** Reads the profiles again; resolves with them. Never rejects. */
  reload(): Promise<ProfileSet> {
    this.loading = this.read().then((profiles) => {
      this.profiles = profiles;
      if (profiles.origin === 'none' && !this.offlineSaid) {
        this.offlineSaid = true;
        this.source.info('No connection is configured: working offline (syntax only). Set IQL_BASE_URL and IQL_API_KEY, or add a profile in the editor.');
      }
      return profiles;
    });
    return this.loading;
  }

  private async read(): Promise<ProfileSet> {
    if (!this.source.fromClient) return profilesFromEnvironment(this.source.env);
    try {
      return profilesFromClient(await this.source.askClient());
    } catch (error) {
      this.source.warn(`Could not read the profiles from the editor: ${error instanceof Error ? error.message : String(error)}`);
      return NO_PROFILES;
    }
  }
}
