/**
 * The run history: RunRecords in the editor's `globalState` (so they survive restarts and are
 * shared by the editor's windows), newest first, bounded by `iql.history.maxEntries`; results
 * of the newest runs in a ResultArchive, so that "Open Result" works after a restart.
 *
 * Only the newest KEPT_RESULTS results are kept: results can be large, and the records alone
 * (query, target, time, status, audience) are what the History view lists. Older runs keep
 * their record and can be re-run.
 *
 * vscode-free: `globalState` is reached through the MementoLike interface. Every change reads
 * the stored list again before writing it, so changes made by another window in between are
 * kept; changes of this store are applied one at a time.
 */
import type { ResultArchive } from './result-archive';
import type { RunRecord } from './run-record';
import { HISTORY_STATE_KEY, parseHistory, serializeHistory, stripResult } from './stored-run';
import type { HistoryEntry } from './stored-run';

/** The part of `vscode.Memento` the store needs. */
export interface MementoLike {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** How many runs keep their result in the archive. */
export const KEPT_RESULTS = 20;
export const DEFAULT_MAX_ENTRIES = 200;
const MIN_ENTRIES = 10;
const MAX_ENTRIES = 5000;

export interface HistoryStoreOptions {
  /** Where results go; without one, no result survives the record's first write. */
  readonly archive?: ResultArchive;
  /** The `iql.history.maxEntries` setting, read at every change so that a new value applies at once. */
  readonly maxEntries?: () => unknown;
  readonly keptResults?: number;
  /** Told when storage fails; the store carries on with what it has. */
  readonly onError?: (message: string) => void;
}

/** The setting's value made safe: a whole number in [10, 5000], else the default 200. */
export function clampMaxEntries(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_MAX_ENTRIES;
  return Math.min(MAX_ENTRIES, Math.max(MIN_ENTRIES, Math.round(value)));
}

export interface BoundedHistory {
  readonly entries: HistoryEntry[];
  /** Runs whose result file must go: dropped from the history, or beyond the newest `keptResults`. */
  readonly releasedResults: string[];
}

/**
 * Applies the bounds to `entries` (newest first): at most `maxEntries` runs, and at most
 * `keptResults` of them with a kept result (the newest ones). Pure.
 */
export function boundHistory(entries: readonly HistoryEntry[], maxEntries: number, keptResults: number): BoundedHistory {
  const released: string[] = [];
  const kept: HistoryEntry[] = [];
  let withResult = 0;
  entries.forEach((entry, index) => {
    if (index >= maxEntries) {
      if (entry.resultKept) released.push(entry.record.id);
      return;
    }
    if (entry.resultKept && withResult >= keptResults) {
      released.push(entry.record.id);
      kept.push({ record: entry.record, resultKept: false });
      return;
    }
    if (entry.resultKept) withResult += 1;
    kept.push(entry);
  });
  return { entries: kept, releasedResults: released };
}

export class HistoryStore {
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly keptResults: number;

  constructor(
    private readonly memento: MementoLike,
    private readonly options: HistoryStoreOptions = {},
  ) {
    this.keptResults = Math.max(0, options.keptResults ?? KEPT_RESULTS);
  }

  /** Every run, newest first, as stored now. */
  list(): HistoryEntry[] {
    return parseHistory(this.memento.get(HISTORY_STATE_KEY));
  }

  get(id: string): HistoryEntry | undefined {
    return this.list().find((entry) => entry.record.id === id);
  }

  /**
   * Adds run `record`, or replaces the stored run with its id (a running run that finished).
   * Its `result`/`activation` go to the archive, never to `globalState`. Resolves when stored;
   * never rejects (a storage failure goes to `onError`).
   */
  record(record: RunRecord): Promise<void> {
    return this.enqueue(async () => {
      const hasResult = record.result !== undefined || record.activation !== undefined;
      const written = hasResult && this.options.archive !== undefined
        ? await this.options.archive.write(record.id, { ...(record.result ? { result: record.result } : {}), ...(record.activation ? { activation: record.activation } : {}) })
        : false;
      if (hasResult && !written && this.options.archive) this.options.onError?.(`The result of run ${record.id} could not be saved; it stays visible until the editor closes.`);
      const entries = this.list();
      const index = entries.findIndex((entry) => entry.record.id === record.id);
      const entry: HistoryEntry = { record: stripResult(record), resultKept: written || (!hasResult && entries[index]?.resultKept === true) };
      if (index >= 0) entries[index] = entry;
      else entries.unshift(entry);
      await this.save(entries);
    });
  }

  /** Removes run `id` and its result. Never rejects. */
  remove(id: string): Promise<void> {
    return this.enqueue(async () => {
      const entries = this.list();
      const removed = entries.filter((entry) => entry.record.id === id);
      if (removed.length === 0) return;
      await this.save(entries.filter((entry) => entry.record.id !== id), removed.map((entry) => entry.record.id));
    });
  }

  /** Removes every run except those `keep` holds on to (e.g. runs still going), with their results. */
  clear(keep: (entry: HistoryEntry) => boolean = () => false): Promise<void> {
    return this.enqueue(async () => {
      const entries = this.list();
      const removed = entries.filter((entry) => !keep(entry)).map((entry) => entry.record.id);
      await this.save(entries.filter(keep), removed);
    });
  }

  /**
   * Applies the bounds now (after a settings change) and deletes result files that no run of
   * the history refers to (left by a crash or by another window's pruning). Never rejects.
   */
  prune(): Promise<void> {
    return this.enqueue(async () => {
      await this.save(this.list());
      const archive = this.options.archive;
      if (!archive) return;
      const referenced = new Set(this.list().filter((entry) => entry.resultKept).map((entry) => entry.record.id));
      for (const id of await archive.list()) if (!referenced.has(id)) await archive.remove(id);
    });
  }

  /** Run `id` with its kept result or activation, or undefined when the run or its result is gone. */
  async loadResult(id: string): Promise<RunRecord | undefined> {
    const entry = this.get(id);
    if (!entry?.resultKept || !this.options.archive) return undefined;
    const kept = await this.options.archive.read(id);
    return kept ? { ...entry.record, ...kept } : undefined;
  }

  /** Calls `listener` after every change this store makes; returns the function that unsubscribes. */
  onDidChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sorts, bounds and writes `entries`, then deletes the result files no longer kept. */
  private async save(entries: HistoryEntry[], removedIds: readonly string[] = []): Promise<void> {
    const sorted = [...entries].sort((a, b) => b.record.startedAt - a.record.startedAt);
    const bounded = boundHistory(sorted, clampMaxEntries(this.options.maxEntries?.()), this.keptResults);
    await this.memento.update(HISTORY_STATE_KEY, serializeHistory(bounded.entries));
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A failing view refresh must not turn a saved change into a reported failure.
      }
    }
    const archive = this.options.archive;
    if (archive) for (const id of [...bounded.releasedResults, ...removedIds]) await archive.remove(id);
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.queue.then(work).catch((error: unknown) => {
      this.options.onError?.(`The run history could not be saved: ${error instanceof Error ? error.message : String(error)}`);
    });
    this.queue = next;
    return next;
  }
}
