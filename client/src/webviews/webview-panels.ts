/**
 * The results and plan panels of one activation. `showRunResults` is called by the run
 * commands with the services alone (its signature is theirs), so the panels are found from
 * the services: a WeakMap keyed by the services object ties them to that activation and is
 * disposed with it, without a module-level singleton that would outlive it.
 */
import type * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
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

  constructor(services: ExtensionServices) {
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

const panelsByServices = new WeakMap<ExtensionServices, WebviewPanels>();

/** The panels of this activation, created on first use and disposed with the extension. */
export function webviewPanelsOf(services: ExtensionServices): WebviewPanels {
  let panels = panelsByServices.get(services);
  if (!panels) {
    panels = new WebviewPanels(services);
    panelsByServices.set(services, panels);
    services.context.subscriptions.push(panels);
  }
  return panels;
}
