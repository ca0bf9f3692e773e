import type { Query } from '../parser/ast';
import type { AnalysisProblem } from './problem';

/** The text of a query as it is sent to the service. */
export function queryText(text: string, query: Query): string {
  return text.slice(query.span.start, query.span.end);
}

/**
 * What the language needs of a service's refusal: its words, and where it points (1-based line
 * and column within the query text sent). The service layer's errors have this shape.
 */
export interface ServiceRefusal {
  readonly message: string;
  /** The service's own message, when it sent one: preferred over `message`. */
  readonly serviceMessage?: string;
  readonly position?: { readonly line: number; readonly column: number };
}

/**
 * A service's verdict on one query as a problem in the document: the service's message
 * unaltered, at the position it gives (1-based line and column within the query text sent),
 * else over the whole query.
 */
export function serviceRejection(text: string, query: Query, error: ServiceRefusal): AnalysisProblem {
  const sent = queryText(text, query);
  const position = error.position;
  let span = query.span;
  if (position) {
    const offset = offsetOfLineColumn(sent, position.line, position.column);
    if (offset !== undefined) {
      const start = query.span.start + offset;
      span = { start, end: start + wordLengthAt(sent, offset) };
    }
  }
  return { code: 'iql.service', severity: 'error', span, message: error.serviceMessage ?? error.message };
}

/** The note added to local syntax problems of a query that the service accepts. */
export const ACCEPTED_BY_SERVICE = 'not understood locally; accepted by the service';

/** Downgrades a local syntax problem of a query the service accepted (LANGUAGE.md, false-positive rule). */
export function downgradeAccepted(problem: AnalysisProblem): AnalysisProblem {
  return { ...problem, severity: 'information', message: `${problem.message} (${ACCEPTED_BY_SERVICE})` };
}

function offsetOfLineColumn(text: string, line: number, column: number): number | undefined {
  if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 1) return undefined;
  let offset = 0;
  for (let current = 1; current < line; current += 1) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return undefined;
    offset = next + 1;
  }
  const lineEnd = text.indexOf('\n', offset);
  const lineLength = (lineEnd < 0 ? text.length : lineEnd) - offset;
  return offset + Math.min(column - 1, lineLength);
}

/** Marks the word at the position, or one character, so the squiggle is visible. */
function wordLengthAt(text: string, offset: number): number {
  const match = /^("([^"]|"")*"|'([^']|'')*'|[A-Za-z0-9_]+)/.exec(text.slice(offset));
  return match ? match[0].length : Math.min(1, text.length - offset);
}
