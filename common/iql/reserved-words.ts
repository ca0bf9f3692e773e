/**
 * IQL's reserved words, upper-cased (LANGUAGE.md §1): a name equal to one of them, in any
 * case, must be written in double quotes. Kept apart from tokens.ts so that code which only
 * writes names (the extension client, the explorer) does not load Chevrotain; a unit test
 * keeps this list equal to the lexer's keyword tokens.
 */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'SELECT', 'FROM', 'WHERE', 'ENRICH', 'LINK', 'WITH', 'AND', 'OR', 'NOT', 'IN',
  'UNION', 'INTERSECT', 'EXCLUDE', 'COUNT', 'AGGREGATE', 'TOPN', 'SUM', 'AVG',
]);
