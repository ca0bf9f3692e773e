/**
 * The changing actions of the Collaborations view: Create Collaboration (guided,
 * create-collaboration.ts), and on a collaboration Add Dataset (guided,
 * add-collaboration-dataset.ts), Close (owner), Leave (members), and Export Events (the log as
 * CSV, where the user chooses). Destructive ones ask
 * first, in a modal naming what is lost; every failure shows the service's own message.
 */
import * as vscode from 'vscode';
import type { ServiceError } from '../../../common/service-result';
import type { ExtensionServices } from '../extension-services';
import type { CollaborationsModel } from './collaborations-model';
import { ADD_DATASET_COMMAND, addCollaborationDataset, type AddDatasetChoices } from './add-collaboration-dataset';
import { createCollaboration, CREATE_COLLABORATION_COMMAND, type CreateCollaborationChoices } from './create-collaboration';
import { serviceOrWarn } from './dataset-commands';
import { defuseLinks, oneLine } from './display-text';
import type { CollaborationDatasetNode, CollaborationNode } from './explorer-node';
import type { MetadataDocuments } from './metadata-documents';

/** Command ids (declared in package.json). */
export const COLLABORATION_COMMANDS = {
  close: 'iql.collaboration.close',
  leave: 'iql.collaboration.leave',
  exportEvents: 'iql.collaboration.exportEvents',
  removeDataset: 'iql.collaboration.removeDataset',
  datasetStats: 'iql.collaboration.datasetStats',
} as const;

/** What each destructive action loses, for its confirmation. */
const LOSSES = {
  close: { verb: 'Close', detail: 'Closing is final: the collaboration accepts no query, change or export afterwards. Its log stays readable.' },
  leave: { verb: 'Leave', detail: 'Your company loses the collaboration and its log, and the datasets and destinations it added leave with it.' },
} as const;

export function registerCollaborationCommands(services: ExtensionServices, collaborations: CollaborationsModel, documents: MetadataDocuments): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COLLABORATION_COMMANDS.removeDataset, (node?: CollaborationDatasetNode, options?: ConfirmOptions) => removeDataset(services, collaborations, node, options)),
    vscode.commands.registerCommand(COLLABORATION_COMMANDS.datasetStats, (node?: CollaborationDatasetNode) => showDatasetStats(services, documents, node)),
    vscode.commands.registerCommand(COLLABORATION_COMMANDS.close, (node?: CollaborationNode, options?: ConfirmOptions) => change(services, collaborations, node, 'close', options)),
    vscode.commands.registerCommand(COLLABORATION_COMMANDS.leave, (node?: CollaborationNode, options?: ConfirmOptions) => change(services, collaborations, node, 'leave', options)),
    vscode.commands.registerCommand(COLLABORATION_COMMANDS.exportEvents, (node?: CollaborationNode, target?: vscode.Uri) => exportEvents(services, node, target)),
    vscode.commands.registerCommand(CREATE_COLLABORATION_COMMAND, (given?: CreateCollaborationChoices) => createCollaboration(services, collaborations, given)),
    vscode.commands.registerCommand(ADD_DATASET_COMMAND, (node?: CollaborationNode, given?: AddDatasetChoices) => addCollaborationDataset(services, collaborations, node, given)),
  ];
}

/** For tests and scripts: `{ skipConfirmation: true }` answers the modal. */
interface ConfirmOptions {
  readonly skipConfirmation?: boolean;
}

function isCollaborationNode(node: unknown): node is CollaborationNode {
  return (node as { kind?: unknown } | undefined)?.kind === 'collaboration';
}

function nameOf(node: CollaborationNode): string {
  return oneLine(node.collaboration.name || node.collaboration.id);
}

/** Closes or leaves; resolves to true when done. */
async function change(services: ExtensionServices, collaborations: CollaborationsModel, node: CollaborationNode | undefined, action: 'close' | 'leave', options: ConfirmOptions | undefined): Promise<boolean> {
  if (!isCollaborationNode(node)) return notFromTree();
  const loss = LOSSES[action];
  if (options?.skipConfirmation !== true) {
    const choice = await vscode.window.showWarningMessage(`${loss.verb} collaboration "${nameOf(node)}" (${node.collaboration.id})?`, { modal: true, detail: loss.detail }, loss.verb);
    if (choice !== loss.verb) return false;
  }
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return false;
  const params = { params: { collaboration_id: node.collaboration.id } };
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `${loss.verb} collaboration…` }, () =>
    action === 'close' ? client.call('closeCollaboration', params) : client.call('leaveCollaboration', params),
  );
  if (!answer.ok) return warn(answer.error);
  collaborations.refresh();
  vscode.window.setStatusBarMessage(`$(check) ${action === 'close' ? 'Closed' : 'Left'} collaboration "${nameOf(node)}"`, 4000);
  return true;
}

/** Writes the log as CSV to `target`, or where the user chooses; resolves to the file written. */
async function exportEvents(services: ExtensionServices, node: CollaborationNode | undefined, target: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  if (!isCollaborationNode(node)) {
    notFromTree();
    return undefined;
  }
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return undefined;
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Exporting the event log…' }, () =>
    client.call('exportCollaborationEvents', { params: { collaboration_id: node.collaboration.id } }),
  );
  if (!answer.ok) {
    warn(answer.error);
    return undefined;
  }
  const file =
    target ??
    (await vscode.window.showSaveDialog({
      title: `Export the event log of "${nameOf(node)}"`,
      saveLabel: 'Export',
      filters: { CSV: ['csv'] },
      ...(vscode.workspace.workspaceFolders?.[0] ? { defaultUri: vscode.Uri.joinPath(vscode.workspace.workspaceFolders[0].uri, `${node.collaboration.id}-events.csv`) } : {}),
    }));
  if (!file) return undefined;
  await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(String(answer.value)));
  void vscode.window.showInformationMessage(`Event log exported to ${file.scheme === 'file' ? file.fsPath : file.toString()}.`);
  return file;
}

/** Removes the company's own dataset from a collaboration, after a modal naming what is lost. */
async function removeDataset(services: ExtensionServices, collaborations: CollaborationsModel, node: CollaborationDatasetNode | undefined, options: ConfirmOptions | undefined): Promise<boolean> {
  if (node?.kind !== 'collaborationDataset') return notFromTree();
  const name = oneLine(node.dataset.collaboration_dataset_name);
  if (options?.skipConfirmation !== true) {
    const choice = await vscode.window.showWarningMessage(
      `Remove dataset "${name}" from collaboration ${node.collaborationId}?`,
      { modal: true, detail: `Queries and segments of every member that name "${name}" stop working in this collaboration. The dataset itself is kept.` },
      'Remove',
    );
    if (choice !== 'Remove') return false;
  }
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return false;
  const answer = await client.call('removeCollaborationDataset', { params: { collaboration_id: node.collaborationId, dataset_id: node.dataset.id } });
  if (!answer.ok) return warn(answer.error);
  await collaborations.reloadSection(node.collaborationId, 'datasets');
  vscode.window.setStatusBarMessage(`$(check) Removed dataset "${name}"`, 4000);
  return true;
}

/**
 * A collaboration dataset's statistics (summary, keys, attributes, export columns: four calls
 * at once, read only when asked) in one read-only document; a part the service refuses shows
 * its message in place, the rest is still shown.
 */
async function showDatasetStats(services: ExtensionServices, documents: MetadataDocuments, node: CollaborationDatasetNode | undefined): Promise<void> {
  if (node?.kind !== 'collaborationDataset') {
    notFromTree();
    return;
  }
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return;
  const input = { params: { collaboration_id: node.collaborationId, dataset_id: node.dataset.id } };
  const [summary, keys, attributes, exports] = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Loading dataset stats…' }, () =>
    Promise.all([client.call('getSummaryStats', input), client.call('getKeyColumnStats', input), client.call('getAttributeColumnStats', input), client.call('getExportColumnStats', input)]),
  );
  const part = <T>(result: { ok: true; value: T } | { ok: false; error: ServiceError }): T | { unavailable: string } =>
    result.ok ? result.value : { unavailable: result.error.serviceMessage ?? result.error.message };
  await documents.show(`${node.profile}/${node.collaborationId}`, `${node.dataset.collaboration_dataset_name} stats`, {
    dataset: node.dataset.collaboration_dataset_name,
    dataset_id: node.dataset.id,
    summary: part(summary),
    keys: part(keys),
    attributes: part(attributes),
    export_columns: part(exports),
  });
}

function warn(error: ServiceError): false {
  void vscode.window.showWarningMessage(defuseLinks(error.serviceMessage ?? error.message));
  return false;
}

function notFromTree(): false {
  void vscode.window.showInformationMessage('Run this command on a collaboration in the IQL Clean Room explorer.');
  return false;
}
