/**
 * How `iql explain` and `iql run` report a service call that did not succeed, and the exit
 * code it leads to: the service's verdict on one query (exit 1, keep going with the others),
 * a service that could not be asked (exit 2, stop: every query would fail the same way), or
 * the user's Ctrl-C (exit 130, stop).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ENVIRONMENT_PROFILE, type ServiceError, type ServiceTarget } from '../../../service/src';
import { serviceRejection } from '../../../language/src';
import { ExitCode } from '../io';
import type { FileQuery, QueryFile } from './query-file';

export type FailureKind = 'rejected' | 'unavailable' | 'cancelled';

/**
 * Sorts a failure. `cancelled` only when the user's own signal fired: a query the service
 * reports as cancelled is that query's failure. A verdict is an answer about the query
 * (invalid, unknown name, missing right) or a failure the finished query carries.
 */
export function classifyFailure(error: ServiceError, signal: AbortSignal | undefined): FailureKind {
  if (signal?.aborted) return 'cancelled';
  switch (error.kind) {
    case 'invalid':
    case 'not-found':
    case 'forbidden':
      return 'rejected';
    case 'unauthorized':
    case 'network':
    case 'rate-limited':
    case 'invalid-response':
    case 'misconfigured':
      return 'unavailable';
    default:
      // A failed asynchronous query carries the service's code but no HTTP status.
      return error.status === undefined && error.code !== undefined ? 'rejected' : 'unavailable';
  }
}

export const EXIT_FOR_FAILURE: Readonly<Record<FailureKind, number>> = {
  rejected: ExitCode.findings,
  unavailable: ExitCode.noService,
  cancelled: ExitCode.cancelled,
};

/**
 * The service's verdict on a query as `path:line:column: error: message`, the message being
 * the service's own words, at the position it names (else the query's start).
 */
export function formatRejection(file: QueryFile, entry: FileQuery, error: ServiceError): string {
  const problem = serviceRejection(file.text, entry.query, error);
  const message = error.kind === 'invalid' ? problem.message : error.message;
  const document = TextDocument.create('file:///query.iql', 'iql', 0, file.text);
  const at = document.positionAt(problem.span.start);
  return `${file.path}:${at.line + 1}:${at.character + 1}: error: ${entry.label}: ${message}`;
}

/** A service that could not be asked, with the command line's own fix added. */
export function formatUnavailable(error: ServiceError, target: ServiceTarget): string {
  const viaEnvironment = target.profile.name === ENVIRONMENT_PROFILE;
  const hint =
    error.kind === 'unauthorized' && viaEnvironment
      ? ' (The command line reads the key from IQL_API_KEY.)'
      : (error.kind === 'network' || error.kind === 'timeout') && viaEnvironment
        ? ` (The command line reads the base URL from IQL_BASE_URL: ${target.profile.baseUrl}. For the local emulator, run 'iql emulator'.)`
        : '';
  return `${oneLine(error.message)}${hint}`;
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
