/**
 * `iql.validateQuery`: asks the service whether it accepts the query at the cursor (or at a
 * code lens's offset) without running it — ValidateQuery for insight queries, Validate
 * Activation Query for activation queries — and reports the verdict in a message.
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { describeTarget } from './history-item-model';
import { findQueries } from './query-at-cursor';
import { describeValidation } from './validation-verdict';
import type { ValidationVerdict } from './validation-verdict';

const GO_TO_POSITION = 'Go to Position';

/** Registers `iql.validateQuery`; it resolves with the verdict (undefined when nothing was asked). */
export function registerValidateCommand(services: ExtensionServices): vscode.Disposable {
  return vscode.commands.registerCommand('iql.validateQuery', (arg?: unknown) => validateQuery(services, arg));
}

async function validateQuery(services: ExtensionServices, arg: unknown): Promise<ValidationVerdict | undefined> {
  const found = await findQueries(services, arg);
  const query = found?.queries[0];
  if (!found || !query) return undefined;
  const service = await services.service.forProfile(found.target.profile);
  if (!service.ok) {
    void vscode.window.showWarningMessage(service.error.message);
    return undefined;
  }
  const collaboration = found.target.collaboration ? { collaboration_id: found.target.collaboration } : {};
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Validating the query with the service…' }, () =>
    query.kind === 'activation'
      ? service.value.call('validateActivationQuery', { body: { query: query.text, ...collaboration } })
      : service.value.call('validateQuery', { body: { query: query.text, ...collaboration } }),
  );
  const verdict = describeValidation(answer, query, describeTarget(found.target));
  reportVerdict(verdict, found.uri);
  return verdict;
}

/** Shows the verdict; a refusal with a position offers to go there. Does not wait for the user. */
function reportVerdict(verdict: ValidationVerdict, uri: string): void {
  if (verdict.kind === 'accepted') {
    void vscode.window.showInformationMessage(verdict.text);
    return;
  }
  const where = verdict.kind === 'refused' ? verdict.position : undefined;
  if (!where) {
    void vscode.window.showWarningMessage(verdict.text);
    return;
  }
  void vscode.window.showWarningMessage(verdict.text, GO_TO_POSITION).then(async (choice) => {
    if (choice !== GO_TO_POSITION) return;
    const position = new vscode.Position(where.line, where.character);
    const editor = await vscode.window.showTextDocument(vscode.Uri.parse(uri));
    editor.selection = new vscode.Selection(position, position);
    editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  });
}
