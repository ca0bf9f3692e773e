import { checkQueryAgainstCatalog } from './analysis/catalog-checks';
import { checkQueryAgainstCollaboration } from './analysis/collaboration-checks';
import type { Catalog } from './catalog/catalog';
import type { AnalysisProblem } from './analysis/problem';
import type { ParsedFile, SyntaxProblem } from './parser';
import type { Query } from './parser/ast';
import { downgradeAccepted, queryText, serviceRejection, type ServiceRefusal } from './analysis/remote-problems';

/** The service's verdict on one query text. */
export type Verdict = { readonly accepted: true } | { readonly accepted: false; readonly error: ServiceRefusal };

export interface DocumentProblemInputs {
  readonly text: string;
  readonly parsed: ParsedFile;
  /** Problems of the document's target (directives naming unknown profiles, …). */
  readonly targetProblems: readonly AnalysisProblem[];
  readonly catalog?: Catalog;
  readonly collaboration: boolean;
  /** Verdicts by query text, for the document's current text. */
  readonly verdicts: ReadonlyMap<string, Verdict>;
}

/** Whether a problem starts inside `query` (its end included). */
export const inQuery = (query: Query) => (problem: SyntaxProblem): boolean => problem.span.start >= query.span.start && problem.span.start <= query.span.end;

/**
 * Every problem of a document, as the language server publishes them and `iql check` prints
 * them: syntax, target, catalog checks, the collaboration's rules and the service's verdicts. A query the service
 * accepted keeps its local syntax problems only as Information (the false-positive rule).
 */
export function collectDocumentProblems(inputs: DocumentProblemInputs): AnalysisProblem[] {
  const { parsed, text } = inputs;
  const problems: AnalysisProblem[] = [...inputs.targetProblems];
  for (const query of parsed.ast.queries) {
    const syntax = parsed.problems.filter(inQuery(query));
    // Right after an edit there is no verdict yet: no need to cut out the query's text to look.
    const verdict = inputs.verdicts.size === 0 ? undefined : inputs.verdicts.get(queryText(text, query));
    const acceptedDespiteSyntax = verdict?.accepted === true && syntax.length > 0;
    problems.push(...(acceptedDespiteSyntax ? syntax.map(downgradeAccepted) : syntax));
    if (verdict && !verdict.accepted) problems.push(serviceRejection(text, query, verdict.error));
    if (inputs.catalog && !acceptedDespiteSyntax) {
      problems.push(...checkQueryAgainstCatalog(query, inputs.catalog, { collaboration: inputs.collaboration }));
      problems.push(...checkQueryAgainstCollaboration(query, inputs.catalog));
    }
  }
  // Problems outside every query (stray text between queries) are kept as they are.
  problems.push(...parsed.problems.filter((p) => !parsed.ast.queries.some((q) => inQuery(q)(p))));
  return problems;
}

/**
 * Whether to ask the service about a query. After a pause, only queries without any local
 * error. On save (and in `iql check`), queries with syntax errors too — the service may accept
 * what the parser does not — but not those with catalog errors: the catalog came from the
 * same service, and its verdict would only repeat them.
 */
export function shouldAskService(query: Query, parsed: ParsedFile, catalog: Catalog | undefined, reason: 'pause' | 'save'): boolean {
  if (catalog !== undefined && checkQueryAgainstCatalog(query, catalog).some((p) => p.severity === 'error')) return false;
  return reason === 'save' || !parsed.problems.some((p) => p.severity === 'error' && inQuery(query)(p));
}
