/**
 * Errors that routes raise to answer with a 4xx/5xx. The pipeline renders them in the body
 * shape of the operation's API generation (error-bodies.ts), so a route never builds an
 * error body itself and never picks the wrong one.
 */

import { printableText } from '../printable-text';

export class ReplyError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra 1.0 `metadata` (a map of strings), e.g. `line` and `column` of a query error. */
    readonly metadata: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ReplyError';
  }
}

export const badRequest = (message: string, metadata?: Record<string, string>): ReplyError => new ReplyError(400, message, metadata);
export const unauthorized = (message: string): ReplyError => new ReplyError(401, message);
export const forbidden = (message: string): ReplyError => new ReplyError(403, message);
export const notFound = (message: string): ReplyError => new ReplyError(404, message);

/**
 * Makes a caller-supplied string safe and short enough to quote in a message: control
 * characters become '?', and anything past 80 characters is cut. (JSON encoding already makes
 * it harmless on the wire; this keeps messages readable.)
 */
export function quote(text: string): string {
  return `'${printableText(text, 80)}'`;
}
