import * as vscode from 'vscode';
import type { ExplorerModel } from './explorer-model';
import type { ExplorerNode } from './explorer-node';
import { describeNode } from './node-items';
import type { ItemSpec } from './node-items';

/**
 * The TreeDataProvider of one explorer view: a thin adapter over its vscode-free model, which
 * owns loading, caching, filtering and paging. Tree items are plain text (see node-items.ts).
 */
export class ExplorerTreeProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  private readonly subscription: { dispose(): void };
  readonly onDidChangeTreeData = this.changed.event;

  constructor(readonly model: ExplorerModel) {
    this.subscription = model.onDidChange((node) => this.changed.fire(node));
  }

  /** A row whose tooltip lacks details the model reads on demand leaves it to resolveTreeItem. */
  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    const known = this.model.knownDetails(node);
    const item = toTreeItem(describeNode(known.node));
    if (known.lacking) item.tooltip = undefined;
    return item;
  }

  /** Called when the row is hovered (VS Code only resolves a tooltip left undefined): the tooltip with the details read; as it was when the read fails. */
  async resolveTreeItem(item: vscode.TreeItem, node: ExplorerNode): Promise<vscode.TreeItem> {
    const tooltip = describeNode(await this.model.readDetails(node)).tooltip;
    if (tooltip !== undefined) item.tooltip = tooltip;
    return item;
  }

  /** The node's children from the model; never rejects (failures are message rows). */
  getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    return this.model.getChildren(node);
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return this.model.getParent(node);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

const COLLAPSIBLE: Record<ItemSpec['collapsible'], vscode.TreeItemCollapsibleState> = {
  none: vscode.TreeItemCollapsibleState.None,
  collapsed: vscode.TreeItemCollapsibleState.Collapsed,
  expanded: vscode.TreeItemCollapsibleState.Expanded,
};

/** The TreeItem for a row description. Label, description and tooltip stay plain strings. */
export function toTreeItem(spec: ItemSpec): vscode.TreeItem {
  const item = new vscode.TreeItem(spec.label, COLLAPSIBLE[spec.collapsible]);
  item.id = spec.id;
  item.contextValue = spec.contextValue;
  if (spec.description !== undefined) item.description = spec.description;
  if (spec.tooltip !== undefined) item.tooltip = spec.tooltip;
  if (spec.icon !== undefined) item.iconPath = new vscode.ThemeIcon(spec.icon);
  if (spec.command !== undefined) item.command = { command: spec.command.command, title: spec.command.title, arguments: [...(spec.command.arguments ?? [])] };
  return item;
}
