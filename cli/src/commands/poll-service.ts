/**
 * Reading one thing at the service again and again until it reaches a final state (an export,
 * an automation execution), with the waits of the client's one polling policy
 * (common/poll-policy.ts) and one progress line per read on stderr. Ctrl-C stops waiting
 * (a cancelled result); the work goes on at the service.
 */
import { Poller, type CallOptions, type ServiceResult } from '../../../service/src';
import { formatSeconds } from './run-progress';

export interface PollOptions<T> {
  /** One read of the thing, sent with `options` (the signal, and where a Retry-After goes). */
  readonly read: (options: CallOptions) => Promise<ServiceResult<T>>;
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
  const poller = new Poller({ signal: options.signal }, options.operation);
  for (let attempt = 1; ; attempt += 1) {
    const read = await poller.read(options.read);
    if (!read.ok || options.done(read.value)) return read;
    options.say(read.value, `attempt ${attempt}, ${formatSeconds(poller.elapsedMs)}`);
    const stop = await poller.waitBeforePoll();
    if (stop !== undefined) return { ok: false, error: stop };
  }
}
