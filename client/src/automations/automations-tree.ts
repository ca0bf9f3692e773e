/**
 * The Automations view: the rows of automations-model.ts as tree items. A config row opens
 * its file, a step row its subject (automations-model.ts `stepSubject`: the segment, or the
 * step as a read-only JSON document); while an execution shown is running, the view refreshes
 * itself every 2 s until it is final. Service text is shown as plain strings only.
 */
import * as vscode from 'vscode';
import { oneLine } from '../explorer/display-text';
import { AutomationsModel, describeRow, isFinalStatus, type AutomationRow, type AutomationScope } from './automations-model';

export const AUTOMATIONS_VIEW = 'iql.automations';
/** How often a running execution is read again. */
const POLL_MS = 2000;

export class AutomationsTree implements vscode.TreeDataProvider<AutomationRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<AutomationRow | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly model: AutomationsModel;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(resolve: () => Promise<AutomationScope>, private readonly openCommand: string, private readonly stepCommand: string) {
    this.model = new AutomationsModel(resolve);
  }

  refresh(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.model.refresh();
    this.changed.fire(undefined);
  }

  async getChildren(row?: AutomationRow): Promise<AutomationRow[]> {
    const rows = await this.model.children(row);
    this.followRunning();
    return rows;
  }

  getTreeItem(row: AutomationRow): vscode.TreeItem {
    const text = describeRow(row);
    const expandable = row.kind === 'config' || row.kind === 'execution';
    const item = new vscode.TreeItem(oneLine(text.label), expandable ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.description = oneLine(text.description);
    item.tooltip = text.tooltip;
    switch (row.kind) {
      case 'message':
        item.iconPath = new vscode.ThemeIcon('info');
        item.contextValue = 'iql.message';
        break;
      case 'config':
        item.id = `${row.profile}/${row.config.id}`;
        item.iconPath = new vscode.ThemeIcon(row.config.enabled === true ? 'watch' : 'debug-pause');
        item.contextValue = 'iql.automation';
        item.command = { command: this.openCommand, title: 'Open', arguments: [row] };
        break;
      case 'execution':
        item.id = `${row.profile}/${row.execution.config_id ?? ''}/${row.execution.id}`;
        item.iconPath = statusIcon(row.execution.current_step_status);
        item.contextValue = 'iql.automationExecution';
        break;
      case 'step':
        item.iconPath = statusIcon(row.step.current_task_status);
        item.contextValue = 'iql.automationStep';
        item.command = { command: this.stepCommand, title: 'Open Its Subject', arguments: [row] };
        break;
    }
    return item;
  }

  /** While something shown runs, reads everything again in 2 s. */
  private followRunning(): void {
    if (this.timer !== undefined) return;
    void this.model.hasRunning().then((running) => {
      if (!running || this.timer !== undefined) return;
      this.timer = setTimeout(() => this.refresh(), POLL_MS);
    });
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.model.refresh();
    this.changed.dispose();
  }
}

/** The icon of an execution or step status: passed, failed, stopped, other final, running. */
export function statusIcon(status: string | undefined): vscode.ThemeIcon {
  if (status === 'COMPLETED') return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
  if (status === 'FAILED') return new vscode.ThemeIcon('error', new vscode.ThemeColor('testing.iconFailed'));
  if (status === 'CANCELED' || status === 'STALE') return new vscode.ThemeIcon('circle-slash');
  if (isFinalStatus(status)) return new vscode.ThemeIcon('warning');
  return new vscode.ThemeIcon('sync~spin');
}
