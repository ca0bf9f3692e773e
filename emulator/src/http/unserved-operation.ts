/**
 * A request for an operation of the swagger files that the emulator does not serve. It gets
 * a status the operation itself lists, not a 405 (which says the path exists but never takes
 * this method) nor a bare "no operation here": Document 2 §7.3 — every 2.0 operation lists 404
 * when a path identifier can be missing and 400 for invalid requests. So an unserved operation
 * whose path has an identifier answers 404, any other 400, each naming the operation.
 */
import { generatedOperations } from '../../../common/api/generated/operations.gen';
import type { GeneratedOperation } from '../../../common/api/generated/operations.gen';
import { matchPathTemplate } from '../../../common/api/path-template';
import { ReplyError } from './reply-error';

/** The swagger operation `method` and `pathname` address, when the emulator does not serve it. */
export function findUnservedOperation(method: string, pathname: string): GeneratedOperation | undefined {
  const candidates = generatedOperations.filter(
    (operation) => operation.method === method.toUpperCase() && matchPathTemplate(operation.path, pathname) !== undefined,
  );
  // A literal segment beats a parameter (`/types/{id}/schema` against `/instances/{id}`).
  return candidates.sort((a, b) => parameterCount(a.path) - parameterCount(b.path))[0];
}

/** The answer to an unserved operation: 404 when its path names a resource, else 400. */
export function unservedOperationError(operation: GeneratedOperation): ReplyError {
  const status = parameterCount(operation.path) > 0 ? 404 : 400;
  return new ReplyError(status, `the emulator does not serve ${operation.summary.replace(/\.$/, '')} (${operation.operationId}, ${operation.method} ${operation.path}) yet`);
}

function parameterCount(path: string): number {
  return (path.match(/\{/g) ?? []).length;
}
