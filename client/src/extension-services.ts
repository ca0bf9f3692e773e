import type * as vscode from 'vscode';
import type { ProfileStore } from './connections/profile-store';
import type { ServerConnection } from './server-connection';
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
  /** The language server's connection: `iql/queries`, `iql/explain`, `iql/refreshCatalog`; its client starts after activation. */
  readonly languageClient: ServerConnection;
  /** The server's latest `iql/status` per document. */
  readonly statuses: DocumentStatuses;
  /** The results and plan panels, where runs and plans are shown. */
  readonly panels: WebviewPanels;
}
