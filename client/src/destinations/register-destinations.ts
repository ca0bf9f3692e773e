/**
 * The destinations feature: the Destination Instances view and the commands on instances and
 * on a collaboration's destinations (the schemas their files name: schemas/schema-documents.ts).
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import type { CollaborationsModel } from '../explorer/collaborations-model';
import { registerDestinationCommands } from './destination-commands';
import { DESTINATION_VIEW, DestinationInstancesTree } from './destination-instances-tree';

export function registerDestinations(services: ExtensionServices, collaborations: CollaborationsModel): DestinationInstancesTree {
  const tree = new DestinationInstancesTree(services);
  services.context.subscriptions.push(
    tree,
    vscode.window.createTreeView(DESTINATION_VIEW, { treeDataProvider: tree }),
    services.profiles.onDidChange(() => tree.refresh()),
    ...registerDestinationCommands(services, tree, collaborations),
  );
  return tree;
}
