/**
 * What every builder of the CST→AST step shares during one parse (see ast-builder.ts).
 */
import type { IToken } from 'chevrotain';
import type { TextOrigin } from './spans';
import type { SyntaxProblem } from './syntax-problem';

/** Shared state of one build: the problems found so far and the token vector. */
export interface BuildContext {
  readonly text: string;
  /** Where `text` begins in its document, when it is one region of a larger one. */
  readonly origin?: TextOrigin;
  /** The tokens the parser ran on, in order (for "found X after Y" messages). */
  readonly tokens: readonly IToken[];
  /** Problems found so far; builders append to it. */
  readonly problems: SyntaxProblem[];
}
