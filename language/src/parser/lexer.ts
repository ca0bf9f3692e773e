/**
 * Turns IQL text into tokens. The lexer never fails: characters that start no token are
 * reported and skipped, and strings, quoted names and block comments that are never closed
 * come out as tokens of their own (see tokens.ts), so the parser still sees a value or a name
 * where the author is still typing one.
 */
import type { IToken } from 'chevrotain';
import type { SyntaxProblem } from './syntax-problem';
import { Lexer } from './chevrotain';
import { skipGrammarChecks } from './grammar-checks';
import { describeUnknownCharacters, describeUnterminatedComment, describeUnterminatedName, describeUnterminatedString } from './messages';
import { spanOfToken } from './spans';
import * as tokenTypes from './tokens';

// Bound once to local constants: the loop below runs over every token, and under tsx every use
// of an imported binding is a getter call (see parser.ts).
const { allTokens, UnterminatedBlockComment, UnterminatedQuotedName, UnterminatedString } = tokenTypes;

/** The tokens of a text, its comments apart, and the lexical problems found. */
export interface LexedText {
  /** Tokens for the parser, in order; comments and whitespace excluded. */
  readonly tokens: IToken[];
  /** Line and block comments, in order. */
  readonly comments: IToken[];
  readonly problems: SyntaxProblem[];
}

// Built once, on first use (a server builds it while answering `initialize`, see warmUpParser):
// Chevrotain analyses the token patterns when the lexer is created. Offsets are all the
// parser needs; lines and columns are computed only for the messages that show them.
let iqlLexer: InstanceType<typeof Lexer> | undefined;

export function buildLexer(): InstanceType<typeof Lexer> {
  iqlLexer ??= new Lexer(allTokens, { positionTracking: 'onlyOffset', ensureOptimizations: true, skipValidations: skipGrammarChecks });
  return iqlLexer;
}

/** Lexes `text`. Never throws for any input string. */
export function lexIql(text: string): LexedText {
  const result = (iqlLexer ?? buildLexer()).tokenize(text);
  const comments = result.groups.comments ?? [];
  const problems: SyntaxProblem[] = [];
  for (const error of result.errors) {
    problems.push(describeUnknownCharacters(text, error.offset, error.length));
  }
  for (const token of result.tokens) {
    const span = spanOfToken(token);
    if (span === undefined) continue;
    if (token.tokenType === UnterminatedString) problems.push(describeUnterminatedString(span));
    else if (token.tokenType === UnterminatedQuotedName) problems.push(describeUnterminatedName(span));
  }
  for (const comment of comments) {
    if (comment.tokenType === UnterminatedBlockComment) {
      problems.push(describeUnterminatedComment({ start: comment.startOffset, end: comment.startOffset + 2 }));
    }
  }
  return { tokens: result.tokens, comments, problems };
}
