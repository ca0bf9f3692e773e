/**
 * Reads the text of one API request into exactly one query. The service validates, explains
 * and runs one query per request, so a text with several queries is refused with a message
 * naming the fix. A text over the size limits (query-size-limits.ts) is refused before the
 * parser sees it.
 */
import type { Query } from '../../../language/src/parser/index';
import { parseIql } from '../../../language/src/parser/index';
import { errorAt } from './engine-error';
import type { EngineOutcome } from './engine-error';
import { checkQuerySize } from './query-size-limits';

/**
 * Parses `text` and answers its only query, or the size limit it breaks, or the first syntax
 * error (by position).
 * Only problems of severity `error` count; warnings (e.g. a double-quoted value) do not stop
 * a query. May throw only if the parser itself throws; callers wrap it.
 */
export function parseSingleQuery(text: string): EngineOutcome<Query> {
  const tooLarge = checkQuerySize(text);
  if (tooLarge) return { ok: false, error: tooLarge };
  const parsed = parseIql(text);
  const errors = parsed.problems
    .filter((problem) => problem.severity === 'error')
    .sort((a, b) => a.span.start - b.span.start);
  if (errors.length > 0) {
    const first = errors[0];
    return { ok: false, error: errorAt(text, first.span, first.code, first.message) };
  }
  const queries = parsed.ast.queries;
  if (queries.length === 0) {
    return {
      ok: false,
      error: errorAt(text, { start: 0, end: text.length }, 'iql.empty-query', 'the query is empty; write one, e.g. SELECT COUNT() FROM <dataset>'),
    };
  }
  if (queries.length > 1) {
    return {
      ok: false,
      error: errorAt(
        text,
        queries[1].span,
        'iql.several-queries',
        `the text holds ${queries.length} queries; send one query at a time`,
      ),
    };
  }
  return { ok: true, value: queries[0] };
}
