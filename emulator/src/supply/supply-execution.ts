/**
 * One asynchronous data-supply execution (import, recordset creation, normalization, prepare,
 * publish) as the service exposes it (seed 002 §2.4–§2.8): a status that moves WAITING →
 * RUNNING → COMPLETED or FAILED, `progress.completion_percentage`, and a history entry per
 * change with the ErrorInfo of a failure.
 *
 * The work itself runs at once, streaming, on the event loop; what a client sees is gated by
 * its polls as for every job of the emulator (state/polled-job.ts): the creating answer says
 * WAITING, and the final status shows only after `pollsBeforeDone` status reads and once the
 * work has really ended. So tests control the pace by polling, and a client that does not
 * poll fails here as it would against the service.
 */
export type ExecutionStatus = 'WAITING' | 'RUNNING' | 'COMPLETED' | 'FAILED';

export interface ExecutionHistoryEntry {
  /** Milliseconds since the Unix epoch, from the emulator's clock. */
  readonly at: number;
  readonly status: ExecutionStatus;
  readonly message: string;
  /** The reason of a failure, in words a user can act on. */
  readonly error?: string;
}

/** What the work reports while it runs. */
export interface ExecutionReporter {
  /** Completion in percent (0–100); values never go backwards. */
  progress(percent: number, message?: string): void;
}

/** A failure of the work that a user caused and can fix (missing file, unknown key, …). */
export class ExecutionFailure extends Error {}

export class SupplyExecution {
  private readonly entries: ExecutionHistoryEntry[] = [];
  private workStatus: ExecutionStatus = 'WAITING';
  private percent = 0;
  private polls = 0;
  /** Resolves when the work has ended, either way (never rejects): for tests and automation steps. */
  readonly settled: Promise<void>;

  constructor(
    private readonly now: () => number,
    private readonly pollsBeforeDone: number,
    work: (reporter: ExecutionReporter) => Promise<string>,
  ) {
    this.record('WAITING', 'queued');
    this.settled = new Promise<void>((resolve) => {
      // Started on the next turn of the event loop, after the creating request is answered.
      setImmediate(() => {
        this.workStatus = 'RUNNING';
        this.record('RUNNING', 'started');
        const reporter: ExecutionReporter = {
          progress: (percent, message) => {
            this.percent = Math.max(this.percent, Math.min(100, percent));
            if (message !== undefined) this.record('RUNNING', message);
          },
        };
        work(reporter).then(
          (message) => {
            this.percent = 100;
            this.workStatus = 'COMPLETED';
            this.record('COMPLETED', message);
          },
          (error: unknown) => {
            this.workStatus = 'FAILED';
            const reason = error instanceof ExecutionFailure ? error.message : `the emulator failed unexpectedly: ${String(error)}`;
            this.record('FAILED', 'failed', reason);
          },
        ).finally(resolve);
      });
    });
  }

  /** A status read (Get …Execution): counts as a poll. */
  observe(): void {
    this.polls++;
  }

  /** The status a client sees now. */
  get status(): ExecutionStatus {
    if (this.polls === 0) return 'WAITING';
    const ended = this.workStatus === 'COMPLETED' || this.workStatus === 'FAILED';
    if (!ended || this.polls <= this.pollsBeforeDone) return 'RUNNING';
    return this.workStatus;
  }

  /** Whether the work has ended, whatever clients have seen (for "in use" checks). */
  get ended(): boolean {
    return this.workStatus === 'COMPLETED' || this.workStatus === 'FAILED';
  }

  /** How the work ended, whatever clients have seen; undefined while it runs (automation steps wait on it). */
  get outcome(): { readonly status: 'COMPLETED' | 'FAILED'; readonly error?: string } | undefined {
    if (this.workStatus === 'COMPLETED') return { status: 'COMPLETED' };
    if (this.workStatus === 'FAILED') return { status: 'FAILED', error: this.entries.at(-1)?.error ?? 'failed' };
    return undefined;
  }

  get completionPercentage(): number {
    const status = this.status;
    if (status === 'COMPLETED' || status === 'FAILED') return 100;
    if (status === 'WAITING') return 0;
    // Held below 100 until the final status shows.
    return Math.min(this.percent, 99);
  }

  /** The history a client may see: entries up to the status it sees now. */
  get history(): readonly ExecutionHistoryEntry[] {
    const status = this.status;
    if (status === 'WAITING') return this.entries.slice(0, 1);
    if (status === 'RUNNING') return this.entries.filter((entry) => entry.status === 'WAITING' || entry.status === 'RUNNING');
    return this.entries;
  }

  /** The failure's reason once a client sees FAILED. */
  get error(): string | undefined {
    return this.status === 'FAILED' ? this.entries.at(-1)?.error : undefined;
  }

  private record(status: ExecutionStatus, message: string, error?: string): void {
    this.entries.push({ at: this.now(), status, message, ...(error === undefined ? {} : { error }) });
  }
}
