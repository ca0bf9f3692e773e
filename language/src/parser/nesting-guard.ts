/**
 * The parser and the AST builder are recursive descent, one level of recursion per '(' or
 * '{'. Text with thousands of nested brackets (a runaway paste, generated junk) would exhaust
 * the call stack, so brackets deeper than any real query are cut off before parsing: the rest
 * of that query is dropped and reported, and the queries after it parse normally.
 */
import type { IToken } from 'chevrotain';
import type { SyntaxProblem } from './syntax-problem';
import { describeNestingTooDeep } from './messages';
import { spanOfToken } from './spans';
import * as tokenTypes from './tokens';

// Bound once to local constants: this loop runs over every token, and under tsx every use of
// an imported binding is a getter call (see parser.ts).
const { LBrace, LParen, RBrace, RParen, Select } = tokenTypes;

/** Deeper than any hand-written query, far below what exhausts Node's default stack. */
export const maxNestingDepth = 64;

/**
 * Returns `tokens` unchanged when no query nests brackets deeper than `maxNestingDepth`;
 * otherwise a copy without the tokens from the too-deep bracket to the next SELECT, and one
 * problem per cut.
 */
export function limitNesting(tokens: IToken[]): { tokens: IToken[]; problems: SyntaxProblem[] } {
  let depth = 0;
  let kept: IToken[] | undefined;
  let skipping = false;
  const problems: SyntaxProblem[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const type = token.tokenType;
    if (type === Select) {
      depth = 0;
      skipping = false;
    } else if (!skipping && (type === LParen || type === LBrace)) {
      depth++;
      if (depth > maxNestingDepth) {
        skipping = true;
        kept ??= tokens.slice(0, index);
        const span = spanOfToken(token) ?? { start: token.startOffset, end: token.startOffset };
        problems.push(describeNestingTooDeep(maxNestingDepth, span));
      }
    } else if (!skipping && (type === RParen || type === RBrace)) {
      depth = Math.max(0, depth - 1);
    }
    if (kept !== undefined && !skipping) kept.push(token);
  }
  return { tokens: kept ?? tokens, problems };
}
