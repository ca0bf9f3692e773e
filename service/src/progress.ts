/**
 * Progress reporting and polling for the long-running helpers (runInsightQuery, runActivation,
 * calculateSegment, followSupplyExecution): the phases they report, and a small `Poller` that
 * waits between polls as common/poll-policy.ts says, honours the service's Retry-After and never
 * sits out a cancellation.
 */
import { sleepUnlessAborted } from './abortable-sleep';
import { DEFAULT_POLL_OPTIONS, pollWait } from '../../common/poll-policy';
import type { PollOptions } from '../../common/poll-policy';
import type { CallOptions } from './service-transport';
import { cancelledError, fail } from '../../common/service-result';
import type { ServiceError, ServiceResult } from '../../common/service-result';
import type { ProgressEvent, ProgressPhase } from '../../common/protocol/jobs';

export type { ProgressEvent, ProgressPhase } from '../../common/protocol/jobs';
export type { PollOptions } from '../../common/poll-policy';
export { DEFAULT_POLL_OPTIONS } from '../../common/poll-policy';

/** The time a Poller reads and waits on; tests inject one that records the waits. */
export interface PollClock {
  now(): number;
  /** Resolves to true after `ms`, or to false as soon as `signal` aborts. */
  sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean>;
}

const REAL_CLOCK: PollClock = { now: () => Date.now(), sleep: sleepUnlessAborted };

export interface RunOptions {
  /** Cancels the helper, including a wait between polls; the result is then `cancelled`. */
  readonly signal?: AbortSignal;
  /** Called before every request. An exception thrown here is ignored (see Poller.report). */
  readonly onProgress?: (event: ProgressEvent) => void;
  readonly poll?: Partial<PollOptions>;
  /** Default: the real clock. */
  readonly clock?: PollClock;
}

/** Keeps the clock, the attempt counts and the growing wait of one helper run. */
export class Poller {
  private readonly clock: PollClock;
  private readonly started: number;
  private readonly options: PollOptions;
  private waits = 0;
  /** The service's last Retry-After, until the wait it asked for has been taken. */
  private retryAfterMs: number | undefined;
  private readonly attempts: Record<ProgressPhase, number> = { submit: 0, poll: 0, result: 0 };
  id: string | undefined;
  /** What a status read passes to the client: the run's signal, and where a Retry-After goes. */
  readonly callOptions: CallOptions;

  constructor(
    private readonly run: RunOptions,
    private readonly operation: string,
  ) {
    this.clock = run.clock ?? REAL_CLOCK;
    this.started = this.clock.now();
    this.options = { ...DEFAULT_POLL_OPTIONS, ...run.poll };
    this.callOptions = { signal: run.signal, onRetryAfter: (ms) => (this.retryAfterMs = ms) };
  }

  get elapsedMs(): number {
    return this.clock.now() - this.started;
  }

  /** Counts a request in `phase` and tells the caller's progress callback. */
  report(phase: ProgressPhase): void {
    this.attempts[phase] += 1;
    try {
      this.run.onProgress?.({ phase, attempt: this.attempts[phase], elapsedMs: this.elapsedMs, id: this.id });
    } catch {
      // Progress is advisory: a failing display must not abandon work already running remotely.
    }
  }

  /**
   * Waits before the next poll: the policy's growing wait, or longer when the service's last
   * answer asked for it. Returns an error when the run is cancelled (at once, even mid-wait)
   * or its time is up, else undefined.
   */
  async waitBeforePoll(): Promise<ServiceError | undefined> {
    const delay = pollWait(this.waits + 1, this.retryAfterMs, this.options);
    if (this.elapsedMs + delay > this.options.timeoutMs) return this.timedOut();
    const completed = await this.clock.sleep(delay, this.run.signal);
    if (!completed) return cancelledError(this.operation);
    this.waits++;
    this.retryAfterMs = undefined;
    return undefined;
  }

  /**
   * One status read by `send` (given `callOptions`). While the service answers that it is
   * limiting the rate of requests, the read is repeated after the wait it asked for: the job
   * itself goes on at the service and must not be abandoned for that.
   */
  async read<T>(send: (options: CallOptions) => Promise<ServiceResult<T>>): Promise<ServiceResult<T>> {
    for (;;) {
      const answer = await send(this.callOptions);
      if (answer.ok || answer.error.kind !== 'rate-limited') return answer;
      if (answer.error.retryAfterMs !== undefined) this.retryAfterMs = answer.error.retryAfterMs;
      const stop = await this.waitBeforePoll();
      if (stop !== undefined) return fail(stop);
    }
  }

  private timedOut(): ServiceError {
    const seconds = Math.round(this.options.timeoutMs / 1000);
    const which = this.id === undefined ? '' : ` (id ${this.id})`;
    return {
      kind: 'timeout',
      phase: 'poll',
      operation: this.operation,
      message: `${this.operation}${which} did not finish within ${seconds} s. It may still be running at the service; check on it again later.`,
    };
  }
}
