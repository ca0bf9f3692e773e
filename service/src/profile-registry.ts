import type { ProfileInfo, ProfilesResult } from '../../common/protocol';
import { ENVIRONMENT_PROFILE, type ServiceProfile } from '../../common/service-profile';

/** Where the profiles came from, for the offline message and the logs. */
export type ProfileOrigin = 'client' | 'environment' | 'none';

/** The profiles the server may use, and which one a document without `-- @profile` gets. */
export interface ProfileSet {
  readonly origin: ProfileOrigin;
  readonly profiles: ReadonlyMap<string, ProfileInfo>;
  readonly defaultProfile?: string;
  /** A collaboration every document targets unless its directive says otherwise (IQL_COLLABORATION). */
  readonly defaultCollaboration?: string;
  /** False in an untrusted workspace: no service call at all. */
  readonly serviceAllowed: boolean;
}

export const NO_PROFILES: ProfileSet = { origin: 'none', profiles: new Map(), serviceAllowed: false };

/**
 * Profiles for LSP clients other than this project's extension, and for the command line:
 * `IQL_BASE_URL` and `IQL_API_KEY` make one profile, `IQL_COLLABORATION` a default collaboration.
 */
export function profilesFromEnvironment(env: NodeJS.ProcessEnv): ProfileSet {
  const baseUrl = env.IQL_BASE_URL?.trim();
  if (!baseUrl) return NO_PROFILES;
  const apiKey = env.IQL_API_KEY?.trim();
  const collaboration = env.IQL_COLLABORATION?.trim();
  const profile: ProfileInfo = { name: ENVIRONMENT_PROFILE, baseUrl, ...(apiKey ? { apiKey } : {}) };
  return {
    origin: 'environment',
    profiles: new Map([[ENVIRONMENT_PROFILE, profile]]),
    defaultProfile: ENVIRONMENT_PROFILE,
    ...(collaboration ? { defaultCollaboration: collaboration } : {}),
    serviceAllowed: true,
  };
}

/** Profiles as the extension client sent them (keys from its secret storage). */
export function profilesFromClient(result: ProfilesResult): ProfileSet {
  return {
    origin: 'client',
    profiles: new Map(result.profiles.map((p) => [p.name, p])),
    ...(result.defaultProfile !== undefined ? { defaultProfile: result.defaultProfile } : {}),
    ...(result.defaultCollaboration !== undefined ? { defaultCollaboration: result.defaultCollaboration } : {}),
    serviceAllowed: result.serviceAllowed,
  };
}

/** A profile usable for calls: one with a key. */
export function toServiceProfile(info: ProfileInfo): ServiceProfile | undefined {
  return info.apiKey ? { name: info.name, baseUrl: info.baseUrl, apiKey: info.apiKey } : undefined;
}
