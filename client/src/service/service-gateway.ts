import { fail, type ServiceResult } from '../../../common/service-result';
import type { ProfileStore } from '../connections/profile-store';
import type { ProfileService } from './profile-service';

/**
 * The extension host's way to the service, for the explorer and the run commands. It makes no
 * connection itself: every call is a request to the language server, which holds the clients
 * (one per profile), the caches and the runners. What it checks first, with the fix in words,
 * is only what the editor knows better: trust, profiles and keys.
 */
export class ServiceGateway {
  /**
   * `serviceOf` makes the service of a profile the checks let through: over the language
   * server in the extension (service-over-server.ts), in-process in unit tests.
   */
  constructor(
    private readonly profiles: ProfileStore,
    private readonly serviceOf: (profile: string) => ProfileService,
  ) {}

  /** The service of `profileName` (the default profile when omitted), or why there is none. Never throws. */
  async forProfile(profileName?: string): Promise<ServiceResult<ProfileService>> {
    if (!this.profiles.serviceAllowed()) {
      return fail({ kind: 'misconfigured', message: 'This workspace is not trusted, so no call is made to the clean-room service. Trust the workspace to connect.' });
    }
    const name = profileName ?? this.profiles.defaultProfile();
    if (!name) return fail({ kind: 'misconfigured', message: 'No clean-room profile is configured. Start the local emulator or run "IQL: Add Profile…".' });
    if (!this.profiles.get(name)) return fail({ kind: 'misconfigured', message: `There is no profile named '${name}'. Add it with "IQL: Add Profile…" or fix the -- @profile directive.` });
    if (!(await this.profiles.apiKey(name))) return fail({ kind: 'misconfigured', message: `Profile '${name}' has no API key yet. Set one with "IQL: Set API Key…".` });
    return { ok: true, value: this.serviceOf(name) };
  }
}

