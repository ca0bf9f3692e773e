import type * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { ProfileStore } from './connections/profile-store';
import type { DocumentStatuses } from './service/document-statuses';
import type { ServiceAccess } from './service/service-access';

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
  /** ServiceClients for the extension host's own calls (explorer, runs); none when untrusted. */
  readonly service: ServiceAccess;
  /** The running language client: `iql/queries`, `iql/explain`, `iql/refreshCatalog`. */
  readonly languageClient: LanguageClient;
  /** The server's latest `iql/status` per document. */
  readonly statuses: DocumentStatuses;
}
