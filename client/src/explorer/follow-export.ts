/**
 * After Export Segment started an export, the editor follows it to its end (Get Activation
 * Segment Export through the language server's `segmentExport` job), so that the Collaborations
 * view shows its final status with the rows sent and rejected instead of "running" for ever.
 */
import * as vscode from 'vscode';
import type { ActivationExport } from '../../../common/api';
import type { SegmentExportRef } from '../../../common/protocol';
import type { ProfileService } from '../service/profile-service';
import { defuseLinks, oneLine } from './display-text';
import { describeEndedExport } from './export-summary';

/** What the messages call the export: the segment's and the destination's names. */
export interface ExportNames {
  readonly segment: string;
  readonly destination: string;
}

/**
 * Follows the export with a cancellable notification and says how it ended; resolves with its
 * last view, or undefined when the following stopped (cancelled: the export goes on at the
 * service; or a failure, shown with the service's message). Never rejects.
 */
export async function followExport(client: ProfileService, ref: SegmentExportRef, names: ExportNames, onListExports?: () => unknown): Promise<ActivationExport | undefined> {
  const what = `export ${oneLine(ref.exportId)} of "${names.segment}" to "${names.destination}"`;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Exporting "${names.segment}" to "${names.destination}"`, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        return await client.runJob({ kind: 'segmentExport', export: ref }, {
          signal: controller.signal,
          onProgress: (event) => progress.report({ message: `${(event.status ?? 'running').replace(/^EXPORT_STATUS_/, '').toLowerCase()} (${Math.round(event.elapsedMs / 1000)} s)…` }),
        });
      } finally {
        subscription.dispose();
      }
    },
  );
  if (!result.ok) {
    const message = result.error.kind === 'cancelled'
      ? `Stopped following the ${what}. It goes on at the service; refresh the Collaborations view to see how it ended.`
      : `Could not follow the ${what}: ${result.error.message}`;
    void vscode.window.showWarningMessage(defuseLinks(message));
    return undefined;
  }
  const list = 'List Exports';
  const shown = describeEndedExport(result.value, what);
  const show = result.value.status === 'EXPORT_STATUS_SUCCESSFUL' ? vscode.window.showInformationMessage : vscode.window.showWarningMessage;
  void show(defuseLinks(shown), ...(onListExports ? [list] : [])).then((choice) => (choice === list ? onListExports?.() : undefined));
  return result.value;
}
