/**
 * The run commands: `iql.runQuery`, `iql.runAllQueries`, `iql.cancelRun`, `iql.rerunLast`.
 * Each resolves when its work is done (the finished run, for the run commands) without ever
 * holding the editor: progress is a non-modal notification.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { QueryInfo } from '../../../common/protocol';
import type { ExtensionServices } from '../extension-services';
import type { ActiveRuns } from './active-runs';
import type { HistoryStore } from './history-store';
import { firstQueryLine } from './history-item-model';
import { findQueries } from './query-at-cursor';
import type { DocumentQueries } from './query-at-cursor';
import { readRunId } from './query-command-args';
import type { RunLauncher } from './run-launcher';
import type { RunRecord } from './run-record';
import type { RunRequest } from './run-transitions';

export interface RunCommandDeps {
  readonly services: ExtensionServices;
  readonly launcher: RunLauncher;
  readonly active: ActiveRuns;
  readonly history: HistoryStore;
}

/** Registers the four run commands and returns their registrations. */
export function registerRunCommands(deps: RunCommandDeps): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('iql.runQuery', (arg?: unknown) => runQueryAt(deps, arg)),
    vscode.commands.registerCommand('iql.runAllQueries', (arg?: unknown) => runAllQueries(deps, arg)),
    vscode.commands.registerCommand('iql.cancelRun', (arg?: unknown) => cancelRun(deps, arg)),
    vscode.commands.registerCommand('iql.rerunLast', () => rerunLast(deps)),
  ];
}

/** A request to run `record`'s query again, as it was sent then (same text, kind and target). */
export function requestFromRecord(record: RunRecord): RunRequest {
  return { query: record.query, kind: record.kind, target: record.target, ...(record.documentUri !== undefined ? { documentUri: record.documentUri } : {}) };
}

function requestFromQuery(found: DocumentQueries, query: QueryInfo): RunRequest {
  return { query: query.text, kind: query.kind, target: found.target, documentUri: found.uri, hasLocalErrors: query.hasLocalErrors };
}

async function runQueryAt(deps: RunCommandDeps, arg: unknown): Promise<RunRecord | undefined> {
  const found = await findQueries(deps.services, arg);
  const query = found?.queries[0];
  if (!found || !query) return undefined;
  return deps.launcher.launch(requestFromQuery(found, query));
}

/**
 * Runs every query of the file, one after another, each its own run and its own tab of one
 * results panel, a failure kept in its tab; a cancel stops the rest. One summary at the end
 * says how many failed, instead of a message per failure.
 */
async function runAllQueries(deps: RunCommandDeps, arg: unknown): Promise<RunRecord[]> {
  const found = await findQueries(deps.services, arg, { all: true });
  if (!found) return [];
  const finished: RunRecord[] = [];
  const placement = { batch: randomUUID() };
  for (const [index, query] of found.queries.entries()) {
    const record = await deps.launcher.launch(requestFromQuery(found, query), { placement, announce: false });
    if (!record) break;
    finished.push(record);
    const left = found.queries.length - index - 1;
    if (record.status === 'cancelled' && left > 0) {
      void vscode.window.showInformationMessage(`Run All stopped after the cancel: ${left} more ${left === 1 ? 'query was' : 'queries were'} not sent.`);
      break;
    }
  }
  const failed = finished.filter((record) => record.status === 'failed').length;
  if (failed > 0) {
    void vscode.window.showWarningMessage(`Run All: ${failed} of ${finished.length} ${finished.length === 1 ? 'query' : 'queries'} failed. Each failure is kept in its tab of the results panel with the service's message.`);
  }
  return finished;
}

/**
 * Stops following a run: the one given (run id or history item), the only one going on, or
 * one the user picks. The service has no cancel operation; the run's message says so.
 */
async function cancelRun(deps: RunCommandDeps, arg: unknown): Promise<void> {
  const given = readRunId(arg);
  if (given !== undefined) {
    if (!deps.active.cancel(given)) void vscode.window.showInformationMessage('That run is no longer going on.');
    return;
  }
  const running = deps.active.list();
  if (running.length === 0) {
    void vscode.window.showInformationMessage('No query is running.');
    return;
  }
  if (running.length === 1 && running[0]) {
    deps.active.cancel(running[0].id);
    return;
  }
  const picked = await vscode.window.showQuickPick(
    running.map((record) => ({ label: firstQueryLine(record.query), description: record.serviceId ?? 'starting', id: record.id })),
    { placeHolder: 'Which run should stop?' },
  );
  if (picked) deps.active.cancel(picked.id);
}

/** Runs the last query again: the last one started in this window, else the newest in the history. */
async function rerunLast(deps: RunCommandDeps): Promise<RunRecord | undefined> {
  const last = deps.active.lastStarted() ?? deps.history.list()[0]?.record;
  if (!last) {
    void vscode.window.showInformationMessage('No query has been run yet. Place the cursor in a query and press Ctrl+Enter (Cmd+Enter on macOS).');
    return undefined;
  }
  return deps.launcher.launch(requestFromRecord(last));
}
