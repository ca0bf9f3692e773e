/**
 * Reading one thing at the service again and again until it reaches a final state (an export,
 * an insight report, an automation execution), waiting longer between reads, with one
 * progress line per read on stderr. Ctrl-C stops waiting (a cancelled result); the work goes
 * on at the service.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { cancelledError, type ServiceResult } from '../../../service/src';
import { formatSeconds } from './run-progress';

/** Waits between reads: growing from 250 ms to 2 s. */
const POLL = { firstMs: 250, maxMs: 2_000, factor: 1.5 } as const;

export interface PollOptions<T> {
  /** One read of the thing. */
  readonly read: () => Promise<ServiceResult<T>>;
  /** Whether the value read is final. */
  readonly done: (value: T) => boolean;
  /** Says how far it is, after a read that is not final: `attempt 2, 0.6 s` is added. */
  readonly say: (value: T, attempt: string) => void;
  /** The operation read, for the cancelled result. */
  readonly operation: string;
  readonly signal?: AbortSignal;
}

/** Reads until `done`; the final value, or the first failure (Ctrl-C: cancelled). */
export async function pollUntilFinal<T>(options: PollOptions<T>): Promise<ServiceResult<T>> {
  const begun = Date.now();
  let wait: number = POLL.firstMs;
  for (let attempt = 1; ; attempt += 1) {
    const read = await options.read();
    if (!read.ok || options.done(read.value)) return read;
    options.say(read.value, `attempt ${attempt}, ${formatSeconds(Date.now() - begun)}`);
    try {
      await sleep(wait, undefined, options.signal ? { signal: options.signal } : {});
    } catch {
      return { ok: false, error: cancelledError(options.operation) };
    }
    wait = Math.min(POLL.maxMs, wait * POLL.factor);
  }
}
