/**
 * A wait that ends at once when its AbortSignal fires, so that cancelling a poll or a retry
 * never has to sit out the rest of a backoff delay.
 */

/**
 * Resolves to true after `ms` milliseconds, or to false as soon as `signal` aborts (at once if
 * it already has). Never rejects; the timer and listener are always cleaned up.
 */
export function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted === true) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
