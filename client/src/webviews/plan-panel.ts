/**
 * The plan panel: one panel, reused for every plan, that draws the service's plan of the
 * query last explained; after a reload, the plan its page saved.
 */
import type * as vscode from 'vscode';
import { parseHostMessage } from '../../../common/webview/messages';
import type { PanelServices } from './panel-services';
import type { PlanView } from '../../../common/webview/plan-view';
import { WebviewPanelHost } from './webview-panel-host';
import type { PanelState } from './webview-panel-host';

export const PLAN_VIEW_TYPE = 'iql.plan';

export class PlanPanel implements vscode.Disposable {
  private host: WebviewPanelHost | undefined;

  constructor(private readonly services: PanelServices) {}

  /** Shows `view` in the plan panel, opening it beside the editor if it is not open. */
  show(view: PlanView): void {
    if (!this.host || this.host.isDisposed) this.host = this.createHost();
    this.host.show({ type: 'showPlan', view }, 'IQL Plan', true);
  }

  /**
   * Adopts the panel the editor restored after a reload and draws the plan its page saved
   * (`state`, validated: it comes from the page); closes it when there is none, or when a plan
   * panel is already open.
   */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const saved = parseHostMessage(state);
    if (saved?.type !== 'showPlan' || (this.host && !this.host.isDisposed)) {
      panel.dispose();
      return;
    }
    this.host = this.createHost(panel);
    this.host.show(saved, 'IQL Plan', false);
  }

  private createHost(restored?: vscode.WebviewPanel): WebviewPanelHost {
    const created = new WebviewPanelHost({
      viewType: PLAN_VIEW_TYPE,
      title: 'IQL Plan',
      bundle: 'plan',
      extensionUri: this.services.context.extensionUri,
      log: this.services.log,
      ...(restored ? { restored } : {}),
      // The plan page has no actions: it only draws.
      onAction: (action) => this.services.log.warn(`The plan panel asked for '${action.type}', which it does not offer; ignored.`),
    });
    created.onDidDispose(() => {
      if (this.host === created) this.host = undefined;
    });
    return created;
  }

  state(): PanelState | undefined {
    return this.host?.state();
  }

  dispose(): void {
    this.host?.dispose();
    this.host = undefined;
  }
}
