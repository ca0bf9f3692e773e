import * as vscode from 'vscode';
import { safePathSegment } from '../../../common/path-segment';

/** The scheme of the read-only documents the explorer opens (metadata, export details). */
export const METADATA_SCHEME = 'iql-metadata';
/** Documents kept in memory; older ones are dropped (reopening them shows a note). */
const KEPT_DOCUMENTS = 30;

/**
 * Read-only JSON documents for what the service says about a dataset, a collaboration dataset
 * or an export. A content provider (rather than an untitled file) keeps them read-only and
 * never asks to be saved.
 */
export class MetadataDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '// This document is no longer held in memory: open it again from the IQL explorer.\n';
  }

  /**
   * Opens `value` as pretty JSON in a read-only editor titled `title.json`, under `folder`
   * (the profile, so that two profiles' documents never share a name).
   */
  async show(folder: string, title: string, value: unknown): Promise<void> {
    const uri = vscode.Uri.from({ scheme: METADATA_SCHEME, path: `/${safePathSegment(folder)}/${safePathSegment(title)}.json` });
    const key = uri.toString();
    this.contents.delete(key);
    this.contents.set(key, `${JSON.stringify(value, null, 2)}\n`);
    while (this.contents.size > KEPT_DOCUMENTS) {
      const oldest = this.contents.keys().next().value;
      if (oldest === undefined) break;
      this.contents.delete(oldest);
    }
    this.changed.fire(uri);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: true });
  }

  dispose(): void {
    this.changed.dispose();
    this.contents.clear();
  }
}
