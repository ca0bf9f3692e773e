import type { Directive } from '../parser/ast';
import { didYouMean, suggestNames } from '../catalog/suggest';
import type { AnalysisProblem } from './problem';

/** The profile and collaboration a document's directives ask for; the last directive of each kind wins. */
export interface DirectiveTarget {
  readonly profile?: string;
  readonly collaboration?: string;
}

/** What the document's directives ask for (LANGUAGE.md §7); empty values count as absent. */
export function directiveTarget(directives: readonly Directive[]): DirectiveTarget {
  const profile = lastDirective(directives, 'profile')?.value;
  const collaboration = lastDirective(directives, 'collaboration')?.value;
  return { ...(profile ? { profile } : {}), ...(collaboration ? { collaboration } : {}) };
}

/** A profile the target's resolution did not find, with the names that exist. */
export interface UnknownProfile {
  readonly name: string;
  readonly known: readonly string[];
}

/**
 * Problems of the directives themselves: an empty `@profile` or `@collaboration`, and a
 * `@profile` naming a profile that does not exist (`unknown`, from the target's resolution),
 * with "did you mean" and the profiles that do.
 */
export function directiveProblems(directives: readonly Directive[], unknown?: UnknownProfile): AnalysisProblem[] {
  const profileDirective = lastDirective(directives, 'profile');
  const collaborationDirective = lastDirective(directives, 'collaboration');
  const problems: AnalysisProblem[] = [];
  if (profileDirective && !profileDirective.value) {
    problems.push({ code: 'iql.directive', severity: 'warning', span: profileDirective.span, message: 'The @profile directive needs a profile name, e.g. `-- @profile staging`.' });
  }
  if (collaborationDirective && !collaborationDirective.value) {
    problems.push({ code: 'iql.directive', severity: 'warning', span: collaborationDirective.span, message: 'The @collaboration directive needs a collaboration ID, e.g. `-- @collaboration CLB.7f3a2c`.' });
  }
  // Only a profile the document itself names is its problem; an unknown default is the editor's.
  if (unknown && profileDirective?.value === unknown.name) {
    problems.push({
      code: 'iql.unknown-profile',
      severity: 'warning',
      span: profileDirective.valueSpan,
      message: `Unknown profile '${unknown.name}'.${didYouMean(suggestNames(unknown.name, unknown.known))} Known profiles: ${unknown.known.join(', ') || 'none'}.`,
    });
  }
  return problems;
}

function lastDirective(directives: readonly Directive[], name: string): Directive | undefined {
  let found: Directive | undefined;
  for (const directive of directives) if (directive.name === name) found = directive;
  return found;
}

/**
 * A document's target with the problems of its directives: `resolve` (the service layer's
 * resolution, given by the caller so that the language stays free of I/O) turns what the
 * directives ask for into a target, and an unknown profile it reports becomes a problem.
 */
export function resolveDirectiveTarget<Resolution extends { readonly kind: string; readonly unknownProfile?: UnknownProfile }>(
  directives: readonly Directive[],
  resolve: (wanted: DirectiveTarget) => Resolution,
): Resolution & { readonly problems: readonly AnalysisProblem[] } {
  const resolution = resolve(directiveTarget(directives));
  return { ...resolution, problems: directiveProblems(directives, resolution.unknownProfile) };
}
