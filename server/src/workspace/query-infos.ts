import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { QueryInfo } from '../../../common/protocol';
import { type Query, type ParsedFile, findQueryToRun, queryText, inQuery } from '../../../language/src';

/**
 * The queries the client's run commands act on: the one at `offset` (under it, else the next
 * one, else the last: `findQueryToRun`), or every query of the file when `offset` is undefined.
 * The text is exactly what validation and hover send, so a run, its plan and its diagnostics
 * always speak of the same query.
 */
export function describeQueries(document: TextDocument, parsed: ParsedFile, offset?: number): QueryInfo[] {
  const queries = offset === undefined ? parsed.ast.queries : [findQueryToRun(parsed.ast, offset)].filter((q): q is Query => q !== undefined);
  const text = document.getText();
  return queries.map((query) => ({
    text: queryText(text, query),
    kind: query.select.queryType,
    offset: query.span.start,
    range: { start: document.positionAt(query.span.start), end: document.positionAt(query.span.end) },
    hasLocalErrors: parsed.problems.some((p) => p.severity === 'error' && inQuery(query)(p)),
  }));
}
