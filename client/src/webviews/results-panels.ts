/**
 * The results panels: one reused panel or one per run, as the `iql.results.panel` setting says
 * (read at every run, never cached). A run already on show is updated in place, so the panel
 * that said "running" shows the result when it arrives; the runs of one Run All share a panel,
 * a tab each; a re-run takes the place of the run it repeats. Panels come back after a reload
 * from the page each saved (see `restore`).
 */
import * as vscode from 'vscode';
import { parseHostMessage } from '../../../common/webview/messages';
import type { RunRecord } from '../runs/run-record';
import { ExportFolder } from './export-folder';
import type { PanelServices } from './panel-services';
import { ResultsPanel, REUSED_KEY } from './results-panel';
import type { ResultsActionOutcome, RunControls } from './results-panel';
import type { RunPlacement } from './results-tabs';
import type { PanelState, WebviewAction } from './webview-panel-host';

export { RESULTS_VIEW_TYPE } from './results-panel';

/** Every results panel of one activation. */
export class ResultsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, ResultsPanel>();
  private controls: RunControls | undefined;
  private restoredCount = 0;
  private readonly context;

  constructor(services: PanelServices) {
    this.context = { services, folder: new ExportFolder(), controls: () => this.controls };
  }

  /** Called by the run feature once it exists: what Cancel and Re-run in a panel do. */
  setRunControls(controls: RunControls): void {
    this.controls = controls;
  }

  /**
   * Shows `record`: in the panel already showing that run, else in the panel its placement
   * names (its Run All's, the run it re-runs), else in the reused panel or a new one (by
   * `iql.results.panel`). Reveals the panel without taking focus from the editor.
   */
  show(record: RunRecord, placement: RunPlacement = {}): void {
    const panels = [...this.panels.values()];
    const showing = panels.find((panel) => panel.holds(record.id)) ?? panels.find((panel) => panel.takes(placement));
    if (showing) {
      showing.show(record, placement, !showing.holds(record.id));
      return;
    }
    const mode = vscode.workspace.getConfiguration('iql.results').get<string>('panel', REUSED_KEY);
    const key = mode === 'perRun' ? record.id : REUSED_KEY;
    let panel = this.panels.get(key);
    if (!panel) {
      panel = this.track(key, new ResultsPanel(this.context, key));
    }
    panel.show(record, placement, true);
  }

  /**
   * Adopts a panel the editor restored after a reload and draws what its page saved (`state`,
   * validated here: it comes from the page). A panel with nothing readable to show is closed.
   */
  restore(webviewPanel: vscode.WebviewPanel, state: unknown): void {
    const saved = parseHostMessage(state);
    if (saved?.type !== 'showResults' || saved.page.views.length === 0) {
      webviewPanel.dispose();
      return;
    }
    const key = this.panels.has(REUSED_KEY) ? `restored-${(this.restoredCount += 1)}` : REUSED_KEY;
    this.track(key, new ResultsPanel(this.context, key, webviewPanel)).restore(saved.page);
  }

  /** Carries out `action` in the panel showing its run, as if its page asked (editor tests). */
  async act(action: WebviewAction, saveTo?: vscode.Uri): Promise<ResultsActionOutcome> {
    const panel = [...this.panels.values()].find((candidate) => candidate.holds(action.runId));
    return panel ? panel.act(action, saveTo) : {};
  }

  /** The state of each open panel, most recently opened last. */
  states(): PanelState[] {
    return [...this.panels.values()].map((panel) => panel.host.state());
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.host.dispose();
    this.panels.clear();
  }

  private track(key: string, panel: ResultsPanel): ResultsPanel {
    panel.host.onDidDispose(() => {
      if (this.panels.get(key) === panel) this.panels.delete(key);
    });
    this.panels.set(key, panel);
    return panel;
  }
}
