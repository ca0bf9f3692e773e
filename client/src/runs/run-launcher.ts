/**
 * Starts and follows runs in the editor: one progress notification per run (phase and elapsed
 * time, with a Cancel button), the `iql.runInProgress` context key, the history, and the
 * results panel at the start and at the end. Nothing here waits in a way that holds the editor:
 * the notification is not modal and the work is promises all the way down.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { ProgressEvent } from '../../../common/protocol';
import type { ExtensionServices } from '../extension-services';
import type { RunPlacement } from '../webviews/results-tabs';
import type { ActiveRuns } from './active-runs';
import { executeRun } from './execute-run';
import type { HistoryStore } from './history-store';
import { formatAudience } from './history-item-model';
import type { RunRecord } from './run-record';
import { describeRunProgress, describeRunTitle } from './run-progress-text';
import { createRunRecord } from './run-transitions';
import type { RunRequest } from './run-transitions';

/** How often the elapsed time in the notification moves on between progress events. */
const TICK_MS = 1000;

export interface LaunchOptions {
  /** Where the results panel shows the run: with its Run All, or in place of the run it re-runs. */
  readonly placement?: RunPlacement;
  /**
   * Whether a failure or cancel is also told in a message (true by default); Run All tells one
   * summary instead, each failure staying in its tab.
   */
  readonly announce?: boolean;
}

export class RunLauncher implements vscode.Disposable {
  private disposed = false;

  constructor(
    private readonly services: ExtensionServices,
    private readonly active: ActiveRuns,
    private readonly history: HistoryStore,
  ) {}

  /**
   * Runs `request` and resolves with the finished record, or undefined when no run could be
   * started (no usable profile: the reason is shown). Never rejects.
   */
  async launch(request: RunRequest, options: LaunchOptions = {}): Promise<RunRecord | undefined> {
    const client = await this.services.service.forProfile(request.target.profile);
    if (!client.ok) {
      void vscode.window.showWarningMessage(client.error.message);
      return undefined;
    }
    const started = createRunRecord(request, randomUUID(), Date.now());
    const signal = this.active.start(started);
    this.services.log.info(`Run ${started.id}: ${started.kind} on ${request.target.profile ?? 'the default profile'}${request.target.collaboration ? ` in ${request.target.collaboration}` : ''}.`);
    // The panel first: creating its page is the slowest step of a first run, and it goes on
    // while the query is sent. The history keeps its writes in order, so the finished record
    // still lands after this one without waiting for it here.
    this.show(started, options.placement);
    void this.history.record(started);

    const finished = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: describeRunTitle(started, request.hasLocalErrors === true), cancellable: true },
      async (progress, token) => {
        const cancelling = token.onCancellationRequested(() => this.active.cancel(started.id));
        let lastEvent: ProgressEvent | undefined;
        let serviceId: string | undefined;
        const report = (): void => progress.report({ message: describeRunProgress(lastEvent, Date.now() - started.startedAt, serviceId) });
        report();
        const ticker = setInterval(report, TICK_MS);
        try {
          return await executeRun(client.value, started, {
            signal,
            onProgress: (event) => {
              lastEvent = event;
              report();
            },
            onServiceId: (record) => {
              serviceId = record.serviceId;
              this.active.update(record);
              // Stored at once so that a run cut short by a restart still shows its ID.
              void this.history.record(record);
            },
          });
        } finally {
          clearInterval(ticker);
          cancelling.dispose();
        }
      },
    );

    // Stopped because the extension is going away: the stored run stays `running`, which the
    // next session shows as interrupted — the truth, since the service may still finish it.
    if (this.disposed) {
      this.active.finish(finished);
      return finished;
    }
    // Shown before it is stored: writing the result to the archive must not delay drawing it.
    this.show(finished, options.placement);
    // Stored before it stops being active, so that the view never shows it as interrupted.
    await this.history.record(finished);
    this.active.finish(finished);
    this.announce(finished, options.announce !== false);
    return finished;
  }

  /** Stops following every run (the extension is going away), leaving them interrupted in the history. */
  dispose(): void {
    this.disposed = true;
    this.active.cancelAll();
  }

  private show(record: RunRecord, placement: RunPlacement | undefined): void {
    try {
      this.services.panels.results.show(record, placement);
    } catch (error) {
      this.services.log.error(`The results panel could not show run ${record.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Says how the run ended: a brief status bar note on success, a message otherwise (when `loud`). */
  private announce(record: RunRecord, loud: boolean): void {
    this.services.log.info(`Run ${record.id} ${record.status}${record.serviceId ? ` (${record.serviceId})` : ''}.`);
    const what = record.kind === 'activation' ? 'Activation' : 'Query';
    switch (record.status) {
      case 'succeeded': {
        const count = formatAudience(record);
        vscode.window.setStatusBarMessage(`$(pass) ${what} finished${count ? `: ${count}` : ''}`, 5000);
        return;
      }
      case 'cancelled':
        if (loud) void vscode.window.showInformationMessage(record.message ?? `${what} cancelled.`);
        return;
      case 'failed':
        if (loud) void vscode.window.showWarningMessage(`${what} failed: ${record.message ?? 'the service gave no reason.'}`);
        return;
      case 'running':
        return;
    }
  }
}
