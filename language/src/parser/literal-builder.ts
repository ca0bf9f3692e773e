/**
 * Values as the AST holds them: numbers, 'strings', and "double-quoted" values, which IQL
 * reads as names; the builder keeps them as values so that features still work, and warns.
 */
import type { IToken } from 'chevrotain';
import type { Literal } from './ast';
import type { BuildContext } from './build-context';
import { describeQuotedValue } from './messages';
import * as spans from './spans';
import * as tokenTypes from './tokens';
import { unquote } from './unquote';

// Bound once to local constants: under tsx every use of an imported binding is a getter call
// (see parser.ts), and every value of a file passes through here.
const { spanOfToken } = spans;
const { NumberLiteral, QuotedName, StringLiteral, UnterminatedQuotedName, UnterminatedString } = tokenTypes;

/**
 * The literal of a value token; undefined for a missing token or one invented by recovery.
 * `warnQuoted` reports a double-quoted value in `context` (not wanted for TOPN's count, whose
 * own check says what is wrong).
 */
export function buildLiteral(token: IToken | undefined, context: BuildContext, warnQuoted: boolean): Literal | undefined {
  const span = spanOfToken(token);
  if (token === undefined || span === undefined) return undefined;
  if (token.tokenType === NumberLiteral) return { kind: 'Number', span, value: Number(token.image), raw: token.image };
  if (token.tokenType === StringLiteral || token.tokenType === UnterminatedString) {
    return { kind: 'String', span, value: unquote(token.image, "'", token.tokenType === UnterminatedString) };
  }
  const value = unquote(token.image, '"', token.tokenType === UnterminatedQuotedName);
  if (warnQuoted && token.tokenType === QuotedName) context.problems.push(describeQuotedValue(value, span));
  return { kind: 'QuotedValue', span, value };
}

/** The literals of a list of value tokens, in order, skipping tokens invented by recovery. */
export function buildLiterals(tokens: readonly IToken[], context: BuildContext): Literal[] {
  const values: Literal[] = [];
  for (const token of tokens) {
    const literal = buildLiteral(token, context, true);
    if (literal !== undefined) values.push(literal);
  }
  return values;
}
