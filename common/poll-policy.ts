/**
 * How often every job runner asks the service whether its job is done (queries, activations,
 * segment calculations, data-supply executions in service/src/progress.ts; automation
 * executions the editor follows): the one polling policy of the client.
 *
 * Most jobs finish in well under a second, so the first poll comes soon; a long job is then
 * asked less and less often, up to one poll every few seconds, so that a slow job costs the
 * service a handful of requests a minute. When the service says when to ask again
 * (Retry-After), the runner waits at least that long. The reference states no rate limits
 * (seed 000 §8), so the figures below are the client's own choice.
 */

export interface PollOptions {
  /** Wait before the first poll. */
  readonly initialDelayMs: number;
  /** Longest wait between polls. */
  readonly maxDelayMs: number;
  /** Growth of the wait after each poll. */
  readonly factor: number;
  /** Give up (with a `timeout` error, phase `poll`) after this long in total. */
  readonly timeoutMs: number;
  /** Cap on a service's Retry-After, so that one answer cannot stall a run for minutes. */
  readonly maxRetryAfterMs: number;
}

/** 50 ms, 100, 200, 400, 800, 1,600, then every 3 s: a job done at 60 s is polled 25 times. */
export const DEFAULT_POLL_OPTIONS: PollOptions = {
  initialDelayMs: 50,
  maxDelayMs: 3_000,
  factor: 2,
  timeoutMs: 30 * 60_000,
  maxRetryAfterMs: 60_000,
};

/** The policy's own wait before poll number `poll` (1 for the first), without any Retry-After. */
export function pollDelay(poll: number, options: PollOptions): number {
  const grown = options.initialDelayMs * options.factor ** Math.max(0, poll - 1);
  return Math.min(options.maxDelayMs, grown);
}

/**
 * The wait before poll number `poll`: the policy's, or the service's Retry-After when that is
 * longer (capped at `maxRetryAfterMs`). A shorter Retry-After does not hurry the runner: the
 * growing wait is what keeps a long job cheap for the service.
 */
export function pollWait(poll: number, retryAfterMs: number | undefined, options: PollOptions): number {
  const own = pollDelay(poll, options);
  if (retryAfterMs === undefined) return own;
  return Math.max(own, Math.min(retryAfterMs, options.maxRetryAfterMs));
}

/** How many polls the policy makes for a job that is done `durationMs` after it was created. */
export function pollsToSee(durationMs: number, options: PollOptions): number {
  let elapsed = 0;
  let polls = 0;
  do {
    polls++;
    elapsed += pollDelay(polls, options);
  } while (elapsed < durationMs);
  return polls;
}
