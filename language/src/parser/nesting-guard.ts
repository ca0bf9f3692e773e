/**
 * The parser, the AST builder and every feature that walks the tree recurse once per level
 * of nesting: once per '(' or '{', and once per set operator, since `A INTERSECT B INTERSECT
 * C …` builds a left-deep tree. Text nested thousands of levels deep (a runaway paste,
 * generated junk) would exhaust the call stack, so each query is cut before parsing where it
 * nests brackets deeper than any real query, or chains more set operators than any real query
 * combines: the rest of that query is dropped and reported, and the queries after it parse
 * normally.
 */
import type { IToken } from 'chevrotain';
import type { SyntaxProblem } from './syntax-problem';
import { describeNestingTooDeep, describeTooManySetOperators } from './messages';
import { spanOfToken } from './spans';
import * as tokenTypes from './tokens';

// Bound once to local constants: this loop runs over every token, and under tsx every use of
// an imported binding is a getter call (see parser.ts).
const { Exclude, Intersect, LBrace, LParen, RBrace, RParen, Select, Union } = tokenTypes;

/** Deeper than any hand-written query, far below what exhausts Node's default stack. */
export const maxNestingDepth = 64;

/**
 * Most set operators (INTERSECT, UNION, EXCLUDE) in one query: a hand-written query combines
 * a handful of datasets; a chain of a few thousand exhausts the stack of the tree's walkers.
 * The emulator refuses longer chains with the same limit (emulator/README.md).
 */
export const maxSetOperators = 1_000;

/**
 * Returns `tokens` unchanged when no query passes a limit; otherwise a copy without the
 * tokens from where the query passes it to the next SELECT, and one problem per cut.
 */
export function limitNesting(tokens: IToken[]): { tokens: IToken[]; problems: SyntaxProblem[] } {
  let depth = 0;
  let operators = 0;
  let kept: IToken[] | undefined;
  let skipping = false;
  const problems: SyntaxProblem[] = [];
  const cut = (index: number, problem: SyntaxProblem): void => {
    skipping = true;
    kept ??= tokens.slice(0, index);
    problems.push(problem);
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    const type = token.tokenType;
    if (type === Select) {
      depth = 0;
      operators = 0;
      skipping = false;
    } else if (!skipping && (type === LParen || type === LBrace)) {
      depth++;
      if (depth > maxNestingDepth) cut(index, describeNestingTooDeep(maxNestingDepth, spanOf(token)));
    } else if (!skipping && (type === RParen || type === RBrace)) {
      depth = Math.max(0, depth - 1);
    } else if (!skipping && (type === Intersect || type === Union || type === Exclude)) {
      operators++;
      if (operators > maxSetOperators) cut(index, describeTooManySetOperators(maxSetOperators, spanOf(token)));
    }
    if (kept !== undefined && !skipping) kept.push(token);
  }
  return { tokens: kept ?? tokens, problems };
}

function spanOf(token: IToken): { start: number; end: number } {
  return spanOfToken(token) ?? { start: token.startOffset, end: token.startOffset };
}
