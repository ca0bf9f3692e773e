/**
 * The "Running and looking" feature: the run commands (run, run all, validate, cancel, re-run)
 * and the History view with its commands. Composes the feature's parts and registers them;
 * the logic lives in the vscode-free modules beside this one.
 */
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { ActiveRuns } from './active-runs';
import { registerHistoryCommands } from './history-commands';
import { HistoryStore } from './history-store';
import { HistoryTreeProvider } from './history-tree';
import { createResultFiles, RESULTS_FOLDER } from './result-archive';
import { registerRunCommands } from './run-commands';
import { RunLauncher } from './run-launcher';
import { registerValidateCommand } from './validate-command';

/** Registers the run commands, `iql.validateQuery`, the History view and its commands. */
export function registerRuns(services: ExtensionServices): void {
  const { context } = services;
  const active = new ActiveRuns();
  const history = new HistoryStore(context.globalState, {
    archive: createResultFiles(join(context.globalStorageUri.fsPath, RESULTS_FOLDER)),
    maxEntries: () => vscode.workspace.getConfiguration('iql.history').get<unknown>('maxEntries'),
    onError: (message) => services.log.warn(message),
  });
  const launcher = new RunLauncher(services, active, history);
  const tree = new HistoryTreeProvider(history, active);
  const deps = { services, launcher, active, history };
  services.panels.results.setRunControls({
    cancel: (runId) => active.cancel(runId),
    isActive: (runId) => active.isActive(runId),
    rerun: (request, placement) => void launcher.launch(request, { placement }),
  });

  const stopWatchingRuns = active.onDidChange(() => {
    void vscode.commands.executeCommand('setContext', 'iql.runInProgress', active.size > 0);
  });

  context.subscriptions.push(
    ...registerRunCommands(deps),
    registerValidateCommand(services),
    ...registerHistoryCommands(deps),
    tree,
    vscode.window.createTreeView('iql.history', { treeDataProvider: tree }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('iql.history.maxEntries')) void history.prune();
    }),
    { dispose: stopWatchingRuns },
    launcher,
  );
  // Applies the bound and removes result files no run refers to any more; not awaited, so that
  // activation stays fast.
  void history.prune();
}
