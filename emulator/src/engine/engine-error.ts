/**
 * Errors are values: every public entry point of the engine answers `EngineOutcome`, never
 * throws. The HTTP layer turns an `EngineError` into the 1.0 error body, with `line` and
 * `column` in `metadata` when they are known.
 */
import type { Span } from '../../../language/src/parser/index';

/** Stable codes, so that callers and tests can tell errors apart without parsing messages. */
export type EngineErrorCode =
  | 'iql.syntax'
  | 'iql.empty-query'
  | 'iql.several-queries'
  | 'iql.wrong-query-type'
  | 'iql.selection'
  | 'iql.unknown-dataset'
  | 'iql.dataset-not-named'
  | 'iql.unknown-category'
  | 'iql.ambiguous-category'
  | 'iql.unknown-representation'
  | 'iql.bins'
  | 'iql.type-mismatch'
  | 'iql.topn-count'
  | 'iql.measure-type'
  | 'iql.output-column'
  | 'iql.query-too-large'
  | 'iql.internal';

export interface EngineError {
  readonly code: EngineErrorCode | (string & {});
  /** Written for people: names the problem and what would be right. */
  readonly message: string;
  /** 1-based line of the offending text; absent only for internal errors. */
  readonly line?: number;
  /** 1-based column (UTF-16 code units, like the editor's). */
  readonly column?: number;
  /** The offending text as offsets into the query text, `end` exclusive. */
  readonly span?: Span;
}

export type EngineOutcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };

/** 1-based line and column of a UTF-16 offset. A `\r\n` counts as one line break. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const clamped = Math.max(0, Math.min(offset, text.length));
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < clamped; index++) {
    if (text.charCodeAt(index) === 10) {
      line++;
      lineStart = index + 1;
    }
  }
  return { line, column: clamped - lineStart + 1 };
}

/** An error located at `span` of `text`. */
export function errorAt(text: string, span: Span, code: EngineError['code'], message: string): EngineError {
  const { line, column } = positionOf(text, span.start);
  return { code, message, line, column, span: { start: span.start, end: span.end } };
}

/** Wraps an unexpected exception so that it still reaches the caller as a value. */
export function internalError(cause: unknown): EngineError {
  const detail = cause instanceof Error ? cause.message : String(cause);
  return { code: 'iql.internal', message: `the emulator's query engine failed unexpectedly: ${detail}` };
}
