/**
 * Which runs one results panel shows, as tabs: one run, or every run of a Run All in the file's
 * order, a failure kept in its place with its message. A re-run takes the place of the run it
 * repeats. Pure and vscode-free: the panel keeps one, the unit tests drive it directly.
 */
import type { ResultsView } from '../../../common/webview/results-view';
import type { RunRecord } from '../runs/run-record';

/** Where a run goes: with the other runs of its Run All (`batch`), or in place of the run it re-runs. */
export interface RunPlacement {
  readonly batch?: string;
  readonly replaces?: string;
}

/** A tab: a run followed in this window (its record), or one restored from a saved page (its view). */
export type ResultsTab = { readonly runId: string; readonly record: RunRecord } | { readonly runId: string; readonly restored: ResultsView };

export class ResultsTabs {
  private tabs: ResultsTab[] = [];
  private batch: string | undefined;
  private shown: string | undefined;

  get list(): readonly ResultsTab[] {
    return this.tabs;
  }

  /** The run on show: the one picked, else the last. */
  get selected(): string | undefined {
    return this.shown !== undefined && this.has(this.shown) ? this.shown : this.tabs.at(-1)?.runId;
  }

  has(runId: string): boolean {
    return this.tabs.some((tab) => tab.runId === runId);
  }

  find(runId: string): ResultsTab | undefined {
    return this.tabs.find((tab) => tab.runId === runId);
  }

  /** Whether `placement` puts a new run in this panel beside (or instead of) what it shows. */
  takes(placement: RunPlacement): boolean {
    return (placement.replaces !== undefined && this.has(placement.replaces)) || (placement.batch !== undefined && placement.batch === this.batch);
  }

  /**
   * Shows `record`: updated in its tab when it has one; else in place of the run it re-runs, or
   * after the runs of its batch, or as the only tab. The run becomes the one on show, except an
   * update of a run the user moved away from.
   */
  place(record: RunRecord, placement: RunPlacement = {}): void {
    const at = this.tabs.findIndex((tab) => tab.runId === record.id);
    if (at >= 0) {
      this.tabs[at] = { runId: record.id, record };
      return;
    }
    const replaced = placement.replaces === undefined ? -1 : this.tabs.findIndex((tab) => tab.runId === placement.replaces);
    if (replaced >= 0) this.tabs[replaced] = { runId: record.id, record };
    else if (placement.batch !== undefined && placement.batch === this.batch) this.tabs.push({ runId: record.id, record });
    else {
      this.tabs = [{ runId: record.id, record }];
      this.batch = placement.batch;
    }
    this.shown = record.id;
  }

  /** Shows saved views again (a panel restored after a reload), the saved one on show. */
  restore(views: readonly ResultsView[], selected: string): void {
    this.tabs = views.map((view) => ({ runId: view.runId, restored: view }));
    this.batch = undefined;
    this.shown = selected;
  }

  /** The user picked the tab of `runId`; false when there is no such tab. */
  select(runId: string): boolean {
    if (!this.has(runId)) return false;
    this.shown = runId;
    return true;
  }
}
