/**
 * Where the queries of a text begin, without lexing it: the offsets of the SELECT keywords
 * that the lexer would produce. Used by the incremental parser to cut a large document into
 * one region per query on every keystroke, which a full lex of a megabyte cannot afford.
 *
 * The scan matches only what can hide or form a SELECT — comments, strings and quoted names
 * with the lexer's own patterns, and the word SELECT itself — so that the regular expression
 * engine skips everything else. It agrees with the lexer on every text:
 * - a SELECT inside a comment, a string or a quoted name starts nothing, and an unterminated
 *   block comment hides the rest of the text (those patterns are matched first, in order);
 * - `Selected` is one identifier (the lexer's keywords yield to longer identifiers);
 * - `xSELECT` and `a1SELECT` are one identifier, but `12SELECT` is a number and a SELECT: the
 *   lexer reads digits at the start of a word as a number and anything from the first letter
 *   on as an identifier.
 */
import type { TokenType } from 'chevrotain';
import * as tokenTypes from './tokens';

const { LineComment, BlockComment, UnterminatedBlockComment, QuotedName, UnterminatedQuotedName, StringLiteral, UnterminatedString } = tokenTypes;

/** In the lexer's order: the first alternative that matches at a position wins, as there. */
const hidingTokens: readonly TokenType[] = [LineComment, BlockComment, UnterminatedBlockComment, QuotedName, UnterminatedQuotedName, StringLiteral, UnterminatedString];

/** Characters that continue an identifier (tokens.ts, Identifier). */
const WORD_CHAR = 'A-Za-z0-9_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F';
// The only capturing group of the scanner: match[1] is set when the match is a SELECT.
const SELECT_WORD = `([Ss][Ee][Ll][Ee][Cc][Tt])(?![${WORD_CHAR}])`;

const scanner = new RegExp([...hidingTokens.map((type) => `(?:${(type.PATTERN as RegExp).source})`), SELECT_WORD].join('|'), 'g');
const wordChar = new RegExp(`[${WORD_CHAR}]`);

/** Offsets of the SELECT keywords of `text`, ascending. */
export function findQueryStarts(text: string): number[] {
  const starts: number[] = [];
  scanner.lastIndex = 0;
  for (let match = scanner.exec(text); match !== null; match = scanner.exec(text)) {
    if (match[1] !== undefined && !continuesIdentifier(text, match.index)) starts.push(match.index);
  }
  return starts;
}

/** True when the word ending just before `offset` makes the text at `offset` part of an identifier. */
function continuesIdentifier(text: string, offset: number): boolean {
  for (let index = offset - 1; index >= 0; index--) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) continue; // digits: a number so far
    return wordChar.test(text[index]);
  }
  return false;
}
