/**
 * The size limits a query must keep before the engine reads it. The engine walks the FROM
 * clause's set operations recursively (one stack frame per INTERSECT, UNION or EXCLUDE), so a
 * generated chain of a few thousand operators exhausts Node's stack; and parsing grows with
 * the text. Both are checked here with one linear scan of the text, before anything parses or
 * recurses. Bracket nesting needs no check of its own: the parser cuts it at 64 levels and
 * says so (language/src/parser/nesting-guard.ts).
 *
 * The limits are far above any real query (a hand-written one joins a handful of datasets in
 * a few hundred characters) and far below what breaks the emulator. emulator/README.md lists
 * them.
 */
import { errorAt } from './engine-error';
import type { EngineError } from './engine-error';

/** Longest query text accepted, in characters (UTF-16 code units, as the editor counts). */
export const MAX_QUERY_CHARACTERS = 100_000;

/** Most set operators (INTERSECT, UNION, EXCLUDE) in one query: at most this many + 1 datasets combined. */
export const MAX_SET_OPERATORS = 1_000;

// Strings, quoted names and comments are matched whole so that a set-operator word inside
// them is not counted; only the last alternative (a set-operator keyword standing alone, as
// the lexer would read it) is. The letter class is the lexer's (language/src/parser/tokens.ts).
const NAME_CHARACTER = 'A-Za-z0-9_\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F';
const SKIPPED_OR_SET_OPERATOR = new RegExp(
  [
    "'(?:[^'\\r\\n]|'')*'?", // a string, possibly unterminated
    '"(?:[^"\\r\\n]|"")*"?', // a quoted name, possibly unterminated
    '--[^\\r\\n]*', // a line comment
    '/\\*[\\s\\S]*?(?:\\*/|$)', // a block comment, possibly unterminated
    `(?<![${NAME_CHARACTER}])(INTERSECT|UNION|EXCLUDE)(?![${NAME_CHARACTER}])`,
  ].join('|'),
  'gi',
);

/**
 * The first limit `text` breaks, as an error located where the limit is passed, or undefined.
 * Counting the operators first gives the more telling message for a runaway chain, which
 * usually breaks both limits. Linear in the text; never throws.
 */
export function checkQuerySize(text: string): EngineError | undefined {
  let operators = 0;
  let firstBeyond: number | undefined;
  for (const match of text.matchAll(SKIPPED_OR_SET_OPERATOR)) {
    if (match[1] === undefined) continue;
    operators++;
    if (operators === MAX_SET_OPERATORS + 1) firstBeyond = match.index;
  }
  if (firstBeyond !== undefined) {
    return errorAt(
      text,
      { start: firstBeyond, end: firstBeyond },
      'iql.query-too-large',
      `the query combines ${operators + 1} datasets with ${operators} set operators (INTERSECT, UNION, EXCLUDE); ` +
        `the emulator accepts at most ${MAX_SET_OPERATORS} set operators in one query`,
    );
  }
  if (text.length > MAX_QUERY_CHARACTERS) {
    return errorAt(
      text,
      { start: MAX_QUERY_CHARACTERS, end: text.length },
      'iql.query-too-large',
      `the query is ${text.length} characters long; the emulator accepts at most ${MAX_QUERY_CHARACTERS} characters in one query`,
    );
  }
  return undefined;
}
