/**
 * One overall deadline for the service calls of a command (`--timeout <seconds>`). Without it
 * a service that accepts connections and never answers held `iql check` 30 s per call, one
 * call after another. The deadline aborts the calls' signal with a `TimeoutError` reason, which
 * the service layer reports as a `timeout` naming the call that was waiting.
 */
import { DEFAULT_TIMEOUTS, type ServiceTimeouts } from '../../service/src';
import { UsageError } from './io';

/**
 * Long enough for a large check against a slow but working service (a catalog of thousands of
 * datasets and a validation per query), short enough that a CI job on a hung service fails
 * within a minute.
 */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** Timers cannot wait longer than 2^31 - 1 ms; a day is far beyond any useful deadline anyway. */
const MAX_TIMEOUT_SECONDS = 24 * 60 * 60;

export const TIMEOUT_OPTION_HELP = `--timeout SECONDS  stop when the service calls of the whole command take longer (default ${DEFAULT_TIMEOUT_SECONDS})`;

/** Reads the value of `--timeout`: a positive number of seconds; the default when absent. */
export function parseTimeoutSeconds(text: string | undefined): number {
  if (text === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const seconds = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_TIMEOUT_SECONDS) {
    throw new UsageError(`--timeout takes a number of seconds greater than 0 and at most ${MAX_TIMEOUT_SECONDS}, not '${text}'`);
  }
  return seconds;
}

export interface CommandDeadline {
  /** Aborts when the deadline passes (reason: a `TimeoutError`) or when the user's signal aborts (its reason). */
  readonly signal: AbortSignal;
  readonly seconds: number;
  /** True once the deadline itself has passed, as opposed to the user stopping the command. */
  readonly expired: boolean;
  /** Stops the timer and lets go of the user's signal. */
  dispose(): void;
}

/** Starts the clock of a command's deadline now. */
export function startDeadline(seconds: number, userSignal?: AbortSignal): CommandDeadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`The deadline of ${seconds} s passed.`, 'TimeoutError'));
  }, seconds * 1000);
  // The timer alone must not keep a finished command alive; a call in flight keeps it running.
  timer.unref();
  const forward = (): void => controller.abort(userSignal?.reason);
  if (userSignal?.aborted) forward();
  else userSignal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    seconds,
    get expired() {
      return expired;
    },
    dispose() {
      clearTimeout(timer);
      userSignal?.removeEventListener('abort', forward);
    },
  };
}

/**
 * Per-request limits no shorter than the deadline: the deadline is the one limit the user
 * sets, so `--timeout 300` must not be cut to the client's 30 s wait for an answer. The
 * connect limit stays: a service that cannot be reached in 10 s is not reached by waiting.
 */
export function requestTimeoutsWithin(seconds: number): Partial<ServiceTimeouts> {
  const ms = seconds * 1000;
  return { headersMs: Math.max(DEFAULT_TIMEOUTS.headersMs, ms), bodyMs: Math.max(DEFAULT_TIMEOUTS.bodyMs, ms) };
}

/** The line that says the deadline stopped the command at `callMessage` (the service layer's words). */
export function describeMissedDeadline(callMessage: string, deadline: CommandDeadline): string {
  return `${callMessage} Stopped there: the deadline of --timeout ${deadline.seconds} s had passed. Raise --timeout if the service is only slow.`;
}
