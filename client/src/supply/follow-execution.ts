/**
 * Following a data-supply execution from the editor: a notification shows each read's status
 * and completion until the execution is final (the language server's supplyExecution job);
 * cancelling stops the following, never the execution. Then a short report of how it ended.
 */
import * as vscode from 'vscode';
import type { SupplyExecutionKind, SupplyExecutionState } from '../../../common/protocol/jobs';
import { inform, warnOf } from '../explorer/dataset-commands';
import type { ProfileService } from '../service/profile-service';

/** Follows an execution with a notification showing its status and completion; undefined when it could not be followed. */
export async function follow(client: ProfileService, kind: SupplyExecutionKind, id: string, title: string): Promise<SupplyExecutionState | undefined> {
  const outcome = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const controller = new AbortController();
    token.onCancellationRequested(() => controller.abort());
    let shown = 0;
    return client.runJob(
      { kind: 'supplyExecution', execution: { kind, id } },
      {
        signal: controller.signal,
        onProgress: (event) => {
          const percent = Math.max(shown, Math.min(100, event.percent ?? shown));
          progress.report({ message: `${event.status ?? 'waiting'} ${Math.round(percent)}%`, increment: percent - shown });
          shown = percent;
        },
      },
    );
  });
  if (!outcome.ok) {
    if (outcome.error.kind === 'cancelled') return inform(`Stopped following ${id}; it goes on at the service. The Data Supply view shows how it ends.`);
    return warnOf(outcome.error);
  }
  return outcome.value;
}

export function report(state: SupplyExecutionState, what: string, next: string): void {
  if (state.status === 'COMPLETED') void vscode.window.showInformationMessage(`${what} completed.${next ? ` ${next}` : ''}`);
  else void vscode.window.showWarningMessage(`${what} ended ${state.status}: ${state.error ?? 'the service gave no reason'}.`);
}

