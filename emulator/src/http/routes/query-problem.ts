/** Turns an engine's query problem into the 400 answer of DATA-FORMAT.md (position in `metadata`). */
import type { QueryProblem } from '../../query-engine';
import { badRequest } from '../reply-error';
import type { ReplyError } from '../reply-error';

export function queryProblemError(problem: QueryProblem): ReplyError {
  const metadata: Record<string, string> = {};
  if (problem.line !== undefined) {
    metadata.line = String(problem.line);
    metadata.column = String(problem.column ?? 1);
  }
  return badRequest(problem.message, metadata);
}
