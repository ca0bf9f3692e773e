/**
 * `iql.explainQuery` (the query at the cursor, or at the {uri, offset} a code lens passes) and
 * `iql.openPlan` (the hover's "Open full plan" link, which passes {uri, offset}): both ask the
 * language server for the service's plan (`iql/explain`) and draw it in the plan panel.
 */
import * as vscode from 'vscode';
import { ClientCommands, ExplainRequest } from '../../../common/protocol';
import type { ExplainParams, ExplainResult } from '../../../common/protocol';
import { readQueryCommandArgs } from '../runs/query-command-args';
import type { ExtensionServices } from '../extension-services';
import { buildPlanView } from './plan-view-model';
import type { PlanPanel } from './plan-panel';
import { whenServerKnows } from '../service/server-knows-document';

/** Registers both commands; their disposables go onto the extension's subscriptions. */
export function registerExplainCommands(services: ExtensionServices, panel: PlanPanel): void {
  let explained = 0;
  const explain = async (arg: unknown): Promise<void> => {
    const params = await explainParamsFor(arg);
    if (!params) {
      void vscode.window.showInformationMessage('Open an IQL file and place the cursor in a query to explain it.');
      return;
    }
    let answer: ExplainResult;
    try {
      answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Explaining the query…' }, () =>
        whenServerKnows(services.statuses, params.uri).then(() => services.languageClient.sendRequest<ExplainResult>(ExplainRequest, params)),
      );
    } catch (error) {
      services.log.warn(`iql/explain failed: ${error instanceof Error ? error.message : String(error)}`);
      void vscode.window.showWarningMessage('The IQL language server did not answer, so the query could not be explained. See the IQL log; reloading the window usually helps.');
      return;
    }
    if (!answer.ok) {
      void vscode.window.showWarningMessage(`The query could not be explained: ${answer.message}`);
      return;
    }
    explained += 1;
    const built = buildPlanView({ id: `plan-${explained}`, query: answer.query, target: answer.target, plan: answer.plan });
    if (!built.ok) {
      void vscode.window.showWarningMessage(built.message);
      return;
    }
    panel.show(built.view);
  };
  services.context.subscriptions.push(
    vscode.commands.registerCommand(ClientCommands.explainQuery, explain),
    vscode.commands.registerCommand(ClientCommands.openPlan, explain),
  );
}

/** The document and position of {uri, offset}, else of the active IQL editor's cursor. */
async function explainParamsFor(arg: unknown): Promise<ExplainParams | undefined> {
  const given = readQueryCommandArgs(arg);
  if (given) {
    const document = await openDocument(given.uri);
    if (!document) return undefined;
    const position = document.positionAt(given.offset);
    return { uri: given.uri, position: { line: position.line, character: position.character } };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'iql') return undefined;
  const position = editor.selection.active;
  return { uri: editor.document.uri.toString(), position: { line: position.line, character: position.character } };
}

async function openDocument(uri: string): Promise<vscode.TextDocument | undefined> {
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri);
  if (open) return open;
  try {
    return await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  } catch {
    // A URI that no longer opens (a closed untitled file, a deleted file) has no query to explain.
    return undefined;
  }
}
