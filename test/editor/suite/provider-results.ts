import * as vscode from 'vscode';

/**
 * What the editor's own provider commands return, flattened for assertions. They go through
 * every registered provider, exactly as the editor's hover and suggest widgets do.
 */

/** The Markdown source of every hover at `position`, joined by blank lines ('' when none). */
export async function hoverMarkdown(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n\n');
}

/** The labels of every completion item offered at `position`. */
export async function completionLabels(uri: vscode.Uri, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, position);
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

/** A diagnostic's code as a string, whether it came as a plain value or with a target link. */
export function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  return String(typeof code === 'object' ? code.value : code);
}
