/**
 * The runs of this editor session that are still going, each with the AbortController that
 * stops it. One instance per feature registration (no module state); the commands, the
 * progress notifications and the History view all go through it.
 */
import type { RunRecord } from './run-record';

type Listener = () => void;

export class ActiveRuns {
  private readonly runs = new Map<string, { record: RunRecord; controller: AbortController }>();
  private readonly listeners = new Set<Listener>();
  private latest: RunRecord | undefined;

  /**
   * Registers a run that is starting and returns the signal that stops it. Starting an id that
   * is already active replaces its record but keeps its controller.
   */
  start(record: RunRecord): AbortSignal {
    const existing = this.runs.get(record.id);
    const controller = existing?.controller ?? new AbortController();
    this.runs.set(record.id, { record, controller });
    this.latest = record;
    this.fire();
    return controller.signal;
  }

  /** Keeps the newest state of an active run (e.g. once it has a service ID); ignores other ids. */
  update(record: RunRecord): void {
    const entry = this.runs.get(record.id);
    if (!entry) return;
    entry.record = record;
    if (this.latest?.id === record.id) this.latest = record;
  }

  /** Forgets a run that has ended. Safe for an id that is not active. */
  finish(record: RunRecord): void {
    if (this.latest?.id === record.id) this.latest = record;
    if (this.runs.delete(record.id)) this.fire();
  }

  /** Aborts the run `id`: its polling stops at once. False when no such run is active. */
  cancel(id: string): boolean {
    const entry = this.runs.get(id);
    if (!entry) return false;
    entry.controller.abort();
    return true;
  }

  /** The active runs, oldest first. */
  list(): RunRecord[] {
    return [...this.runs.values()].map((entry) => entry.record);
  }

  isActive(id: string): boolean {
    return this.runs.has(id);
  }

  get size(): number {
    return this.runs.size;
  }

  /** The run started last in this session, in its newest state, if any. */
  lastStarted(): RunRecord | undefined {
    return this.latest;
  }

  /** Calls `listener` whenever a run starts or ends; returns the function that unsubscribes. */
  onDidChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Aborts every run (the extension is going away). */
  cancelAll(): void {
    for (const entry of this.runs.values()) entry.controller.abort();
  }

  private fire(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
