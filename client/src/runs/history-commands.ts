/**
 * The History view's commands: `iql.history.reopen`, `iql.history.rerun`,
 * `iql.history.openResult`, `iql.history.remove`, `iql.history.clear`. Each takes the run's id
 * (what the view's menus pass) or anything with an `id`. `iql.history.search` finds a run by
 * any word of its query, target, time, status, file or service ID.
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import type { ActiveRuns } from './active-runs';
import { describeHistoryPick } from './history-item-model';
import { KEPT_RESULTS } from './history-store';
import type { HistoryStore } from './history-store';
import { buildQueryDocumentText, locateQuery } from './query-document-text';
import { readRunId } from './query-command-args';
import { requestFromRecord } from './run-commands';
import type { RunLauncher } from './run-launcher';
import type { RunRecord } from './run-record';

export interface HistoryCommandDeps {
  readonly services: ExtensionServices;
  readonly launcher: RunLauncher;
  readonly active: ActiveRuns;
  readonly history: HistoryStore;
}

const CLEAR = 'Clear History';

/** Registers the history commands and returns their registrations. */
export function registerHistoryCommands(deps: HistoryCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('iql.history.reopen', (arg?: unknown) => withRun(deps, arg, (record) => reopenQuery(record))),
    vscode.commands.registerCommand('iql.history.rerun', (arg?: unknown) => withRun(deps, arg, (record) => deps.launcher.launch(requestFromRecord(record)))),
    vscode.commands.registerCommand('iql.history.openResult', (arg?: unknown) => withRun(deps, arg, (record) => openResult(deps, record))),
    vscode.commands.registerCommand('iql.history.remove', (arg?: unknown) => withRun(deps, arg, (record) => removeRun(deps, record))),
    vscode.commands.registerCommand('iql.history.clear', () => clearHistory(deps)),
    vscode.commands.registerCommand('iql.history.search', (filter?: unknown) => searchHistory(deps, typeof filter === 'string' ? filter : undefined)),
  ];
}

/**
 * A quick pick over every run, matched on its query, its facts and its file; the chosen run's
 * result opens (its query when no result is kept). `filter` starts the search with that text.
 * Resolves with the chosen run's id.
 */
async function searchHistory(deps: HistoryCommandDeps, filter: string | undefined): Promise<string | undefined> {
  const entries = deps.history.list();
  if (entries.length === 0) {
    void vscode.window.showInformationMessage('The history is empty. Run a query (Ctrl+Enter, Cmd+Enter on macOS) and it is kept here.');
    return undefined;
  }
  const context = { isActive: (id: string) => deps.active.isActive(id), now: Date.now() };
  const picker = vscode.window.createQuickPick<vscode.QuickPickItem & { readonly id: string; readonly withResult: boolean }>();
  picker.title = 'Search History';
  picker.placeholder = 'Type any part of a query, profile, collaboration, time, status or file name';
  picker.matchOnDescription = true;
  picker.matchOnDetail = true;
  picker.items = entries.map((entry) => ({ ...describeHistoryPick(entry, context), withResult: entry.resultKept }));
  if (filter !== undefined) picker.value = filter;
  const chosen = await new Promise<(typeof picker.items)[number] | undefined>((resolve) => {
    picker.onDidAccept(() => resolve(picker.selectedItems[0]));
    picker.onDidHide(() => resolve(undefined));
    picker.show();
  });
  picker.dispose();
  if (chosen === undefined) return undefined;
  await vscode.commands.executeCommand(chosen.withResult ? 'iql.history.openResult' : 'iql.history.reopen', chosen.id);
  return chosen.id;
}

/** Finds the run `arg` names (in this window's active runs first, then the history) and acts on it. */
async function withRun<T>(deps: HistoryCommandDeps, arg: unknown, act: (record: RunRecord) => Promise<T>): Promise<T | undefined> {
  const id = readRunId(arg);
  const record = id === undefined ? undefined : (deps.active.list().find((run) => run.id === id) ?? deps.history.get(id)?.record);
  if (!record) {
    void vscode.window.showInformationMessage('That run is no longer in the history. Pick a run in the History view.');
    return undefined;
  }
  return act(record);
}

/**
 * Shows the run's query: in its document when that still exists and holds the text (the query
 * selected), else in a new untitled IQL editor with the directives that target what it targeted.
 */
async function reopenQuery(record: RunRecord): Promise<void> {
  const original = await openOriginal(record);
  if (original) {
    const at = locateQuery(original.getText(), record.query);
    if (at >= 0) {
      const editor = await vscode.window.showTextDocument(original);
      const range = new vscode.Range(original.positionAt(at), original.positionAt(at + record.query.length));
      editor.selection = new vscode.Selection(range.start, range.end);
      editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
      return;
    }
  }
  const document = await vscode.workspace.openTextDocument({ language: 'iql', content: buildQueryDocumentText(record) });
  await vscode.window.showTextDocument(document);
}

/** The run's document if it still exists; an untitled one only while it is still open. */
async function openOriginal(record: RunRecord): Promise<vscode.TextDocument | undefined> {
  if (record.documentUri === undefined) return undefined;
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(record.documentUri, true);
  } catch {
    return undefined;
  }
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
  if (open) return open;
  // Opening a closed untitled URI would create an empty document instead of finding the old one.
  if (uri.scheme === 'untitled') return undefined;
  try {
    return await vscode.workspace.openTextDocument(uri);
  } catch {
    return undefined;
  }
}

async function openResult(deps: HistoryCommandDeps, record: RunRecord): Promise<void> {
  if (deps.active.isActive(record.id)) {
    deps.services.panels.results.show(record);
    return;
  }
  const withResult = await deps.history.loadResult(record.id);
  if (!withResult) {
    void vscode.window.showInformationMessage(`The result of this run is no longer kept (results of the ${KEPT_RESULTS} newest runs are). Re-run it to see a result.`);
    return;
  }
  deps.services.panels.results.show(withResult);
}

async function removeRun(deps: HistoryCommandDeps, record: RunRecord): Promise<void> {
  if (deps.active.isActive(record.id)) {
    void vscode.window.showInformationMessage('This run is still going on. Cancel it first ("IQL: Cancel Run"), then remove it.');
    return;
  }
  await deps.history.remove(record.id);
}

/** Asks first, then removes every run and kept result; runs still going on stay. */
async function clearHistory(deps: HistoryCommandDeps): Promise<void> {
  const count = deps.history.list().length;
  if (count === 0) return;
  const answer = await vscode.window.showWarningMessage(
    `Remove all ${count} runs and their kept results from the history?`,
    { modal: true, detail: 'Runs still going on stay. The queries themselves are not affected.' },
    CLEAR,
  );
  if (answer !== CLEAR) return;
  await deps.history.clear((entry) => deps.active.isActive(entry.record.id));
}
