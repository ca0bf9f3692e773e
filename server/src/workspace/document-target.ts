import { resolveDirectiveTarget, type AnalysisProblem, type Directive } from '../../../language/src';
import { resolveTarget, type ProfileSet, type TargetResolution } from '../../../service/src';

/** A document's target (see resolveTarget) and the problems of its directives. */
export type DocumentTargetResolution = TargetResolution & { readonly problems: readonly AnalysisProblem[] };

/**
 * Where a document's queries go (LANGUAGE.md §7), with the problems of its directives: the
 * language reads the directives, the service layer resolves the profile.
 */
export function resolveDocumentTarget(directives: readonly Directive[], profiles: ProfileSet): DocumentTargetResolution {
  return resolveDirectiveTarget<TargetResolution>(directives, (wanted) => resolveTarget(wanted, profiles));
}
