/**
 * Progress reporting and polling for the long-running helpers (runInsightQuery, runActivation,
 * calculateSegment): the phases they report, how often they poll, and a small `Poller` that
 * waits between polls without ever sitting out a cancellation.
 */
import { sleepUnlessAborted } from './abortable-sleep';
import { cancelledError } from '../../common/service-result';
import type { ServiceError } from '../../common/service-result';
import type { ProgressEvent, ProgressPhase } from '../../common/protocol/jobs';

export type { ProgressEvent, ProgressPhase } from '../../common/protocol/jobs';

export interface PollOptions {
  /** Wait before the first poll. */
  readonly initialDelayMs: number;
  /** Longest wait between polls. */
  readonly maxDelayMs: number;
  /** Growth of the wait after each poll. */
  readonly factor: number;
  /** Give up (with a `timeout` error, phase `poll`) after this long in total. */
  readonly timeoutMs: number;
}

export const DEFAULT_POLL_OPTIONS: PollOptions = {
  initialDelayMs: 500,
  maxDelayMs: 5_000,
  factor: 1.5,
  timeoutMs: 30 * 60_000,
};

export interface RunOptions {
  /** Cancels the helper, including a wait between polls; the result is then `cancelled`. */
  readonly signal?: AbortSignal;
  /** Called before every request. An exception thrown here is ignored (see Poller.report). */
  readonly onProgress?: (event: ProgressEvent) => void;
  readonly poll?: Partial<PollOptions>;
}

/** Keeps the clock, the attempt counts and the growing wait of one helper run. */
export class Poller {
  private readonly started = Date.now();
  private readonly options: PollOptions;
  private delay: number;
  private readonly attempts: Record<ProgressPhase, number> = { submit: 0, poll: 0, result: 0 };
  id: string | undefined;

  constructor(
    private readonly run: RunOptions,
    private readonly operation: string,
  ) {
    this.options = { ...DEFAULT_POLL_OPTIONS, ...run.poll };
    this.delay = this.options.initialDelayMs;
  }

  get elapsedMs(): number {
    return Date.now() - this.started;
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
   * Waits before the next poll, growing the wait each time. Returns an error when the run is
   * cancelled (at once, even mid-wait) or its time is up, else undefined.
   */
  async waitBeforePoll(): Promise<ServiceError | undefined> {
    if (this.elapsedMs + this.delay > this.options.timeoutMs) return this.timedOut();
    const completed = await sleepUnlessAborted(this.delay, this.run.signal);
    if (!completed) return cancelledError(this.operation);
    this.delay = Math.min(this.options.maxDelayMs, this.delay * this.options.factor);
    return undefined;
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
