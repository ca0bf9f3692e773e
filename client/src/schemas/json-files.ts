/**
 * What the extension's JSON files (destination instances, service requests, insight reports) share in the
 * editor: creating one where the user chooses, and underlining problems.
 */
import * as vscode from 'vscode';
import { applyEdits, modify } from 'jsonc-parser';
import type { FileProblem } from './json-file-text';

/**
 * Writes `text` to a new JSON file and opens it: at `target` when given (scripts, tests), else
 * where the user chooses (the save dialog starts in the workspace's `folder`, named
 * `fileName`). These files are the user's: kept, versioned, edited like any other. Without a
 * workspace folder the file is an untitled document of that name instead. Resolves to the
 * document, or undefined when the user cancelled.
 */
export async function createJsonFile(folder: string, fileName: string, text: string, target?: vscode.Uri): Promise<vscode.TextDocument | undefined> {
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
  let file = target;
  if (file === undefined && workspace !== undefined) {
    file = await vscode.window.showSaveDialog({ defaultUri: vscode.Uri.joinPath(workspace, folder, fileName), filters: { JSON: ['json'] }, saveLabel: 'Create' });
    if (file === undefined) return undefined;
  }
  if (file === undefined) {
    const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(vscode.Uri.from({ scheme: 'untitled', path: fileName })), 'json');
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((builder) => builder.replace(new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text));
    return document;
  }
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === file.toString());
  if (open?.isDirty === true) {
    void vscode.window.showInformationMessage(`${fileName} is open with unsaved changes: save or close it first; nothing was overwritten.`);
    await vscode.window.showTextDocument(open);
    return open;
  }
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(file);
  await vscode.window.showTextDocument(document);
  return document;
}

/** Underlines `found` in `document` (replacing what was there), as errors from 'iql'. */
export function showFileProblems(problems: vscode.DiagnosticCollection, document: vscode.TextDocument, found: readonly FileProblem[]): void {
  problems.set(
    document.uri,
    found.map((problem) => {
      const range = new vscode.Range(document.positionAt(problem.offset), document.positionAt(problem.offset + Math.max(problem.length, 1)));
      const diagnostic = new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'iql';
      return diagnostic;
    }),
  );
}

/** A collection of file problems that clears a file's underlines once it is edited (they describe the last send) or closed. */
export function fileProblemCollection(name: string): vscode.Disposable & { readonly collection: vscode.DiagnosticCollection } {
  const collection = vscode.languages.createDiagnosticCollection(name);
  const subscriptions = [
    collection,
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length > 0 && collection.has(event.document.uri)) collection.delete(event.document.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => collection.delete(document.uri)),
  ];
  return { collection, dispose: () => subscriptions.forEach((subscription) => subscription.dispose()) };
}

/**
 * Puts `"id"` into a file after a create (second property, after `$schema`), so that the file
 * names what it created, and saves it at once: a later action must not create a second one.
 */
export async function writeId(document: vscode.TextDocument, id: string): Promise<void> {
  const text = document.getText();
  const edits = modify(text, ['id'], id, { formattingOptions: { insertSpaces: true, tabSize: 2 }, getInsertionIndex: (properties) => Math.min(1, properties.length) });
  const updated = applyEdits(text, edits);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(text.length)), updated);
  await vscode.workspace.applyEdit(edit);
  if (!document.isUntitled) await document.save();
}
