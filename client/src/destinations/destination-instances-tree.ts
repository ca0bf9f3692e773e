/**
 * The Destination Instances view: the company's configured export targets for the profile the
 * explorer follows, each opening as a destination file. Service text is shown as plain
 * strings only; a failure is one calm row with the service's message and the way to retry.
 */
import * as vscode from 'vscode';
import type { DestinationInstanceOverview } from '../../../common/api';
import type { ExtensionServices } from '../extension-services';
import { currentTarget } from '../explorer/explorer-target';
import { oneLine } from '../explorer/display-text';
import { compareNames } from '../name-order';

export const DESTINATION_VIEW = 'iql.destinationInstances';
/** Context value of an instance row; package.json's menus match it. */
export const INSTANCE_CONTEXT = 'iql.destinationInstance';

/** A row: an instance of `profile`, or a message in place of the list. */
export type DestinationRow =
  | { readonly kind: 'instance'; readonly profile: string; readonly instance: DestinationInstanceOverview }
  | { readonly kind: 'message'; readonly text: string; readonly detail?: string };


export class DestinationInstancesTree implements vscode.TreeDataProvider<DestinationRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<DestinationRow | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private rows: Promise<DestinationRow[]> | undefined;
  private controller = new AbortController();

  constructor(private readonly services: ExtensionServices) {}

  /** Reloads from the service (after a change, a profile switch or the refresh button). */
  refresh(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.rows = undefined;
    this.changed.fire(undefined);
  }

  /** The rows as last loaded (loading them if needed); tests read the view through this. */
  getChildren(element?: DestinationRow): Promise<DestinationRow[]> {
    if (element !== undefined) return Promise.resolve([]);
    this.rows ??= this.load(this.controller.signal);
    return this.rows;
  }

  getTreeItem(row: DestinationRow): vscode.TreeItem {
    if (row.kind === 'message') {
      const item = new vscode.TreeItem(row.text, vscode.TreeItemCollapsibleState.None);
      item.tooltip = row.detail ?? row.text;
      item.iconPath = new vscode.ThemeIcon('info');
      item.contextValue = 'iql.message';
      return item;
    }
    const instance = row.instance;
    const item = new vscode.TreeItem(oneLine(instance.name || instance.id), vscode.TreeItemCollapsibleState.None);
    item.id = `${row.profile}/${instance.id}`;
    item.description = oneLine(instance.destination_type_id ?? '');
    item.tooltip = [
      oneLine(instance.name || instance.id),
      `ID: ${oneLine(instance.id)}`,
      instance.destination_type_id && `Type: ${oneLine(instance.destination_type_id)}`,
      instance.created_time && `Created: ${oneLine(instance.created_time)}`,
      instance.description && `\n${instance.description.trim()}`,
      '\nClick to open it as a file; edit it, then "Save Destination Instance to Service".',
    ].filter(Boolean).join('\n');
    item.iconPath = new vscode.ThemeIcon('cloud-upload');
    item.contextValue = INSTANCE_CONTEXT;
    item.command = { command: 'iql.destination.open', title: 'Open', arguments: [row] };
    return item;
  }

  private async load(signal: AbortSignal): Promise<DestinationRow[]> {
    const profile = currentTarget(this.services).profile;
    if (profile === undefined) return [{ kind: 'message', text: 'No profile yet: start the local emulator or add a profile.' }];
    const client = await this.services.service.forProfile(profile);
    if (!client.ok) return [{ kind: 'message', text: client.error.message }];
    const all = await client.value.listAll('listDestinationInstances', {}, { signal });
    if (!all.ok) return [{ kind: 'message', text: 'The destination instances could not be listed.', detail: all.error.serviceMessage ?? all.error.message }];
    if (all.value.length === 0) return [{ kind: 'message', text: 'No destination instance yet: use "New Destination Instance…" above.' }];
    return all.value
      .sort((a, b) => compareNames(a.name || a.id, b.name || b.id))
      .map((instance) => ({ kind: 'instance', profile, instance }));
  }

  dispose(): void {
    this.controller.abort();
    this.changed.dispose();
  }
}
