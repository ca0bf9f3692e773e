import { setTimeout as delay } from 'node:timers/promises';

/**
 * Polls `probe` until it returns something other than `undefined`, and resolves with that.
 * Rejects after `timeoutMs` with an error naming `what` and the last value or error seen,
 * so that a failing scenario says what it was waiting for. Never waits a fixed time.
 * `intervalMs` is the pause between probes: shorter for a state that lasts only a moment.
 */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = 'nothing yet';
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    if (Date.now() >= deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last error: ${last})`);
    await delay(intervalMs);
  }
}
