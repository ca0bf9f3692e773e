import { resolveDirectiveTarget, type AnalysisProblem, type Directive } from '../../../language/src';
import { resolveTarget, type ProfileSet, type TargetResolution, type WantedTarget } from '../../../service/src';

/** A document's target (see resolveTarget) and the problems of its directives. */
export type DocumentTargetResolution = TargetResolution & { readonly problems: readonly AnalysisProblem[] };

/**
 * Where a document's queries go (LANGUAGE.md §7), with the problems of its directives: the
 * language reads the directives, the service layer resolves the profile.
 */
export function resolveDocumentTarget(directives: readonly Directive[], profiles: ProfileSet): DocumentTargetResolution {
  return resolveDirectiveTarget<TargetResolution>(directives, (wanted) => resolvedOnce(wanted, profiles));
}

/** Directive values told apart per set of profiles; past this many, the memo starts again. */
const MEMO_LIMIT = 64;
const memos = new WeakMap<ProfileSet, Map<string, TargetResolution>>();

/**
 * resolveTarget once per set of profiles and wanted target. Every keystroke and request asks
 * for its document's target, and each answer hashes the key and builds the cache keys; a reload
 * of the profiles makes a new set, so nothing resolved under the old one is handed out again.
 */
function resolvedOnce(wanted: WantedTarget, profiles: ProfileSet): TargetResolution {
  let memo = memos.get(profiles);
  if (!memo) memos.set(profiles, (memo = new Map()));
  const key = `${wanted.profile ?? ''}\u0000${wanted.collaboration ?? ''}`;
  let resolution = memo.get(key);
  if (!resolution) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    resolution = resolveTarget(wanted, profiles);
    memo.set(key, resolution);
  }
  return resolution;
}
