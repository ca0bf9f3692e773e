import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { registerExplainCommands } from './explain-commands';
import type { WebviewsState } from './webview-panels';

/**
 * Not contributed in package.json (so not in the Command Palette): answers what the results
 * and plan panels last sent and what their pages reported drawing. The editor test suite reads
 * it, since the panels' pages live in frames the extension host cannot inspect.
 */
export const WEBVIEWS_STATE_COMMAND = 'iql.webviews.state';

/**
 * The webview feature: `iql.explainQuery` and `iql.openPlan` (plan panel), the results panels
 * (used through `showRunResults`), and the state command. Everything is disposed with the
 * extension.
 */
export function registerPlans(services: ExtensionServices): void {
  const panels = services.panels;
  registerExplainCommands(services, panels.plan);
  services.context.subscriptions.push(vscode.commands.registerCommand(WEBVIEWS_STATE_COMMAND, (): WebviewsState => panels.state()));
}
