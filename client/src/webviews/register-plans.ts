import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { registerExplainCommands } from './explain-commands';
import { PLAN_VIEW_TYPE } from './plan-panel';
import type { ResultsActionOutcome } from './results-panel';
import { RESULTS_VIEW_TYPE } from './results-panels';
import type { WebviewAction } from './webview-panel-host';
import type { WebviewsState } from './webview-panels';

/**
 * Not contributed in package.json (so not in the Command Palette): answers what the results
 * and plan panels last sent and what their pages reported drawing. The editor test suite reads
 * it, since the panels' pages live in frames the extension host cannot inspect.
 */
export const WEBVIEWS_STATE_COMMAND = 'iql.webviews.state';

/**
 * Not contributed either: carries out a results page's request (copy, export, Cancel, Re-run…)
 * as if the page sent it, an export written to the given address instead of asking. The editor
 * tests use it, since they cannot click inside a page.
 */
export const RESULTS_ACT_COMMAND = 'iql.results.act';

/**
 * The webview feature: `iql.explainQuery` and `iql.openPlan` (plan panel), the results panels
 * (used through `services.panels`), the serializers that bring both panels back after a reload
 * (each from the view its page saved with `setState`), and the test commands. Everything is
 * disposed with the extension.
 */
export function registerPlans(services: ExtensionServices): void {
  const panels = services.panels;
  registerExplainCommands(services, panels.plan);
  services.context.subscriptions.push(
    vscode.commands.registerCommand(WEBVIEWS_STATE_COMMAND, (): WebviewsState => panels.state()),
    vscode.commands.registerCommand(RESULTS_ACT_COMMAND, (action: WebviewAction, saveTo?: vscode.Uri): Promise<ResultsActionOutcome> => panels.results.act(action, saveTo)),
    vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => panels.results.restore(panel, state),
    }),
    vscode.window.registerWebviewPanelSerializer(PLAN_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state: unknown) => panels.plan.restore(panel, state),
    }),
  );
}
