import * as vscode from 'vscode';

/** The extension under test, as `publisher.name` in package.json. */
export const EXTENSION_ID = 'iql-tools.iql-clean-room';

/**
 * Writes `text` to `name` in the first workspace folder, opens it in an editor and resolves
 * with the document. Scenarios use real files (not untitled documents) because that is what
 * users have, and files are what the language server's targets and the CLI see.
 */
export async function openQueryFile(name: string, text: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the editor suite needs a workspace folder; start it with one (see test/editor/README.md)');
  const uri = vscode.Uri.joinPath(folder.uri, name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document);
  return document;
}

/** The extension, activated; fails with a clear message when it is not installed. */
export async function activateExtension(): Promise<vscode.Extension<unknown>> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded: is extensionDevelopmentPath the repository root?`);
  await extension.activate();
  return extension;
}
