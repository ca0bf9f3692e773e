/**
 * The problem type every part of the parser produces. It lives apart from index.ts so that the
 * parser's own modules can name it without importing the public face that imports them.
 */
import type { Span } from './ast';

export type Severity = 'error' | 'warning' | 'information' | 'hint';

/** A problem found while reading the text, before any catalog or service is consulted. */
export interface SyntaxProblem {
  /** Stable code, e.g. `iql.syntax`, `iql.clause-order`; see ARCHITECTURE.md for the list. */
  readonly code: string;
  /** Written for people: names what was found and what was expected. */
  readonly message: string;
  readonly severity: Severity;
  readonly span: Span;
}
