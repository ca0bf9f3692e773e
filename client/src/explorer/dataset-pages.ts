import * as vscode from 'vscode';
import { DATASET_PAGE_SCHEME, DatasetMetadataPageRequest, datasetPageUri, readDatasetPageQuery, type DocumentTarget } from '../../../common/protocol';
import type { ServiceResult } from '../../../common/service-result';
import type { ServerConnection } from '../server-connection';

/**
 * Serves dataset pages (`iql-dataset:` addresses, common/protocol/dataset-page.ts) as read-only
 * Markdown documents, asking the language server for each: go to definition on a dataset name
 * answers such an address, and the Datasets view's Show Metadata opens one. A page that cannot
 * be read says why, in a page of its own, so the editor never shows an empty tab.
 */
export class DatasetPages implements vscode.TextDocumentContentProvider {
  constructor(private readonly client: ServerConnection) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const wanted = readDatasetPageQuery(uri.query);
    if (wanted === undefined) return unreadablePage('this address names no dataset', 'Open the page again from a dataset name (F12) or the Datasets view.');
    try {
      const answer = await this.client.sendRequest<ServiceResult<string>>(DatasetMetadataPageRequest, wanted, token);
      if (answer.ok) return answer.value;
      return unreadablePage(`dataset ${wanted.name}`, answer.error.serviceMessage ?? answer.error.message);
    } catch (error) {
      return unreadablePage(`dataset ${wanted.name}`, `The language server did not answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export function registerDatasetPages(client: ServerConnection): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(DATASET_PAGE_SCHEME, new DatasetPages(client));
}

/** Opens the page of dataset `name` of `target` in the editor area, as a preview tab. */
export async function showDatasetPage(target: DocumentTarget, name: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(datasetPageUri(target, name), true));
  await vscode.window.showTextDocument(document, { preview: true });
}

/**
 * A page saying why there is no page. The message is indented as a Markdown code block, line by
 * line, so that whatever the service wrote shows as text and never as markup.
 */
function unreadablePage(what: string, message: string): string {
  const quoted = message.split(/\r?\n/).map((line) => `    ${line}`).join('\n');
  return `# Dataset page not available\n\nThe page of ${what.replace(/[^\w .-]/g, '_')} could not be read:\n\n${quoted}\n\nRefresh the catalog (IQL: Refresh Datasets) or check the connection, then open the page again.\n`;
}
