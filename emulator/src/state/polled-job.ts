/**
 * Asynchronous work the way the service exposes it: the work starts once the creating request
 * is answered, and a client learns that it is done only by polling. A status read answers
 * "done" when the engine has finished; tests that need a slower job (a client that must really
 * poll, or a job to cancel) make `pollsBeforeDone` status reads answer "not done" first
 * (`iql emulator --polls N`; default 0).
 */

/** A job as its readers see it. */
export interface Pollable<T> {
  /** A status read: counts as a poll and answers whether the job is now done. */
  observe(): boolean;
  /** Whether the job is done, without counting as a poll (lists, result reads). */
  readonly isDone: boolean;
  /** Whether the job has been polled at least once since it was computed. */
  readonly isRunning: boolean;
  /** The status reads counted so far (after the work was computed). */
  readonly polls: number;
  /** The outcome once done; undefined before. */
  readonly result: T | undefined;
}

export class PolledJob<T> implements Pollable<T> {
  private outcome: T | undefined;
  private computed = false;
  private observations = 0;

  constructor(
    compute: () => T,
    private readonly pollsBeforeDone: number,
  ) {
    // Computed on the next turn of the event loop, after the creating request is answered.
    setImmediate(() => {
      this.outcome = compute();
      this.computed = true;
    });
  }

  observe(): boolean {
    if (!this.computed) return false;
    this.observations++;
    return this.observations > this.pollsBeforeDone;
  }

  get isDone(): boolean {
    return this.computed && this.observations > this.pollsBeforeDone;
  }

  get isRunning(): boolean {
    return this.computed && this.observations > 0;
  }

  /** The status reads counted so far (after the work was computed). */
  get polls(): number {
    return this.observations;
  }

  get result(): T | undefined {
    return this.isDone ? this.outcome : undefined;
  }
}

/** The same job seen through `map`: polls reach the underlying job, results are converted. */
export function mapJob<T, U>(job: Pollable<T>, map: (value: T) => U): Pollable<U> {
  let converted: { value: U } | undefined;
  return {
    observe: () => job.observe(),
    get isDone() {
      return job.isDone;
    },
    get isRunning() {
      return job.isRunning;
    },
    get polls() {
      return job.polls;
    },
    get result() {
      const value = job.result;
      if (value === undefined) return undefined;
      converted ??= { value: map(value) };
      return converted.value;
    },
  };
}
