/**
 * The parser's public face: everything outside server/src/parser imports from here.
 *
 * Contract: `parseIql` and `parseFilter` never throw, whatever the input (binary junk, a
 * megabyte of unbalanced parentheses, an empty string). They always return a tree — partial
 * where the text is broken — together with the problems found, so that features keep working
 * on the parts the author has already written.
 */
import type { FilterExpression, IqlFile, Span } from './ast';

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

export interface ParsedFile {
  readonly ast: IqlFile;
  readonly problems: readonly SyntaxProblem[];
}

export interface ParsedFilter {
  readonly ast: FilterExpression;
  readonly problems: readonly SyntaxProblem[];
}

export declare function parseIql(text: string): ParsedFile;
export declare function parseFilter(text: string): ParsedFilter;
