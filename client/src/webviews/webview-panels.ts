/**
 * The results and plan panels of one activation, built by the composition root (extension.ts)
 * and handed to every feature as `services.panels`: the run commands show their runs there
 * without importing the panels' code.
 */
import type * as vscode from 'vscode';
import type { PanelServices } from './panel-services';
import { PlanPanel } from './plan-panel';
import { ResultsPanels } from './results-panels';
import type { PanelState } from './webview-panel-host';

/** What the panels last sent and drew: the answer of the `iql.webviews.state` command. */
export interface WebviewsState {
  readonly results: PanelState[];
  readonly plan?: PanelState;
}

export class WebviewPanels implements vscode.Disposable {
  readonly results: ResultsPanels;
  readonly plan: PlanPanel;

  constructor(services: PanelServices) {
    this.results = new ResultsPanels(services);
    this.plan = new PlanPanel(services);
  }

  state(): WebviewsState {
    const plan = this.plan.state();
    return { results: this.results.states(), ...(plan ? { plan } : {}) };
  }

  dispose(): void {
    this.results.dispose();
    this.plan.dispose();
  }
}
