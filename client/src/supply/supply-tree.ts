/**
 * The Data Supply view: the rows of supply-model.ts as tree items. A row standing for an
 * object at the service opens it (read-only JSON); while an execution shown is running, the
 * view reads everything again every 2 s until it is final, but the datasets (read a page at a
 * time, as "Show more…" asks). Service text is shown as plain
 * strings only.
 */
import * as vscode from 'vscode';
import { statusIcon } from '../automations/automations-tree';
import { oneLine } from '../explorer/display-text';
import { SupplyModel, type SupplyScope } from './supply-model';
import { describeSupplyRow, openRequestOf, type SupplyRow } from './supply-rows';

export const SUPPLY_VIEW = 'iql.dataSupply';
/** How often a running execution is read again. */
const POLL_MS = 2000;

const EXPANDABLE: ReadonlySet<SupplyRow['kind']> = new Set(['group', 'vault', 'vaultSection', 'recordset', 'connector', 'importer', 'execution', 'dataset']);

const ICONS: Partial<Record<SupplyRow['kind'], string>> = {
  group: 'folder-library',
  vault: 'archive',
  vaultSection: 'folder',
  file: 'file',
  recordset: 'table',
  column: 'symbol-field',
  connector: 'plug',
  importer: 'cloud-download',
  config: 'settings-gear',
  history: 'history',
  dataset: 'database',
  lineageLink: 'link',
  more: 'ellipsis',
  message: 'info',
};

export class SupplyTree implements vscode.TreeDataProvider<SupplyRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<SupplyRow | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly model: SupplyModel;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    resolve: () => Promise<SupplyScope>,
    private readonly openCommand: string,
    private readonly showMoreCommand: string,
  ) {
    this.model = new SupplyModel(resolve);
  }

  refresh(options: { readonly following?: boolean } = {}): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.model.refresh(options);
    this.changed.fire(undefined);
  }

  /** "Show more…": the next page of the datasets. */
  showMore(row: SupplyRow | undefined): void {
    if (row?.kind !== 'more') return;
    this.model.showMore();
    this.changed.fire(undefined);
  }

  async getChildren(row?: SupplyRow): Promise<SupplyRow[]> {
    const rows = await this.model.children(row);
    this.followRunning();
    return rows;
  }

  getTreeItem(row: SupplyRow): vscode.TreeItem {
    const text = describeSupplyRow(row);
    const item = new vscode.TreeItem(oneLine(text.label), expands(row) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.description = oneLine(text.description);
    item.tooltip = text.tooltip;
    item.contextValue = contextOf(row);
    item.iconPath = row.kind === 'execution' ? statusIcon(row.execution.status) : new vscode.ThemeIcon(ICONS[row.kind] ?? 'circle-outline');
    const id = idOf(row);
    if (id !== undefined) item.id = id;
    if (openRequestOf(row) !== undefined) item.command = { command: this.openCommand, title: 'Open', arguments: [row] };
    if (row.kind === 'more') item.command = { command: this.showMoreCommand, title: 'Show more', arguments: [row] };
    return item;
  }

  /** While something shown runs, reads everything again in 2 s but the datasets. */
  private followRunning(): void {
    if (this.timer !== undefined || !this.model.hasRunning()) return;
    this.timer = setTimeout(() => this.refresh({ following: true }), POLL_MS);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.model.refresh();
    this.changed.dispose();
  }
}

function expands(row: SupplyRow): boolean {
  return EXPANDABLE.has(row.kind) || (row.kind === 'config' && row.configKind !== 'recordset');
}

/** A stable ID for rows that expand, so a refresh keeps them open. */
function idOf(row: SupplyRow): string | undefined {
  switch (row.kind) {
    case 'group':
      return `${row.profile}/${row.group}`;
    case 'vault':
      return `${row.profile}/vault/${row.vault.id}`;
    case 'vaultSection':
      return `${row.profile}/vault/${row.vaultId}/${row.section}`;
    case 'recordset':
      return `${row.profile}/vault/${row.vaultId}/recordset/${row.recordset.id}`;
    case 'connector':
      return `${row.profile}/connector/${row.connector.id}`;
    case 'importer':
      return `${row.profile}/importer/${row.importer.id}`;
    case 'execution':
      return `${row.profile}/${row.execution.kind}/${row.execution.id}`;
    case 'config':
      return `${row.profile}/${row.configKind}-config/${row.config.id}`;
    case 'dataset':
      return `${row.profile}/dataset/${row.dataset.dataset_id}`;
    default:
      return undefined;
  }
}

/** The context value menus read: the row's kind, and for executions what may be done next. */
function contextOf(row: SupplyRow): string {
  if (row.kind !== 'execution') return `iql.supply.${row.kind}`;
  const { execution } = row;
  const publishable = execution.kind === 'prepare' && execution.status === 'COMPLETED' && execution.prepareStatus !== 'PUBLISHED' && execution.prepareStatus !== 'PUBLISHING';
  return publishable ? 'iql.supply.execution.publishable' : 'iql.supply.execution';
}
