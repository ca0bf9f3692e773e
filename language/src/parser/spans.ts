/**
 * Span arithmetic shared by the lexer, the builder and the message writer. Offsets are UTF-16
 * code units (JavaScript string indices); every span is half-open, `end` exclusive.
 */
import type { IToken } from 'chevrotain';
import type { Span } from './ast';

/**
 * The span of a token read from the text, or undefined for a token that Chevrotain invented
 * during error recovery (those have no position: their offsets are NaN).
 */
export function spanOfToken(token: IToken | undefined): Span | undefined {
  if (token === undefined || token.isInsertedInRecovery === true || !Number.isFinite(token.startOffset)) {
    return undefined;
  }
  return { start: token.startOffset, end: token.startOffset + token.image.length };
}

/** True when the token was read from the text rather than invented by error recovery. */
export function isRealToken(token: IToken | undefined): token is IToken {
  return spanOfToken(token) !== undefined;
}

/** The smallest span covering every defined part, or undefined when there is none. */
export function coverSpans(parts: readonly (Span | undefined)[]): Span | undefined {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const part of parts) {
    if (part === undefined) continue;
    if (part.start < start) start = part.start;
    if (part.end > end) end = part.end;
  }
  return start <= end ? { start, end } : undefined;
}

/** A zero-width span, used for things that are missing: the place where they belong. */
export function emptySpanAt(offset: number): Span {
  return { start: offset, end: offset };
}

/** 1-based line and column of an offset, for messages that point at another place. */
export function lineAndColumnAt(text: string, offset: number, origin?: TextOrigin): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const limit = Math.min(offset, text.length);
  for (let index = 0; index < limit; index++) {
    const code = text.charCodeAt(index);
    // \r\n, \r and \n each end one line.
    if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10)) {
      line++;
      lineStart = index + 1;
    }
  }
  const column = limit - lineStart + 1;
  if (origin === undefined) return { line, column };
  return { line: line + origin.line - 1, column: line === 1 ? column + origin.column - 1 : column };
}

/** Where a text parsed alone sits in its document: the line and column of its first character. */
export interface TextOrigin {
  readonly line: number;
  readonly column: number;
}

/**
 * The origins of ascending offsets of one text, found in one pass: the incremental parser
 * asks for the start of each region in order.
 */
export class LineCursor {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  /** The line and column of `offset`; offsets must not go backwards. */
  at(offset: number): TextOrigin {
    const text = this.text;
    for (let index = this.offset; index < offset; index++) {
      const code = text.charCodeAt(index);
      if (code === 10 || (code === 13 && text.charCodeAt(index + 1) !== 10)) {
        this.line++;
        this.lineStart = index + 1;
      }
    }
    this.offset = Math.max(this.offset, offset);
    return { line: this.line, column: offset - this.lineStart + 1 };
  }
}

/** Index of the first token starting at or after `offset` (`tokens.length` when none). */
export function tokenIndexAt(tokens: readonly IToken[], offset: number): number {
  let low = 0;
  let high = tokens.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (tokens[middle]!.startOffset < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
