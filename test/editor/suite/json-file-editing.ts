/** What the editor scenarios on the extension's JSON files do in a document: complete, type, read the lenses. */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** The labels the editor's completion offers at `position` of `document`, without their quotes. */
export async function completionLabels(document: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label).replace(/^"|"$/g, ''));
}

/** Replaces the whole text of `document` (the user typing). */
export async function setText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** The titles of the code lenses on `document`. */
export async function lensTitles(document: vscode.TextDocument): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
  return lenses.map((lens) => lens.command?.title ?? '').filter((title) => title !== '');
}
