import type { DocumentTarget } from '../../common/protocol';
import { toServiceProfile, type ProfileSet } from './profile-registry';
import type { ServiceProfile } from '../../common/service-profile';

/** What a document asks for, from its `-- @profile` and `-- @collaboration` directives (absent: the defaults). */
export interface WantedTarget {
  readonly profile?: string;
  readonly collaboration?: string;
}

/** A target calls can be made to: a usable profile and, optionally, a collaboration. */
export interface ServiceTarget {
  /** Identifies the target in caches: profile, base URL, the key's number (`keyNumber`), collaboration. */
  readonly key: string;
  /** Identifies the profile alone (name, base URL, the key's number), for what is not per collaboration. */
  readonly profileKey: string;
  readonly profile: ServiceProfile;
  readonly collaborationId?: string;
  readonly described: DocumentTarget;
}

export type TargetResolution =
  | { readonly kind: 'target'; readonly target: ServiceTarget }
  /**
   * No call can be made; `reason` says why in one calm sentence. `unknownProfile` is set when
   * the wanted profile does not exist, with the names that do (for "did you mean").
   */
  | {
      readonly kind: 'offline';
      /** For a document: "Working offline (syntax only): " and the cause. */
      readonly reason: string;
      /** The cause alone, as a sentence, for a call that cannot be made. */
      readonly cause: string;
      readonly described: DocumentTarget;
      readonly unknownProfile?: { readonly name: string; readonly known: readonly string[] };
    };

/**
 * Where calls for `wanted` go (LANGUAGE.md §7): the wanted profile else the default one, the
 * wanted collaboration else the default one. Never throws; every reason not to call is a
 * calm sentence naming the fix.
 */
export function resolveTarget(wanted: WantedTarget, profiles: ProfileSet): TargetResolution {
  const collaborationId = wanted.collaboration || profiles.defaultCollaboration;
  const profileName = wanted.profile || profiles.defaultProfile;
  const described: DocumentTarget = { ...(profileName ? { profile: profileName } : {}), ...(collaborationId ? { collaboration: collaborationId } : {}) };
  const offline = (cause: string, unknownProfile?: { name: string; known: readonly string[] }): TargetResolution => ({
    kind: 'offline',
    reason: `Working offline (syntax only): ${cause.charAt(0).toLowerCase()}${cause.slice(1)}`,
    cause,
    described,
    ...(unknownProfile ? { unknownProfile } : {}),
  });
  if (!profiles.serviceAllowed) {
    return offline(
      profiles.origin === 'none'
        ? 'No connection is configured. Add a profile, start the local emulator, or set IQL_BASE_URL and IQL_API_KEY.'
        : 'This workspace is not trusted, so no service call is made.',
    );
  }
  if (!profileName) return offline('No default profile is chosen.');
  const info = profiles.profiles.get(profileName);
  if (!info) return offline(`There is no profile named '${profileName}'.`, { name: profileName, known: [...profiles.profiles.keys()] });
  const profile = toServiceProfile(info);
  if (!profile) return offline(`Profile '${profileName}' has no API key yet. Set one with "IQL: Set API Key".`);
  // A new key may see another catalog, so it is part of the identity: by its number, never the key itself.
  const keyId = keyNumber(profile.apiKey);
  const key = JSON.stringify([profile.name, profile.baseUrl, keyId, collaborationId ?? null]);
  const profileKey = JSON.stringify([profile.name, profile.baseUrl, keyId]);
  return { kind: 'target', target: { key, profileKey, profile, ...(collaborationId ? { collaborationId } : {}), described } };
}

/**
 * Each API key this process has seen, numbered in the order seen. Targets are identified only
 * within the process (cache keys; what is stored on disk is named by catalog-store.ts), so a
 * number serves as well as a hash did and needs no node:crypto, whose loading (~4 ms) would
 * otherwise fall on the first document's diagnostics. A key replaced by a new one keeps its
 * entry: a few strings of a kind the process holds in memory anyway.
 */
const keyNumbers = new Map<string, number>();

function keyNumber(apiKey: string): number {
  let number = keyNumbers.get(apiKey);
  if (number === undefined) keyNumbers.set(apiKey, (number = keyNumbers.size + 1));
  return number;
}
