/**
 * A text cut at the SELECT that starts each query: the regions the incremental parser parses
 * one by one. Each region lexes alone exactly as it does inside the whole text (see
 * query-starts.ts), so features that need the tokens of one place — completion, hover,
 * signature help — lex one or two regions instead of a whole large document.
 */
import type { IToken } from 'chevrotain';
import { lexIql } from './lexer';
import { findQueryStarts } from './query-starts';

/** Half-open range of offsets: the text before the first query, or one query and what follows it. */
export interface QueryRegion {
  readonly start: number;
  readonly end: number;
}

/** The regions of `text`, in order, none empty. */
export function findQueryRegions(text: string): QueryRegion[] {
  const starts = findQueryStarts(text);
  if (starts[0] !== 0) starts.unshift(0);
  const regions: QueryRegion[] = [];
  for (let index = 0; index < starts.length; index++) {
    const end = index + 1 < starts.length ? starts[index + 1] : text.length;
    if (end > starts[index]) regions.push({ start: starts[index], end });
  }
  return regions;
}

/**
 * The tokens and comments of the region holding `offset` and of the one before it (a cursor
 * right at a SELECT also touches the query before), with the offsets of the whole text.
 */
export function lexAround(text: string, offset: number): { tokens: IToken[]; comments: IToken[] } {
  const starts = findQueryStarts(text);
  let from = 0;
  let to = text.length;
  for (const start of starts) {
    if (start < offset) from = start;
    else if (start > offset) {
      to = start;
      break;
    }
  }
  const lexed = lexIql(text.slice(from, to));
  for (const token of lexed.tokens) moveToken(token, from);
  for (const comment of lexed.comments) moveToken(comment, from);
  return { tokens: lexed.tokens, comments: lexed.comments };
}

function moveToken(token: IToken, delta: number): void {
  token.startOffset += delta;
  if (token.endOffset !== undefined) token.endOffset += delta;
}
