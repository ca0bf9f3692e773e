/**
 * Insight report files in the editor: "New Insight Report…" writes one (its `$schema` makes the
 * editor complete dataset ids and categories; the language server checks its filters), and
 * code lenses on it send it: Create on Service (a refusal is underlined where it points; the
 * new id is written into the file), Refresh Status (shown in the lens) and Open Results (the
 * single-category results, every page, in the insight report panel, which reads the cross
 * result of the two categories it picks: client/src/webviews/report-panel.ts). "Open Insight
 * Report from Service…" writes a report already on the service as such a file
 * (open-from-service.ts). Each command takes the file's Uri and resolves to what it got, for tests.
 */
import * as vscode from 'vscode';
import type { GetInsightReportStatusResponse } from '../../../common/api';
import type { ExtensionServices } from '../extension-services';
import { inform, serviceOrWarn, warnOf } from '../explorer/dataset-commands';
import { oneLine } from '../explorer/display-text';
import { currentTarget } from '../explorer/explorer-target';
import { createJsonFile, fileProblemCollection, showFileProblems, writeId } from '../schemas/json-files';
import type { ProfileService } from '../service/profile-service';
import { locateReportRefusal, newReportFileText, readReportFile, REPORT_FILE_SUFFIX, reportFileName, type ReportDraft } from './report-file';
import { ReportPanels } from '../webviews/report-panel';
import type { ReportPanelState } from '../webviews/report-panel';
import { describeReportStatus, reportResultsDocument } from './report-results';
import { openReportFromService, type OpenReportChoices } from './open-from-service';

/** Command ids (declared in package.json). */
export const REPORT_COMMANDS = {
  create: 'iql.report.new',
  send: 'iql.report.create',
  refreshStatus: 'iql.report.refreshStatus',
  openResults: 'iql.report.openResults',
  openFromService: 'iql.report.openFromService',
} as const;

/** Internal (not declared): the state of every open insight report panel, for tests and diagnostics. */
export const REPORT_PANELS_STATE_COMMAND = 'iql.report.panelsState';
/** Internal (not declared): Export CSV… of the panel of a report id, to a given file Uri (for tests) or through the save dialog. */
export const REPORT_EXPORT_CSV_COMMAND = 'iql.report.exportCsv';

/** For tests and scripts: answers the questions "New Insight Report…" would ask. */
export interface NewReportChoices {
  readonly name?: string;
  /** Where to write the file, instead of asking. */
  readonly target?: vscode.Uri;
}

/** The last status read per report (file Uri and id), which the lenses show. */
class ReportStatuses {
  private readonly known = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  get(uri: vscode.Uri, id: string): string | undefined {
    return this.known.get(`${uri.toString()}#${id}`);
  }

  set(uri: vscode.Uri, id: string, status: string): void {
    this.known.set(`${uri.toString()}#${id}`, status);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The lenses at the top of a report file: Create on Service before it has an id, then Refresh Status and Open Results. */
class ReportLenses implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses: vscode.Event<void>;

  constructor(private readonly statuses: ReportStatuses) {
    this.onDidChangeCodeLenses = statuses.onDidChange;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const range = new vscode.Range(0, 0, 0, 0);
    const read = readReportFile(document.getText());
    const id = read.ok ? read.draft.id : /"id"\s*:\s*"([^"]+)"/.exec(document.getText())?.[1];
    if (id === undefined) return [new vscode.CodeLens(range, { title: '$(cloud-upload) Create on Service', command: REPORT_COMMANDS.send, arguments: [document.uri] })];
    const status = this.statuses.get(document.uri, id);
    const lenses = [new vscode.CodeLens(range, { title: status === undefined ? '$(sync) Refresh Status' : `$(sync) ${oneLine(status)} — Refresh Status`, command: REPORT_COMMANDS.refreshStatus, arguments: [document.uri] })];
    if (status === undefined || status.startsWith('COMPLETED')) lenses.push(new vscode.CodeLens(range, { title: '$(table) Open Results', command: REPORT_COMMANDS.openResults, arguments: [document.uri] }));
    return lenses;
  }
}

export function registerReports(services: ExtensionServices): void {
  const tracked = fileProblemCollection('iql-reports');
  const statuses = new ReportStatuses();
  const panels = new ReportPanels(services);
  services.context.subscriptions.push(
    tracked,
    statuses,
    panels,
    vscode.languages.registerCodeLensProvider({ pattern: `**/*${REPORT_FILE_SUFFIX}` }, new ReportLenses(statuses)),
    vscode.commands.registerCommand(REPORT_COMMANDS.create, (given?: NewReportChoices) => newReportFile(services, given)),
    vscode.commands.registerCommand(REPORT_COMMANDS.send, (uri?: vscode.Uri) => createOnService(services, tracked.collection, uri)),
    vscode.commands.registerCommand(REPORT_COMMANDS.refreshStatus, (uri?: vscode.Uri) => refreshStatus(services, statuses, uri)),
    vscode.commands.registerCommand(REPORT_COMMANDS.openResults, (uri?: vscode.Uri) => openResults(services, statuses, panels, uri)),
    vscode.commands.registerCommand(REPORT_COMMANDS.openFromService, (given?: OpenReportChoices) => openReportFromService(services, given)),
    vscode.commands.registerCommand(REPORT_PANELS_STATE_COMMAND, () => panels.states()),
    vscode.commands.registerCommand(REPORT_EXPORT_CSV_COMMAND, (reportId: string, target?: vscode.Uri) => panels.exportCsv(reportId, target)),
  );
}

/** Writes `reports/<name>.iqlreport.json` for the current profile and opens it; resolves to its document. */
async function newReportFile(services: ExtensionServices, given: NewReportChoices | undefined): Promise<vscode.TextDocument | undefined> {
  const profile = currentTarget(services).profile;
  if (profile === undefined) return inform('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const name = given?.name ?? (await vscode.window.showInputBox({ title: 'New insight report', prompt: 'Its name, as the service will list it', validateInput: (text) => (text.trim() === '' ? 'Give it a name.' : undefined) }));
  if (name === undefined || name.trim() === '') return undefined;
  return createJsonFile('reports', reportFileName(name.trim()), newReportFileText(profile, name.trim()), given?.target);
}

/** A report file (the given one, else the active editor's), read; undefined with a message when it is not one. */
async function openReport(services: ExtensionServices, uri: vscode.Uri | undefined): Promise<{ document: vscode.TextDocument; draft: ReportDraft; client: ProfileService } | { document: vscode.TextDocument; problems: true } | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (document === undefined || !document.uri.path.endsWith(REPORT_FILE_SUFFIX)) return inform(`Open an insight report file (*${REPORT_FILE_SUFFIX}); "New Insight Report…" starts one.`);
  const read = readReportFile(document.getText());
  if (!read.ok) return { document, problems: true };
  const profile = read.draft.profile ?? currentTarget(services).profile;
  if (profile === undefined) return inform('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const client = await serviceOrWarn(services, profile);
  return client === undefined ? undefined : { document, draft: read.draft, client };
}

/** Sends Create Insight Report; resolves to the new report's id (also written into the file), or undefined. */
async function createOnService(services: ExtensionServices, problems: vscode.DiagnosticCollection, uri: vscode.Uri | undefined): Promise<string | undefined> {
  const opened = await openReport(services, uri);
  if (opened === undefined) return undefined;
  const text = opened.document.getText();
  if ('problems' in opened) {
    const read = readReportFile(text);
    const found = read.ok ? [] : read.problems;
    showFileProblems(problems, opened.document, found);
    return inform(`${found[0]?.message ?? 'The file is not an insight report.'} Nothing was sent.`);
  }
  const { document, draft, client } = opened;
  if (draft.id !== undefined) return inform(`This file is report ${draft.id} already: remove its "id" to create another.`);
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Creating insight report "${oneLine(draft.body.name)}"…` }, () => client.call('createInsightReport', { body: draft.body }));
  if (!answer.ok) {
    const message = answer.error.serviceMessage ?? answer.error.message;
    if (answer.error.kind === 'invalid') showFileProblems(problems, document, [{ ...locateReportRefusal(text, message), message: `The service refused this report: ${message}` }]);
    return warnOf(answer.error);
  }
  const id = answer.value.report_id;
  if (id === undefined || id === '') return inform('The service created the report but sent no id back.');
  problems.delete(document.uri);
  await writeId(document, id);
  vscode.window.setStatusBarMessage(`$(check) Insight report "${oneLine(draft.body.name)}" created as ${oneLine(id)}`, 5000);
  return id;
}

/** Reads the report's status into its lens; resolves to the service's answer. */
async function refreshStatus(services: ExtensionServices, statuses: ReportStatuses, uri: vscode.Uri | undefined): Promise<GetInsightReportStatusResponse | undefined> {
  const created = await createdReport(services, uri);
  if (created === undefined) return undefined;
  const answer = await created.client.call('getInsightReportStatus', { params: { report_id: created.id } });
  if (!answer.ok) return warnOf(answer.error);
  statuses.set(created.document.uri, created.id, describeReportStatus(answer.value));
  return answer.value;
}

/** Opens the results of a completed report in its panel; resolves to the panel's state once it shows them. */
async function openResults(services: ExtensionServices, statuses: ReportStatuses, panels: ReportPanels, uri: vscode.Uri | undefined): Promise<ReportPanelState | undefined> {
  const created = await createdReport(services, uri);
  if (created === undefined) return undefined;
  const { client, id, document } = created;
  const read = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Reading the results of ${oneLine(id)}…` }, async () => {
    const status = await client.call('getInsightReportStatus', { params: { report_id: id } });
    if (!status.ok) return warnOf(status.error);
    const described = describeReportStatus(status.value);
    statuses.set(document.uri, id, described);
    if (status.value.status !== 'COMPLETED') return inform(`Report ${id} is ${described}: its results can be read once it is COMPLETED (Refresh Status follows it).`);
    const [definition, singles] = await Promise.all([client.call('getInsightReportDefinition', { params: { report_id: id } }), client.listAll('listInsightReportSingles', { params: { report_id: id } })]);
    if (!definition.ok) return warnOf(definition.error);
    if (!singles.ok) return warnOf(singles.error);
    return { results: reportResultsDocument(id, definition.value.report_name ?? created.name, described, singles.value), categories: definition.value.categories ?? [] };
  });
  if (read === undefined) return undefined;
  return panels.open(`${client.profile}#${id}`, {
    ...read,
    readCross: async ([first, second]) => {
      const answer = await client.call('getInsightReportCrossResult', { params: { report_id: id }, query: { category_1: first, category_2: second } });
      return answer.ok ? { ok: true, value: reportResultsDocument(id, '', '', [], answer.value.result).cross } : answer;
    },
  });
}

/** A report file that has an id, its service and name; undefined with a message otherwise. */
async function createdReport(services: ExtensionServices, uri: vscode.Uri | undefined): Promise<{ document: vscode.TextDocument; client: ProfileService; id: string; name: string } | undefined> {
  const opened = await openReport(services, uri);
  if (opened === undefined) return undefined;
  if ('problems' in opened) return inform('The report file has problems: fix them (see the Problems view) and try again.');
  if (opened.draft.id === undefined) return inform('This report is not on the service yet: use "Create on Service" first.');
  return { document: opened.document, client: opened.client, id: opened.draft.id, name: opened.draft.body.name };
}
