/**
 * Chevrotain builds its error messages while parsing, through `errorMessageProvider`, but a
 * good message needs context that only exists afterwards (where an unclosed '(' was opened,
 * whether the text goes on). So the provider records the facts of the error as a small JSON
 * string, and `describeParseError` (describe-parse-error.ts) writes the message once parsing
 * is over.
 */
import type { IParserErrorMessageProvider, TokenType } from 'chevrotain';
import { EOF } from './chevrotain';

/** The facts of a parse error, as recorded while parsing. */
export interface ErrorFacts {
  /** The rule in which the error happened. */
  readonly rule: string;
  /** Names of the token types that would have been accepted. */
  readonly expected: readonly string[];
}

function encodeFacts(rule: string, expected: Iterable<TokenType>): string {
  const names = new Set<string>();
  for (const type of expected) names.add(type.name);
  return JSON.stringify({ rule, expected: [...names] } satisfies ErrorFacts);
}

function firstTokensOf(paths: readonly (readonly TokenType[])[]): TokenType[] {
  return paths.flatMap((path) => (path.length > 0 ? [path[0]] : []));
}

/** Chevrotain's hook: records the facts of each parse error (see the file comment). */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, ruleName }) => encodeFacts(ruleName, [expected]),
  buildNotAllInputParsedMessage: ({ ruleName }) => encodeFacts(ruleName, [EOF]),
  buildNoViableAltMessage: ({ expectedPathsPerAlt, ruleName }) =>
    encodeFacts(ruleName, expectedPathsPerAlt.flatMap(firstTokensOf)),
  buildEarlyExitMessage: ({ expectedIterationPaths, ruleName }) =>
    encodeFacts(ruleName, firstTokensOf(expectedIterationPaths)),
};

/** The facts recorded by `errorMessageProvider`; undefined for any other message. */
export function decodeFacts(message: string): ErrorFacts | undefined {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value === 'object' && value !== null && 'rule' in value && 'expected' in value) {
      const { rule, expected } = value;
      if (typeof rule === 'string' && Array.isArray(expected) && expected.every((name) => typeof name === 'string')) {
        return { rule, expected };
      }
    }
  } catch {
    // Not one of ours (a custom ERR_MSG, say): the caller falls back to Chevrotain's text.
  }
  return undefined;
}
