/**
 * The verdict of ValidateQuery / Validate Activation Query in words, with the position of a
 * refusal moved from the query's own coordinates (the service counts from the query's first
 * line) to the document's.
 */
import type { ValidationResponse } from '../../../common/api';
import type { ServiceResult } from '../../../common/service-result';
import type { QueryInfo } from '../../../common/protocol';

export interface DocumentPosition {
  /** 0-based, as the editor counts. */
  readonly line: number;
  readonly character: number;
}

export type ValidationVerdict =
  | { readonly kind: 'accepted'; readonly text: string }
  /** The service refused the query: `text` carries its message verbatim, `position` where it points. */
  | { readonly kind: 'refused'; readonly text: string; readonly position?: DocumentPosition }
  /** No verdict: the call itself failed (network, key, rights…); `text` says what to do. */
  | { readonly kind: 'failed'; readonly text: string };

/** Words for the answer to validating `query` against `targetText` (e.g. `staging / CLB.1`). Pure. */
export function describeValidation(answer: ServiceResult<ValidationResponse>, query: Pick<QueryInfo, 'kind' | 'range'>, targetText: string): ValidationVerdict {
  const what = query.kind === 'activation' ? 'activation query' : 'query';
  if (answer.ok) {
    if (answer.value.success) return { kind: 'accepted', text: `The service accepts this ${what} (${targetText}).` };
    return { kind: 'refused', text: `The service did not accept this ${what} (${targetText}) and gave no reason.` };
  }
  const error = answer.error;
  if (error.kind !== 'invalid') return { kind: 'failed', text: error.message };
  const serviceText = error.serviceMessage ?? error.message;
  if (!error.position) return { kind: 'refused', text: `The service refuses this ${what}: ${serviceText}` };
  const position = toDocumentPosition(error.position, query.range.start);
  return {
    kind: 'refused',
    text: `The service refuses this ${what} at line ${position.line + 1}, column ${position.character + 1}: ${serviceText}`,
    position,
  };
}

/**
 * A 1-based service position within the query, as a 0-based document position: the query's
 * first line starts at `queryStart.character`, its other lines at column 0.
 */
export function toDocumentPosition(position: { readonly line: number; readonly column: number }, queryStart: DocumentPosition): DocumentPosition {
  const line = queryStart.line + Math.max(0, position.line - 1);
  const character = (position.line <= 1 ? queryStart.character : 0) + Math.max(0, position.column - 1);
  return { line, character };
}
