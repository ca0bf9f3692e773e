/**
 * "Open Insight Report from Service…": the company's insight reports (List Insight Reports) in
 * a quick pick, newest first; the one picked is read (Get Insight Report Definition) and written
 * as `reports/<name>.iqlreport.json` with its id, so the report file's lenses (Refresh Status,
 * Open Results) and the language server's checks work on it as on a file created here. A file
 * of that name holding the same report is opened as it is; one holding another report is left
 * alone and the new file's name takes the id too. The file text is report-file.ts's.
 */
import * as vscode from 'vscode';
import type { InsightReportSummary } from '../../../common/api';
import type { ExtensionServices } from '../extension-services';
import { currentServiceOrWarn, inform, warnOf } from '../explorer/dataset-commands';
import { oneLine } from '../explorer/display-text';
import { createJsonFile } from '../schemas/json-files';
import { readReportFile, reportFileName, reportFileTextFromDefinition } from './report-file';
import { describeReportStatus } from './report-results';

/** For tests and scripts: the report to open without the quick pick, and where to write it. */
export interface OpenReportChoices {
  readonly reportId?: string;
  readonly target?: vscode.Uri;
}

/** Opens the picked (or given) report as a file; resolves to its document, or undefined. */
export async function openReportFromService(services: ExtensionServices, given: OpenReportChoices | undefined): Promise<vscode.TextDocument | undefined> {
  const current = await currentServiceOrWarn(services);
  if (current === undefined) return undefined;
  const { profile, client } = current;
  let reportId = given?.reportId;
  if (reportId === undefined) {
    const listed = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Listing insight reports…' }, () => client.listAll('listInsightReports', {}));
    if (!listed.ok) return warnOf(listed.error);
    if (listed.value.length === 0) return inform(`No insight report on "${profile}" yet: "New Insight Report…" starts one.`);
    const picked = await vscode.window.showQuickPick(listed.value.slice().sort(newestFirst).map(pickItem), {
      title: `Open insight report from "${profile}"`,
      placeHolder: 'Type to filter by name, id or status',
      matchOnDescription: true,
    });
    if (picked === undefined) return undefined;
    reportId = picked.reportId;
  }
  const definition = await client.call('getInsightReportDefinition', { params: { report_id: reportId } });
  if (!definition.ok) return warnOf(definition.error);
  const text = reportFileTextFromDefinition(profile, { ...definition.value, report_id: definition.value.report_id ?? reportId });
  const name = definition.value.report_name ?? reportId;
  const target = given?.target ?? (await freeTarget(name, reportId));
  if (target !== undefined && (await sameReportAt(target, reportId))) {
    const document = await vscode.workspace.openTextDocument(target);
    await vscode.window.showTextDocument(document);
    return document;
  }
  return createJsonFile('reports', reportFileName(name), text, target);
}

function pickItem(report: InsightReportSummary): vscode.QuickPickItem & { readonly reportId: string } {
  return {
    label: oneLine(report.report_name ?? report.report_id ?? ''),
    description: `${oneLine(report.report_id ?? '')} · ${oneLine(describeReportStatus(report))}`,
    detail: report.created_date_time === undefined ? undefined : `created ${report.created_date_time}${report.created_by ? ` by ${oneLine(report.created_by)}` : ''}`,
    reportId: report.report_id ?? '',
  };
}

function newestFirst(a: InsightReportSummary, b: InsightReportSummary): number {
  return (b.created_date_time ?? '').localeCompare(a.created_date_time ?? '');
}

/** `reports/<name>.iqlreport.json` in the first workspace folder, or `<name> <id>` when that file holds another report; undefined without a folder. */
async function freeTarget(name: string, reportId: string): Promise<vscode.Uri | undefined> {
  const workspace = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (workspace === undefined) return undefined;
  const plain = vscode.Uri.joinPath(workspace, 'reports', reportFileName(name));
  if (!(await exists(plain)) || (await sameReportAt(plain, reportId))) return plain;
  return vscode.Uri.joinPath(workspace, 'reports', reportFileName(`${name} ${reportId}`));
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/** Whether the file at `uri` is a report file of this report id. */
async function sameReportAt(uri: vscode.Uri, reportId: string): Promise<boolean> {
  if (!(await exists(uri))) return false;
  const read = readReportFile(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
  return read.ok && read.draft.id === reportId;
}
