import type * as vscode from 'vscode';
import type { ServerConnection } from '../server-connection';

/** What the results and plan panels need of the extension's services. */
export interface PanelServices {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly languageClient: ServerConnection;
}
