/**
 * When and how long to wait before re-sending a request. Only operations marked `retrySafe`
 * in the operation table are ever re-sent; this module decides the rest.
 */

export interface RetryOptions {
  /** Total attempts including the first; 1 disables retries. */
  readonly maxAttempts: number;
  /** Base of the exponential backoff: attempt n waits up to `baseDelayMs * 2^(n-1)`. */
  readonly baseDelayMs: number;
  /** Cap of a single backoff delay. */
  readonly maxDelayMs: number;
  /** Cap applied to a service's Retry-After, so one answer cannot stall a call for minutes. */
  readonly maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = {
  maxAttempts: 4,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 20_000,
};

/** Statuses that say "try again later" without the request having had an effect we can see. */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/**
 * Full-jitter exponential backoff: a uniformly random wait in [0, min(cap, base·2^(n−1))]
 * before retry number `retry` (1 for the first retry). Spreading retries at random keeps many
 * clients from hitting a recovering service in lock-step.
 */
export function computeBackoffDelay(retry: number, options: RetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, retry - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Parses a Retry-After header: delta-seconds (`120`) or an HTTP date. Returns milliseconds
 * (≥ 0), or undefined when absent or unreadable. `now` is injectable for tests.
 */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text.trim() === '') return undefined;
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before the next attempt: the service's Retry-After when it gave one (capped at
 * `maxRetryAfterMs`), else the jittered backoff.
 */
export function chooseRetryDelay(retry: number, retryAfterMs: number | undefined, options: RetryOptions, random?: () => number): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, options.maxRetryAfterMs);
  return computeBackoffDelay(retry, options, random);
}
