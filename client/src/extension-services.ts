import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ProfileStore } from './connections/profile-store';
import type { DocumentStatuses } from './service/document-statuses';
import type { ServiceGateway } from './service/service-gateway';
import type { WebviewPanels } from './webviews/webview-panels';

/**
 * What every feature of the client is given by the composition root (extension.ts). Each
 * feature module exports `registerX(services)` and pushes its disposables onto
 * `services.context.subscriptions`.
 */
export interface ExtensionServices {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  /** Profiles (user settings, machine scope) and keys (secret storage). */
  readonly profiles: ProfileStore;
  /** The service, through the language server, for the explorer and the runs; refuses when untrusted. */
  readonly service: ServiceGateway;
  /** The running language client: `iql/queries`, `iql/explain`, `iql/refreshCatalog`. */
  readonly languageClient: LanguageClient;
  /** The server's latest `iql/status` per document. */
  readonly statuses: DocumentStatuses;
  /** The results and plan panels, where runs and plans are shown. */
  readonly panels: WebviewPanels;
}
