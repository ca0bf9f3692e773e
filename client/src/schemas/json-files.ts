/**
 * What the extension's JSON files (destination instances, service requests) share in the
 * editor: opening one as an untitled document beside the workspace, and underlining problems.
 */
import * as vscode from 'vscode';
import type { FileProblem } from '../destinations/destination-file';

/**
 * An untitled JSON document named `fileName` (beside the workspace, so that Save As offers it
 * there) holding `text`. An open one of that name with unsaved edits is shown as it is: the
 * user's text is never replaced.
 */
export async function openUntitledJson(fileName: string, text: string): Promise<vscode.TextDocument> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = folder ? vscode.Uri.joinPath(folder, fileName).with({ scheme: 'untitled' }) : vscode.Uri.from({ scheme: 'untitled', path: fileName });
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open?.isDirty === true && open.getText() !== '') {
    void vscode.window.showInformationMessage(`${fileName} is already open with unsaved changes: send or save it, or close it to start afresh.`);
    await vscode.window.showTextDocument(open);
    return open;
  }
  const document = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), 'json');
  const editor = await vscode.window.showTextDocument(document);
  await editor.edit((builder) => builder.replace(new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text));
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
