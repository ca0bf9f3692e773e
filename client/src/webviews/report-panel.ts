/**
 * The insight report panel: a completed report's single-category results (a bar chart of the
 * index per value, with the baseline at 100, and a sortable table per category) and the cross
 * result of two of its categories as a heat map, one panel per report (reused when opened
 * again). The cross result of the pair the page picks is one Get Insight Report Cross Result
 * call made here, in the extension host, when the page asks for it (`reportCross`); the latest
 * request wins. Export CSV… (`exportReport`) writes every single-category row through a save
 * dialog that starts in the user's home folder (or the folder of the last export).
 */
import * as os from 'node:os';
import * as vscode from 'vscode';
import type { ServiceResult } from '../../../common/service-result';
import type { ReportView } from '../../../common/webview/report-view';
import type { ReportResultsDocument } from '../reports/report-results';
import { buildReportCsv, buildReportView, defaultCategoryPair, suggestReportCsvName } from './report-view-model';
import type { ReportCrossState } from './report-view-model';
import { WebviewPanelHost } from './webview-panel-host';
import type { PanelState, ReportAction } from './webview-panel-host';

export const REPORT_VIEW_TYPE = 'iql.report';

type Cross = NonNullable<ReportResultsDocument['cross']>;

/** What a panel needs: the results read (singles, no cross yet), the categories, and a way to read a cross result. */
export interface ReportSource {
  readonly results: ReportResultsDocument;
  /** The report's categories (its definition's order). */
  readonly categories: readonly string[];
  /** The cross result of two categories (Get Insight Report Cross Result). */
  readCross(pair: readonly [string, string]): Promise<ServiceResult<Cross | undefined>>;
}

/** What a panel was sent and what its page drew: the answer of Open Results, for tests and diagnostics. */
export interface ReportPanelState {
  readonly reportId: string;
  /** The results shown: the singles and the cross result of the pair last read. */
  readonly results: ReportResultsDocument;
  /** The last view sent to the page. */
  readonly view?: ReportView;
  /** The file of the last CSV export. */
  readonly exported?: string;
  readonly panel: PanelState;
}

export interface ReportPanelServices {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
}

class ReportPanel {
  readonly host: WebviewPanelHost;
  private crossState: ReportCrossState = { loading: false };
  private sequence = 0;
  private view: ReportView | undefined;
  private exported: string | undefined;

  constructor(
    private source: ReportSource,
    private readonly services: ReportPanelServices,
    private readonly exports: ReportExports,
  ) {
    this.host = new WebviewPanelHost({
      viewType: REPORT_VIEW_TYPE,
      title: this.title(),
      bundle: 'report',
      extensionUri: services.context.extensionUri,
      log: services.log,
      onReportAction: (action) => this.act(action),
    });
  }

  /** Takes the results read again; the pair picked stays when the report still has both categories. */
  use(source: ReportSource): Promise<void> {
    this.source = source;
    const pair = this.crossState.pair;
    const kept = pair !== undefined && pair.every((category) => source.categories.includes(category)) ? pair : defaultCategoryPair(source.categories);
    this.crossState = { loading: false };
    return this.loadCross(kept);
  }

  /** Shows the singles, then reads the cross result of `pair` (if any); resolves when it (or its failure) is shown. */
  loadCross(pair: readonly [string, string] | undefined): Promise<void> {
    const sequence = ++this.sequence;
    if (pair === undefined) {
      this.update({ loading: false }, true);
      return Promise.resolve();
    }
    this.update({ ...this.crossState, pair, loading: true }, true);
    const loading = this.source.readCross(pair).then(
      (answer) => {
        if (sequence !== this.sequence || this.host.isDisposed) return;
        if (!answer.ok) {
          const message = answer.error.serviceMessage ?? answer.error.message;
          this.services.log.info(`Cross result of ${this.source.results.report_id} (${pair.join(' × ')}): ${message}`);
          this.update({ pair, loading: false, error: message }, true);
          return;
        }
        this.update({ pair, loading: false, ...(answer.value ? { cross: answer.value } : {}) }, true);
      },
      (error: unknown) => {
        if (sequence === this.sequence) this.update({ pair, loading: false, error: error instanceof Error ? error.message : String(error) }, true);
      },
    );
    return loading;
  }

  /** Writes every single-category row as CSV to `target`, or where the save dialog says; resolves to the file written. */
  async exportCsv(target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const written = await this.exports.write(this.source.results, target);
    if (written !== undefined) this.exported = written.toString();
    return written;
  }

  snapshot(): ReportPanelState {
    return {
      reportId: this.source.results.report_id,
      results: this.results(),
      ...(this.view ? { view: this.view } : {}),
      ...(this.exported === undefined ? {} : { exported: this.exported }),
      panel: this.host.state(),
    };
  }

  reveal(): void {
    this.host.panel.reveal(undefined, false);
  }

  private results(): ReportResultsDocument {
    const { cross } = this.crossState;
    return cross ? { ...this.source.results, cross } : this.source.results;
  }

  private update(next: ReportCrossState, reveal: boolean): void {
    this.crossState = next;
    const id = `${this.source.results.report_id}#${this.sequence}${next.loading ? ':loading' : ''}`;
    this.view = buildReportView(this.source.results, this.source.categories, next, id);
    this.host.show({ type: 'showReport', view: this.view }, this.title(), reveal);
  }

  private title(): string {
    return `Report · ${this.source.results.name || this.source.results.report_id}`;
  }

  private act(action: ReportAction): void {
    if (action.type === 'exportReport') {
      void this.exportCsv();
      return;
    }
    void this.loadCross(action.categories);
  }
}

/** The CSV export: a save dialog that starts in the user's home folder, then in the folder of the last export. */
class ReportExports {
  private lastFolder: vscode.Uri | undefined;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  async write(results: ReportResultsDocument, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
    const folder = this.lastFolder ?? vscode.Uri.file(os.homedir());
    const uri =
      target ??
      (await vscode.window.showSaveDialog({
        title: `Export the results of ${results.name || results.report_id} as CSV`,
        defaultUri: vscode.Uri.joinPath(folder, suggestReportCsvName(results.report_id)),
        filters: { CSV: ['csv'] },
        saveLabel: 'Export',
      }));
    if (uri === undefined) return undefined;
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(buildReportCsv(results.singles)));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.warn(`Export of ${results.report_id}: ${message}`);
      void vscode.window.showWarningMessage(`The results could not be written: ${message}`);
      return undefined;
    }
    this.lastFolder = vscode.Uri.joinPath(uri, '..');
    return uri;
  }
}

/** The open insight report panels, one per profile and report. */
export class ReportPanels implements vscode.Disposable {
  private readonly panels = new Map<string, ReportPanel>();
  private readonly exports: ReportExports;

  constructor(private readonly services: ReportPanelServices) {
    this.exports = new ReportExports(services.log);
  }

  /**
   * Opens (or reveals) the panel of `key` with the results of `source`, and reads the cross
   * result of the first two categories (a reopened panel keeps its pair). Resolves to the
   * panel's state once the cross result (or its failure) is shown.
   */
  async open(key: string, source: ReportSource): Promise<ReportPanelState> {
    const panel = this.panels.get(key);
    if (panel === undefined || panel.host.isDisposed) {
      const created = new ReportPanel(source, this.services, this.exports);
      created.host.onDidDispose(() => {
        if (this.panels.get(key) === created) this.panels.delete(key);
      });
      this.panels.set(key, created);
      await created.loadCross(defaultCategoryPair(source.categories));
      return created.snapshot();
    }
    panel.reveal();
    await panel.use(source);
    return panel.snapshot();
  }

  /** Exports the results of the open panel of report `reportId`; resolves to its state after, or undefined when none is open. */
  async exportCsv(reportId: string, target?: vscode.Uri): Promise<ReportPanelState | undefined> {
    const panel = [...this.panels.values()].find((candidate) => candidate.snapshot().reportId === reportId);
    if (panel === undefined) return undefined;
    await panel.exportCsv(target);
    return panel.snapshot();
  }

  /** Shows the cross result of `pair` in the panel of report `reportId`, as its selects would; resolves to its state. */
  async showCross(reportId: string, pair: readonly [string, string]): Promise<ReportPanelState | undefined> {
    const panel = [...this.panels.values()].find((candidate) => candidate.snapshot().reportId === reportId);
    if (panel === undefined) return undefined;
    await panel.loadCross(pair);
    return panel.snapshot();
  }

  states(): ReportPanelState[] {
    return [...this.panels.values()].map((panel) => panel.snapshot());
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.host.dispose();
    this.panels.clear();
  }
}
