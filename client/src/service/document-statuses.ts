import * as vscode from 'vscode';
import type { StatusParams } from '../../../common/protocol';

/**
 * The latest `iql/status` the server sent for each document: its target, the service's
 * health and the catalog's age. The status bar and the explorer read it; the server is the
 * one that knows, so the client never works these out itself.
 */
export class DocumentStatuses implements vscode.Disposable {
  private readonly statuses = new Map<string, StatusParams>();
  private readonly changed = new vscode.EventEmitter<StatusParams>();
  readonly onDidChange = this.changed.event;

  update(status: StatusParams): void {
    this.statuses.set(status.uri, status);
    this.changed.fire(status);
  }

  get(uri: string): StatusParams | undefined {
    return this.statuses.get(uri);
  }

  forget(uri: string): void {
    this.statuses.delete(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
