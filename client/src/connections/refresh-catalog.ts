import * as vscode from 'vscode';
import { RefreshCatalogRequest, type RefreshCatalogParams } from '../../../common/protocol';
import type { ExtensionServices } from '../extension-services';

/**
 * `iql.refreshCatalog [uri]`: asks the language server to reload the catalog of a document's
 * target (the given document, else the active IQL editor's), or of every target when there is
 * no IQL document at hand. In an untrusted workspace nothing is sent, since a reload would be
 * a service call. Resolves with true when the request was sent and answered.
 */
export async function refreshCatalog(services: ExtensionServices, uriArg?: unknown): Promise<boolean> {
  if (!services.profiles.serviceAllowed()) {
    void vscode.window.showInformationMessage('This workspace is not trusted, so the catalog is not loaded from the clean-room service. Trust the workspace to connect.');
    return false;
  }
  const uri = uriArg instanceof vscode.Uri ? uriArg.toString() : typeof uriArg === 'string' ? uriArg : activeIqlDocumentUri();
  const params: RefreshCatalogParams = uri ? { uri } : {};
  const request = services.languageClient.sendRequest<null>(RefreshCatalogRequest, params);
  vscode.window.setStatusBarMessage('$(sync~spin) Refreshing the IQL catalog…', request);
  await request;
  return true;
}

function activeIqlDocumentUri(): string | undefined {
  const document = vscode.window.activeTextEditor?.document;
  return document?.languageId === 'iql' ? document.uri.toString() : undefined;
}
