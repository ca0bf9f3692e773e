/**
 * Reading the typed CST (cst-types.ts) where error recovery may have left it partial: every
 * child list may be missing, and tokens that recovery invented have no position. Builders
 * take tokens through `firstRealToken` so that a span never comes from an invented token.
 */
import type { IToken } from 'chevrotain';
import type { Span } from './ast';
import * as spans from './spans';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { coverSpans, isRealToken, spanOfToken } = spans;

/** The first of `tokens` that was really read from the text; undefined when there is none. */
export function firstRealToken(tokens: readonly IToken[] | undefined): IToken | undefined {
  return tokens?.find(isRealToken);
}

/** A CST node written like a function call: a keyword, then parts between '(' and ')'. */
interface ParenthesisedNode {
  readonly children: { readonly LParen?: IToken[]; readonly RParen?: IToken[] };
}

/**
 * The span of a function-like item: from its keyword up to its ')' or, when the ')' is
 * missing, its last real part. Undefined `parts` (not written yet) are skipped.
 */
export function itemSpan(keywordSpan: Span, cst: ParenthesisedNode, parts: readonly (Span | undefined)[]): Span {
  return coverSpans([
    keywordSpan,
    spanOfToken(firstRealToken(cst.children.LParen)),
    ...parts,
    spanOfToken(firstRealToken(cst.children.RParen)),
  ]) ?? keywordSpan;
}
