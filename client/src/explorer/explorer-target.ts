import * as vscode from 'vscode';
import type { DocumentTarget } from '../../../common/protocol';
import type { ExtensionServices } from '../extension-services';

/** The editor the explorer's actions work on: the active one if it is IQL, else a visible IQL one. */
export function findIqlEditor(): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  if (active?.document.languageId === 'iql') return active;
  return vscode.window.visibleTextEditors.find((editor) => editor.document.languageId === 'iql');
}

/**
 * Where the explorer looks: the target the language server resolved for the active IQL
 * editor (its directives, else the defaults), else the default profile and collaboration.
 */
export function currentTarget(services: ExtensionServices): DocumentTarget {
  const active = vscode.window.activeTextEditor;
  const status = active?.document.languageId === 'iql' ? services.statuses.get(active.document.uri.toString()) : undefined;
  if (status !== undefined) return status.target;
  const profile = services.profiles.defaultProfile();
  const collaboration = services.profiles.defaultCollaboration();
  return { ...(profile ? { profile } : {}), ...(collaboration ? { collaboration } : {}) };
}
