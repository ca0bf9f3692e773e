/**
 * The one error type of the service layer, and the result type every service call returns.
 *
 * Convention (the whole of service/src follows it): service calls never throw and
 * never reject. They resolve to a `ServiceResult`: either `{ok: true, value}` or
 * `{ok: false, error}` with a `ServiceError`. Cancellation is a result too (`kind:
 * 'cancelled'`), so a caller can tell "the user moved on" from "the service failed" without
 * try/catch. Every `message` is complete, written for people, says what to do, and never
 * contains the API key.
 */

/** A 1-based position in the query text, read from the service's error. */
export interface ServicePosition {
  readonly line: number;
  readonly column: number;
}

/** A collaboration right named by a 403 answer. */
export type MissingRight = 'operator' | 'contributor' | 'detailed_logs';

/**
 * Where a request ran out of time: one of the per-request limits, a job's polling, or the
 * caller's overall deadline (its AbortSignal aborted with a `TimeoutError` reason).
 */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'poll' | 'deadline';

interface ServiceErrorBase {
  /** The full message for people: what happened and what to do. Never contains the key. */
  readonly message: string;
  /** The operation's name in the service documentation (e.g. "Create a Query"), when known. */
  readonly operation?: string;
  /** The HTTP status, when the service answered. */
  readonly status?: number;
  /** The service's own message, unaltered except for key redaction. */
  readonly serviceMessage?: string;
  /** The service's error code (2.0 string code, or a 1.0 gRPC code as text). */
  readonly code?: string;
  /** The service's request id, useful when reporting a problem to the service. */
  readonly requestId?: string;
}

export type ServiceError =
  | (ServiceErrorBase & { readonly kind: 'unauthorized' })
  | (ServiceErrorBase & { readonly kind: 'forbidden'; readonly missingRight?: MissingRight })
  | (ServiceErrorBase & { readonly kind: 'not-found' })
  | (ServiceErrorBase & { readonly kind: 'invalid'; readonly position?: ServicePosition })
  | (ServiceErrorBase & { readonly kind: 'rate-limited'; readonly retryAfterMs?: number })
  | (ServiceErrorBase & { readonly kind: 'server' })
  | (ServiceErrorBase & { readonly kind: 'network'; readonly cause?: string })
  | (ServiceErrorBase & { readonly kind: 'timeout'; readonly phase: TimeoutPhase })
  | (ServiceErrorBase & { readonly kind: 'cancelled' })
  | (ServiceErrorBase & { readonly kind: 'invalid-response'; readonly field: string })
  | (ServiceErrorBase & { readonly kind: 'misconfigured' });

export type ServiceErrorKind = ServiceError['kind'];

export type ServiceResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ServiceError };

/** Wraps a value as a successful result. */
export function succeed<T>(value: T): ServiceResult<T> {
  return { ok: true, value };
}

/** Wraps an error as a failed result. */
export function fail<T = never>(error: ServiceError): ServiceResult<T> {
  return { ok: false, error };
}

/** A `cancelled` error for `operation`; used wherever an AbortSignal fires. */
export function cancelledError(operation: string | undefined): ServiceError {
  return {
    kind: 'cancelled',
    operation,
    message: operation === undefined ? 'The request was cancelled.' : `${operation} was cancelled.`,
  };
}
