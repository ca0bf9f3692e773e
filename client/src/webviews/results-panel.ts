/**
 * One results panel: the runs it shows as tabs (results-tabs.ts), each drawn from its record
 * (or, after a reload, from the view its page saved), and what its page asks for — pick a tab,
 * Cancel, Re-run, copies and exports of the rows the grid shows, built here from the view.
 */
import * as vscode from 'vscode';
import type { ExplainQueryResponse } from '../../../common/api';
import type { ResultsPage, ResultsView, RerunRequest } from '../../../common/webview/results-view';
import type { RunRecord } from '../runs/run-record';
import type { ExportFolder } from './export-folder';
import type { PanelServices } from './panel-services';
import { fetchPlanForRun } from './plan-for-run';
import type { PlanRequester } from './plan-for-run';
import { asRestoredView, buildResultsView } from './results-view-model';
import { ResultsTabs } from './results-tabs';
import type { ResultsTab, RunPlacement } from './results-tabs';
import { buildRunMarkdown, buildShownCsv, buildShownJson, buildShownTsv, suggestExportName } from './run-exports';
import { WebviewPanelHost } from './webview-panel-host';
import type { WebviewAction } from './webview-panel-host';

export const RESULTS_VIEW_TYPE = 'iql.results';
const TITLE_LIMIT = 40;

/** What the panel asks of the run feature (registered by it: the panels are built first). */
export interface RunControls {
  /** Stops following the run `runId`; false when this window does not follow it. */
  cancel(runId: string): boolean;
  isActive(runId: string): boolean;
  /** Runs `request` again, its run placed as `placement` says. */
  rerun(request: RerunRequest, placement: RunPlacement): void;
}

/** What an action did: for the editor tests, which cannot click inside the page. */
export interface ResultsActionOutcome {
  readonly exported?: string;
  readonly copied?: string;
}

export interface ResultsPanelContext {
  readonly services: PanelServices;
  readonly folder: ExportFolder;
  controls(): RunControls | undefined;
}

export class ResultsPanel {
  readonly host: WebviewPanelHost;
  private readonly tabs = new ResultsTabs();
  private readonly plans = new Map<string, ExplainQueryResponse>();
  private readonly plansAskedFor = new Set<string>();

  constructor(
    private readonly context: ResultsPanelContext,
    readonly key: string,
    restored?: vscode.WebviewPanel,
  ) {
    const { services } = context;
    this.host = new WebviewPanelHost({
      viewType: RESULTS_VIEW_TYPE,
      title: 'IQL Results',
      bundle: 'results',
      // Chart.js and the Tabulator grid, loaded by the page after its first rows are painted
      // (client/webview/results/lazy-charts.ts, lazy-grid.ts).
      chunks: ['charts', 'grid'],
      extensionUri: services.context.extensionUri,
      log: services.log,
      ...(restored ? { restored } : {}),
      // The panel every run goes to by default: a run while it is hidden behind another tab
      // draws as fast as into a panel on show. Panels of their own (perRun) are not kept, so
      // their memory does not grow with the number of runs.
      retainWhenHidden: key === REUSED_KEY,
      onAction: (action) => void this.act(action),
    });
  }

  holds(runId: string): boolean {
    return this.tabs.has(runId);
  }

  takes(placement: RunPlacement): boolean {
    return this.tabs.takes(placement);
  }

  show(record: RunRecord, placement: RunPlacement, reveal: boolean): void {
    this.tabs.place(record, placement);
    this.render(reveal);
    this.askForPlan(record);
  }

  /** Draws the views a page saved before the editor reloaded. */
  restore(page: ResultsPage): void {
    this.tabs.restore(page.views.map(asRestoredView), page.selected);
    this.render(false);
  }

  /** Carries out what the page asked; `saveTo` replaces the save dialog (editor tests). */
  async act(action: WebviewAction, saveTo?: vscode.Uri): Promise<ResultsActionOutcome> {
    const tab = this.tabs.find(action.runId);
    if (!tab) return {};
    const view = this.viewOf(tab);
    try {
      switch (action.type) {
        case 'selectRun':
          if (this.tabs.select(action.runId)) this.render(false);
          return {};
        case 'cancelRun':
          if (!this.context.controls()?.cancel(action.runId)) void vscode.window.showInformationMessage('That run is no longer going on in this window.');
          return {};
        case 'rerun':
          if (view.rerun) this.context.controls()?.rerun(view.rerun, { replaces: action.runId });
          return {};
        case 'copyRows':
          return await this.copy(buildShownTsv(view, action.rows, { headers: action.headers, ...(action.columns ? { columns: action.columns } : {}) }), `${action.rows.length} row${action.rows.length === 1 ? '' : 's'}`);
        case 'copyMarkdown':
          return await this.copy(buildRunMarkdown(view, action.rows), 'the result as Markdown');
        case 'export':
          return await this.export(view, action.format, action.rows, saveTo);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.context.services.log.warn(`The results panel could not ${action.type} run ${action.runId}: ${reason}`);
      void vscode.window.showWarningMessage(`The result could not be copied or exported: ${reason}`);
      return {};
    }
  }

  private async copy(text: string | undefined, what: string): Promise<ResultsActionOutcome> {
    if (text === undefined) {
      void vscode.window.showInformationMessage('This run has no result to copy yet.');
      return {};
    }
    await vscode.env.clipboard.writeText(text);
    vscode.window.setStatusBarMessage(`$(check) Copied ${what}`, 4000);
    return { copied: text };
  }

  private async export(view: ResultsView, format: 'csv' | 'json' | 'excel', rows: readonly number[], saveTo: vscode.Uri | undefined): Promise<ResultsActionOutcome> {
    const content = format === 'json' ? buildShownJson(view, rows) : buildShownCsv(view, rows, { excel: format === 'excel' });
    const label = format === 'excel' ? 'Excel-compatible CSV' : format.toUpperCase();
    if (content === undefined) {
      void vscode.window.showInformationMessage(`This run has no result to export as ${label}.`);
      return {};
    }
    const target =
      saveTo ??
      (await vscode.window.showSaveDialog({
        defaultUri: this.context.folder.defaultUri(suggestExportName(view, format)),
        filters: format === 'json' ? { JSON: ['json'] } : { CSV: ['csv'] },
        saveLabel: 'Export',
        title: `Export the ${view.insight ? 'rows the table shows' : 'activation'} as ${label}`,
      }));
    if (!target) return {};
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(content));
    this.context.folder.remember(target);
    const where = target.scheme === 'file' ? target.fsPath : target.toString();
    if (!saveTo) {
      void vscode.window.showInformationMessage(`Result exported to ${where}.`, 'Open').then((choice) => {
        if (choice === 'Open') void vscode.window.showTextDocument(target);
      });
    }
    return { exported: target.toString() };
  }

  private viewOf(tab: ResultsTab): ResultsView {
    if ('restored' in tab) return tab.restored;
    const plan = this.plans.get(tab.runId);
    return buildResultsView(tab.record, {
      ...(plan ? { plan } : {}),
      locale: vscode.env.language,
      cancellable: this.context.controls()?.isActive(tab.runId) === true,
    });
  }

  private render(reveal: boolean): void {
    const selected = this.tabs.selected;
    if (selected === undefined) return;
    const views = this.tabs.list.map((tab) => this.viewOf(tab));
    const page: ResultsPage = { views, selected, locale: vscode.env.language };
    const only = views.length === 1 ? views[0] : undefined;
    const title = only ? (this.key === REUSED_KEY ? 'IQL Results' : `IQL Result · ${shorten(only.query)}`) : `IQL Results · ${views.length} queries`;
    this.host.show({ type: 'showResults', page }, title, reveal);
  }

  /** Asks once per run for the plan, which names the thresholds; shows them when it comes. */
  private askForPlan(record: RunRecord): void {
    if (record.kind !== 'insight' || this.plansAskedFor.has(record.id)) return;
    this.plansAskedFor.add(record.id);
    const { services } = this.context;
    const requester: PlanRequester = services.languageClient;
    void fetchPlanForRun(requester, record, (reason) => services.log.info(`The plan of run ${record.id} could not be read: ${reason}`)).then((plan) => {
      if (!plan || this.host.isDisposed || !this.tabs.has(record.id)) return;
      this.plans.set(record.id, plan);
      this.render(false);
    });
  }
}

/** The key of the one panel every run reuses (the default of `iql.results.panel`). */
export const REUSED_KEY = 'reuse';

function shorten(query: string): string {
  const line = query.split(/\r?\n/).map((text) => text.trim()).find((text) => text !== '' && !text.startsWith('--')) ?? 'query';
  return line.length > TITLE_LIMIT ? `${line.slice(0, TITLE_LIMIT - 1)}…` : line;
}
