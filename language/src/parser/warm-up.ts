/**
 * Builds the lexer and the parser ahead of the first document, and runs them once over a
 * small query so that the code the first real parse takes is compiled already. A server calls
 * this before answering `initialize`: the editor sends the first document as soon as it reads
 * the answer, and its diagnostics should not wait for a parser being built.
 */
import { buildLexer } from './lexer';
import { parseIql } from './parse-text';
import { buildParser } from './parser';

export function warmUpParser(): void {
  buildLexer();
  buildParser();
  parseIql("SELECT AGGREGATE(A.b {0, 10}), COUNT() FROM A INTERSECT B WHERE A.c IN ('x') AND B.d > 1");
}
