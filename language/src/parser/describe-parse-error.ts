/**
 * Rewrites Chevrotain's parse errors as messages for people. Instead of "Expecting token of
 * type --> RParen <-- but found --> '' <--", a message names what was expected, after what,
 * and what was found, and sits where the author will look: at the found token, or right after
 * the last token read when something is missing at the end of a query. The facts of each
 * error come from error-message-provider.ts.
 */
import type { IRecognitionException, IToken, TokenType } from 'chevrotain';
import type { Span } from './ast';
import { EOF, tokenMatcher } from './chevrotain';
import { describeExpectation, describeListExpectation, expectsName } from './describe-expectation';
import { decodeFacts } from './error-message-provider';
import { emptySpanAt, lineAndColumnAt, spanOfToken, tokenIndexAt } from './spans';
import type { TextOrigin } from './spans';
import type { SyntaxProblem } from './syntax-problem';
import { describeFound, describeToken, isQueryBoundary } from './token-descriptions';
import { Aggregate, Avg, Count, Keyword, LBrace, LParen, RBrace, RParen, Select, Sum, TopN, Where } from './tokens';

/** Keywords that are also likely names of categories or datasets ("Count", "Sum"). */
const functionWords: ReadonlySet<TokenType> = new Set([Count, Aggregate, TopN, Sum, Avg]);

/** Where a problem about `found` is shown: missing things sit right after `previous`. */
function placeAt(found: IToken, previous: IToken | undefined): Span {
  const foundSpan = spanOfToken(found);
  const previousSpan = spanOfToken(previous);
  if ((foundSpan === undefined || isQueryBoundary(found)) && previousSpan !== undefined) {
    return emptySpanAt(previousSpan.end);
  }
  return foundSpan ?? emptySpanAt(0);
}

/** What `describeParseError` needs besides the error itself. */
export interface ParseErrorContext {
  readonly text: string;
  /** The token vector the parser ran on (comments excluded). */
  readonly tokens: readonly IToken[];
  /** Where `text` begins in its document, when it is one region of a larger one. */
  readonly origin?: TextOrigin;
}

/**
 * The opener that a missing closer belongs to: the nearest unmatched '(' (or '{') before the
 * error, within the current query, provided the rest of the query never closes it.
 */
function findUnclosedOpener(
  tokens: readonly IToken[],
  errorIndex: number,
  opener: TokenType,
  closer: TokenType,
): IToken | undefined {
  let depth = 0;
  let openerToken: IToken | undefined;
  for (let index = errorIndex - 1; index >= 0; index--) {
    const token = tokens[index];
    if (tokenMatcher(token, Select)) break;
    if (tokenMatcher(token, closer)) depth++;
    else if (tokenMatcher(token, opener)) {
      if (depth === 0) {
        openerToken = token;
        break;
      }
      depth--;
    }
  }
  if (openerToken === undefined) return undefined;
  depth = 0;
  for (let index = errorIndex; index < tokens.length; index++) {
    const token = tokens[index];
    if (isQueryBoundary(token)) break;
    if (tokenMatcher(token, opener)) depth++;
    else if (tokenMatcher(token, closer)) {
      if (depth === 0) return undefined;
      depth--;
    }
  }
  return openerToken;
}

/**
 * The token after `previous` in the whole text. The parser runs on one query's tokens at a
 * time, so where it sees the end of its input the text may go on with the next SELECT.
 */
function tokenAfter(tokens: readonly IToken[], previous: IToken | undefined): IToken | undefined {
  if (previous === undefined) return undefined;
  return tokens[tokenIndexAt(tokens, previous.startOffset) + 1];
}

function previousTokenOf(error: IRecognitionException): IToken | undefined {
  const previous: unknown = (error as { previousToken?: unknown }).previousToken;
  if (typeof previous === 'object' && previous !== null && 'image' in previous && 'startOffset' in previous) {
    return previous as IToken;
  }
  return undefined;
}

/** Rewrites one Chevrotain parse error as a problem written for people. */
export function describeParseError(error: IRecognitionException, context: ParseErrorContext): SyntaxProblem {
  // At the start of the input Chevrotain's "previous token" is a placeholder with no position.
  const candidate = previousTokenOf(error);
  const previous = spanOfToken(candidate) === undefined ? undefined : candidate;
  const found = error.token.tokenType === EOF ? tokenAfter(context.tokens, previous) ?? error.token : error.token;
  const span = placeAt(found, previous);
  const facts = decodeFacts(error.message);
  if (facts === undefined) {
    return { code: 'iql.syntax', message: error.message, severity: 'error', span };
  }
  const after = previous !== undefined ? ` after ${describeToken(previous)}` : '';

  // A missing ')' or '}': name the opener when the query never closes it.
  const closing = facts.expected.length === 1 ? facts.expected[0] : undefined;
  if (closing === 'RParen' || closing === 'RBrace') {
    const [opener, closer] = closing === 'RParen' ? [LParen, RParen] : [LBrace, RBrace];
    const errorIndex = found.tokenType === EOF ? context.tokens.length : tokenIndexAt(context.tokens, found.startOffset);
    const openerToken = findUnclosedOpener(context.tokens, errorIndex, opener, closer);
    const symbol = closing === 'RParen' ? "')'" : "'}'";
    if (openerToken !== undefined) {
      const { line, column } = lineAndColumnAt(context.text, openerToken.startOffset, context.origin);
      return {
        code: closing === 'RParen' ? 'iql.unclosed-paren' : 'iql.unclosed-brace',
        message: `Expected ${symbol} to close the '${openerToken.image}' opened at line ${line}, column ${column}, found ${describeFound(found)}`,
        severity: 'error',
        span,
      };
    }
    const what = describeListExpectation(facts.rule, symbol, previous);
    return describeFoundInstead(what, after, found, span);
  }

  if (tokenMatcher(found, Where) && previous === undefined && facts.rule === 'notCondition') {
    return { code: 'iql.syntax', message: 'A filter is the condition alone; leave out WHERE', severity: 'error', span };
  }
  const what = describeExpectation(facts, error.context?.ruleStack ?? [], previous);
  return describeFoundInstead(what, after, found, span, expectsName(facts));
}

/**
 * "Expected X after Y, found Z". When Z is a function word where a name could stand (a
 * category called Count), the message says how to use it as a name.
 */
function describeFoundInstead(what: string, after: string, found: IToken, span: Span, isNameExpected = true): SyntaxProblem {
  if (isNameExpected && tokenMatcher(found, Keyword) && functionWords.has(found.tokenType)) {
    return {
      code: 'iql.keyword-as-name',
      message: `Expected ${what}${after}, found the keyword ${found.image.toUpperCase()}; to use it as a name, quote it: "${found.image}"`,
      severity: 'error',
      span,
    };
  }
  return { code: 'iql.syntax', message: `Expected ${what}${after}, found ${describeFound(found)}`, severity: 'error', span };
}
