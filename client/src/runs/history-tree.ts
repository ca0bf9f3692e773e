/**
 * The History view (`iql.history`): every run of the history, newest first. Elements are run
 * ids, so the menus' commands receive the id of the run they are about. All text is plain.
 */
import * as vscode from 'vscode';
import type { ActiveRuns } from './active-runs';
import type { HistoryStore } from './history-store';
import { describeHistoryEntry } from './history-item-model';
import type { HistoryEntry } from './stored-run';

export class HistoryTreeProvider implements vscode.TreeDataProvider<string>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private entries = new Map<string, HistoryEntry>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly history: HistoryStore,
    private readonly active: ActiveRuns,
  ) {
    // A run that starts or ends changes how the others read (running vs interrupted).
    this.unsubscribe = [history.onDidChange(() => this.refresh()), active.onDidChange(() => this.refresh())];
  }

  refresh(): void {
    this.changed.fire(undefined);
  }

  getChildren(element?: string): string[] {
    if (element !== undefined) return [];
    const entries = this.history.list();
    this.entries = new Map(entries.map((entry) => [entry.record.id, entry]));
    return entries.map((entry) => entry.record.id);
  }

  getTreeItem(id: string): vscode.TreeItem {
    const entry = this.entries.get(id) ?? this.history.get(id);
    if (!entry) return new vscode.TreeItem('(removed run)');
    const model = describeHistoryEntry(entry, { isActive: (runId) => this.active.isActive(runId), now: Date.now() });
    const item = new vscode.TreeItem(model.label, vscode.TreeItemCollapsibleState.None);
    item.id = model.id;
    item.description = model.description;
    item.tooltip = model.tooltip;
    item.contextValue = model.contextValue;
    item.iconPath = new vscode.ThemeIcon(model.icon);
    item.accessibilityInformation = { label: `${model.label}, ${model.description}` };
    item.command =
      model.contextValue === 'iql.run.withResult'
        ? { command: 'iql.history.openResult', title: 'Open Result', arguments: [id] }
        : { command: 'iql.history.reopen', title: 'Open Query', arguments: [id] };
    return item;
  }

  dispose(): void {
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.changed.dispose();
  }
}
