import { createHash } from 'node:crypto';
import type { DocumentTarget } from '../../../common/protocol';
import type { AnalysisProblem } from '../../../language/src/analysis/problem';
import { didYouMean, suggestNames } from '../../../language/src/catalog/suggest';
import type { Directive } from '../../../language/src/parser/ast';
import { toServiceProfile, type ProfileSet } from '../../../service/src/profile-registry';
import type { ServiceProfile } from '../../../service/src/service-profile';

/** A target the server can call: a usable profile and, optionally, a collaboration. */
export interface ResolvedTarget {
  /** Identifies the target in caches: profile, base URL, a hash of the key, collaboration. */
  readonly key: string;
  /** Identifies the profile alone (name, base URL, a hash of the key), for what is not per collaboration. */
  readonly profileKey: string;
  readonly profile: ServiceProfile;
  readonly collaborationId?: string;
  readonly described: DocumentTarget;
}

export type TargetResolution =
  | { readonly kind: 'target'; readonly target: ResolvedTarget; readonly problems: readonly AnalysisProblem[] }
  /** No call can be made; `reason` says why in one calm sentence. */
  | { readonly kind: 'offline'; readonly reason: string; readonly described: DocumentTarget; readonly problems: readonly AnalysisProblem[] };

/**
 * Where a document's queries go (LANGUAGE.md §7): `-- @profile` else the default profile,
 * `-- @collaboration` else the default collaboration. A directive naming an unknown profile is
 * reported on the directive, with the profiles that exist.
 */
export function resolveDocumentTarget(directives: readonly Directive[], profiles: ProfileSet): TargetResolution {
  const profileDirective = lastDirective(directives, 'profile');
  const collaborationDirective = lastDirective(directives, 'collaboration');
  const collaborationId = collaborationDirective?.value || profiles.defaultCollaboration;
  const profileName = profileDirective?.value || profiles.defaultProfile;
  const described: DocumentTarget = { ...(profileName ? { profile: profileName } : {}), ...(collaborationId ? { collaboration: collaborationId } : {}) };
  const problems: AnalysisProblem[] = [];

  if (profileDirective && !profileDirective.value) {
    problems.push({ code: 'iql.directive', severity: 'warning', span: profileDirective.span, message: 'The @profile directive needs a profile name, e.g. `-- @profile staging`.' });
  }
  if (collaborationDirective && !collaborationDirective.value) {
    problems.push({ code: 'iql.directive', severity: 'warning', span: collaborationDirective.span, message: 'The @collaboration directive needs a collaboration ID, e.g. `-- @collaboration CLB.7f3a2c`.' });
  }

  if (!profiles.serviceAllowed) {
    const reason =
      profiles.origin === 'none'
        ? 'Working offline (syntax only): no connection is configured. Add a profile, start the local emulator, or set IQL_BASE_URL and IQL_API_KEY.'
        : 'Working offline (syntax only): this workspace is not trusted, so no service call is made.';
    return { kind: 'offline', reason, described, problems };
  }
  if (!profileName) {
    return { kind: 'offline', reason: 'Working offline (syntax only): no default profile is chosen.', described, problems };
  }
  const info = profiles.profiles.get(profileName);
  if (!info) {
    const known = [...profiles.profiles.keys()];
    if (profileDirective) {
      problems.push({
        code: 'iql.unknown-profile',
        severity: 'warning',
        span: profileDirective.valueSpan,
        message: `Unknown profile '${profileName}'.${didYouMean(suggestNames(profileName, known))} Known profiles: ${known.join(', ') || 'none'}.`,
      });
    }
    return { kind: 'offline', reason: `Working offline (syntax only): there is no profile named '${profileName}'.`, described, problems };
  }
  const profile = toServiceProfile(info);
  if (!profile) {
    return { kind: 'offline', reason: `Working offline (syntax only): profile '${profileName}' has no API key yet. Set one with "IQL: Set API Key".`, described, problems };
  }
  // A new key may see another catalog, so it is part of the identity, hashed: never the key itself.
  const keyHash = createHash('sha256').update(profile.apiKey).digest('hex').slice(0, 16);
  const key = JSON.stringify([profile.name, profile.baseUrl, keyHash, collaborationId ?? null]);
  const profileKey = JSON.stringify([profile.name, profile.baseUrl, keyHash]);
  return { kind: 'target', target: { key, profileKey, profile, ...(collaborationId ? { collaborationId } : {}), described }, problems };
}

function lastDirective(directives: readonly Directive[], name: string): Directive | undefined {
  let found: Directive | undefined;
  for (const directive of directives) if (directive.name === name) found = directive;
  return found;
}
