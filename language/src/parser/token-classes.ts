/**
 * The lexical classes of each query's tokens — function, keyword, string, number, comparison
 * operator — recorded while the query is parsed, when its tokens are at hand. Semantic
 * colouring needs them for every query of a document; recording them here spares it a second
 * lex of the whole text (a fifth of a second for 50,000 lines), and the incremental parser
 * keeps them with the trees of the queries an edit did not touch.
 *
 * Offsets are relative to the query's start, so they stay true when the query moves.
 */
import type { IToken } from 'chevrotain';
import type { Query } from './ast';
import { tokenMatcher } from './chevrotain';
import * as tokenTypes from './tokens';

const { Aggregate, Avg, CompareOperator, Count, Keyword, NumberLiteral, StringLiteral, Sum, TopN } = tokenTypes;

/** The classes, in the order of semantic-tokens.ts's legend mapping. */
export const TokenClass = { function: 0, keyword: 1, string: 2, number: 3, operator: 4 } as const;
export type TokenClass = (typeof TokenClass)[keyof typeof TokenClass];

const functionTypes = new Set([Count, Aggregate, TopN, Sum, Avg]);

const classesByQuery = new WeakMap<Query, Int32Array>();

/** The class of `token`, or -1 when colouring leaves it to the grammar (names, punctuation). */
export function classOf(token: IToken): TokenClass | -1 {
  if (functionTypes.has(token.tokenType)) return TokenClass.function;
  if (tokenMatcher(token, Keyword)) return TokenClass.keyword;
  if (tokenMatcher(token, StringLiteral)) return TokenClass.string;
  if (token.tokenType === NumberLiteral) return TokenClass.number;
  if (tokenMatcher(token, CompareOperator)) return TokenClass.operator;
  return -1;
}

/** Records the classes of `tokens` (the query's, in order) for `query`. */
export function recordTokenClasses(query: Query, tokens: readonly IToken[]): void {
  const base = query.span.start;
  const triples: number[] = [];
  for (const token of tokens) {
    const tokenClass = classOf(token);
    if (tokenClass >= 0) triples.push(token.startOffset - base, token.image.length, tokenClass);
  }
  classesByQuery.set(query, Int32Array.from(triples));
}

/** (start relative to the query, length, class) per classified token, or undefined when not recorded. */
export function tokenClassesOf(query: Query): Int32Array | undefined {
  return classesByQuery.get(query);
}
