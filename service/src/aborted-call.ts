/**
 * Why a call stopped on its AbortSignal: the caller cancelled, or the caller's deadline passed.
 *
 * A deadline is a signal aborted with a `TimeoutError` reason, the web platform's convention
 * (`AbortSignal.timeout()` aborts that way). Then the answer is a `timeout` that names the call
 * that was waiting (operation, method and path, never a header), so that a command with one
 * overall deadline can say which call hung instead of only "cancelled".
 */
import { cancelledError, type ServiceError } from '../../common/service-result';

/** The call that stopped, as messages name it. */
export interface StoppedCall {
  /** The operation's title in the service documentation, e.g. "List Datasets". */
  readonly operation: string;
  readonly method: string;
  /** The request path (with its query string), e.g. "/api/v1/datasets". */
  readonly path: string;
  /** Base URL origin, for the message. */
  readonly origin: string;
}

/** True when an abort `reason` says a deadline passed rather than someone cancelling. */
export function isDeadlineReason(reason: unknown): boolean {
  return typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError';
}

/**
 * The error of `call` after `signal` aborted: a `timeout` of phase `deadline` when the reason
 * is a deadline, else `cancelled`. `sent` says whether the request had gone out (it is then
 * the call that hung) or the deadline had passed before it could be sent.
 */
export function abortedCallError(signal: AbortSignal | undefined, call: StoppedCall, sent: boolean): ServiceError {
  if (!isDeadlineReason(signal?.reason)) return cancelledError(call.operation);
  const request = `${call.operation} (${call.method} ${call.path})`;
  return {
    kind: 'timeout',
    phase: 'deadline',
    operation: call.operation,
    message: sent
      ? `${request} had no answer from the service at ${call.origin} when the deadline passed.`
      : `The deadline had passed before ${request} could be sent to the service at ${call.origin}.`,
  };
}
