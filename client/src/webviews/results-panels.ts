/**
 * The results panels: one reused panel or one per run, as the `iql.results.panel` setting says
 * (read at every run, never cached). A run already on show is updated in place, so the panel
 * that said "running" shows the result when it arrives. Exports and copies are built here,
 * on the host, from the run record itself.
 */
import * as vscode from 'vscode';
import type { ExplainQueryResponse } from '../../../common/api';
import type { RunRecord } from '../runs/run-record';
import type { PanelServices } from './panel-services';
import { fetchPlanForRun } from './plan-for-run';
import type { PlanRequester } from './plan-for-run';
import { buildResultsView } from './results-view-model';
import { buildResultCsv, buildRunJson, buildRunMarkdown, suggestExportName } from './run-exports';
import { WebviewPanelHost } from './webview-panel-host';
import type { PanelState, WebviewAction } from './webview-panel-host';

export const RESULTS_VIEW_TYPE = 'iql.results';
const REUSED = 'reuse';
const TITLE_LIMIT = 40;

/** One results panel and the run it shows. */
class ResultsPanel {
  readonly host: WebviewPanelHost;
  private record: RunRecord | undefined;
  private plan: ExplainQueryResponse | undefined;
  private planAskedFor: string | undefined;

  constructor(
    private readonly services: PanelServices,
    readonly key: string,
  ) {
    this.host = new WebviewPanelHost({
      viewType: RESULTS_VIEW_TYPE,
      title: 'IQL Results',
      bundle: 'results',
      extensionUri: services.context.extensionUri,
      log: services.log,
      onAction: (action) => void this.act(action),
    });
  }

  get runId(): string | undefined {
    return this.record?.id;
  }

  show(record: RunRecord, reveal: boolean): void {
    if (record.id !== this.record?.id) this.plan = undefined;
    this.record = record;
    this.render(reveal);
    this.askForPlan(record);
  }

  private render(reveal: boolean): void {
    const record = this.record;
    if (!record) return;
    const view = buildResultsView(record, this.plan ? { plan: this.plan } : {});
    const title = this.key === REUSED ? 'IQL Results' : `IQL Result · ${shorten(record.query)}`;
    this.host.show({ type: 'showResults', view }, title, reveal);
  }

  /** Asks once per run for the plan, which names the thresholds; shows them when it comes. */
  private askForPlan(record: RunRecord): void {
    if (record.kind !== 'insight' || this.planAskedFor === record.id) return;
    this.planAskedFor = record.id;
    const requester: PlanRequester = this.services.languageClient;
    void fetchPlanForRun(requester, record, (reason) => this.services.log.info(`The plan of run ${record.id} could not be read: ${reason}`)).then((plan) => {
      if (!plan || this.host.isDisposed || this.record?.id !== record.id) return;
      this.plan = plan;
      this.render(false);
    });
  }

  private async act(action: WebviewAction): Promise<void> {
    const record = this.record;
    if (!record) return;
    try {
      if (action.type === 'copyMarkdown') {
        const markdown = buildRunMarkdown(record, this.plan);
        if (markdown === undefined) {
          void vscode.window.showInformationMessage('This run has no result to copy yet.');
          return;
        }
        await vscode.env.clipboard.writeText(markdown);
        vscode.window.setStatusBarMessage('$(check) Result copied as Markdown', 4000);
        return;
      }
      const content = action.format === 'csv' ? buildResultCsv(record, this.plan) : buildRunJson(record);
      if (content === undefined) {
        void vscode.window.showInformationMessage(`This run has no result to export as ${action.format.toUpperCase()}.`);
        return;
      }
      const target = await vscode.window.showSaveDialog({
        defaultUri: defaultExportUri(record, suggestExportName(record, action.format)),
        filters: action.format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
        saveLabel: 'Export',
        title: `Export the result as ${action.format.toUpperCase()}`,
      });
      if (!target) return;
      await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(content));
      const choice = await vscode.window.showInformationMessage(`Result exported to ${target.scheme === 'file' ? target.fsPath : target.toString()}.`, 'Open');
      if (choice === 'Open') await vscode.window.showTextDocument(target);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.services.log.warn(`Exporting run ${record.id} failed: ${reason}`);
      void vscode.window.showWarningMessage(`The result could not be exported: ${reason}`);
    }
  }
}

/** Every results panel of one activation. */
export class ResultsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, ResultsPanel>();

  constructor(private readonly services: PanelServices) {}

  /**
   * Shows `record`: in the panel already showing that run, else in the reused panel or a new
   * one (by `iql.results.panel`). Reveals the panel without taking focus from the editor.
   */
  show(record: RunRecord): void {
    const showing = [...this.panels.values()].find((panel) => panel.runId === record.id);
    if (showing) {
      showing.show(record, false);
      return;
    }
    const mode = vscode.workspace.getConfiguration('iql.results').get<string>('panel', REUSED);
    const key = mode === 'perRun' ? record.id : REUSED;
    let panel = this.panels.get(key);
    if (!panel) {
      const created = new ResultsPanel(this.services, key);
      created.host.onDidDispose(() => {
        if (this.panels.get(key) === created) this.panels.delete(key);
      });
      this.panels.set(key, created);
      panel = created;
    }
    panel.show(record, true);
  }

  /** The state of each open panel, most recently opened last. */
  states(): PanelState[] {
    return [...this.panels.values()].map((panel) => panel.host.state());
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.host.dispose();
    this.panels.clear();
  }
}

/** Next to the query's file when it has one on disk, else in the first workspace folder. */
function defaultExportUri(record: RunRecord, name: string): vscode.Uri | undefined {
  if (record.documentUri) {
    const document = vscode.Uri.parse(record.documentUri);
    if (document.scheme === 'file') return vscode.Uri.joinPath(document, '..', name);
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  return folder ? vscode.Uri.joinPath(folder.uri, name) : undefined;
}

function shorten(query: string): string {
  const line = query.split(/\r?\n/).map((text) => text.trim()).find((text) => text !== '' && !text.startsWith('--')) ?? 'query';
  return line.length > TITLE_LIMIT ? `${line.slice(0, TITLE_LIMIT - 1)}…` : line;
}
