/**
 * The destinations feature: the Destination Instances view, the schemas destination files
 * name, and the commands on instances and on a collaboration's destinations.
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import type { CollaborationsModel } from '../explorer/collaborations-model';
import { registerDestinationCommands } from './destination-commands';
import { DESTINATION_VIEW, DestinationInstancesTree } from './destination-instances-tree';
import { registerDestinationSchemas } from './destination-schemas';

export function registerDestinations(services: ExtensionServices, collaborations: CollaborationsModel): DestinationInstancesTree {
  const tree = new DestinationInstancesTree(services);
  registerDestinationSchemas(services);
  services.context.subscriptions.push(
    tree,
    vscode.window.createTreeView(DESTINATION_VIEW, { treeDataProvider: tree }),
    services.profiles.onDidChange(() => tree.refresh()),
    ...registerDestinationCommands(services, tree, collaborations),
  );
  return tree;
}
