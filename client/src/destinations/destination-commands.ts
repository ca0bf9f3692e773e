/**
 * Destination instances from the editor: New (pick a type, name it, and edit the file the
 * type's schema completes), Open (an instance as a file), Save to Service (create, or update
 * once the file has an id; a refusal is underlined where it points), Duplicate, Delete
 * (modal first); and on a collaboration, Add Destination (a pick of the company's instances)
 * and Remove Destination (modal first). Every failure shows the service's own message.
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import type { CollaborationsModel } from '../explorer/collaborations-model';
import { currentServiceOrWarn, inform, serviceOrWarn, warnOf } from '../explorer/dataset-commands';
import { oneLine } from '../explorer/display-text';
import type { CollaborationNode, DestinationNode } from '../explorer/explorer-node';
import { currentTarget } from '../explorer/explorer-target';
import { createJsonFile, fileProblemCollection, showFileProblems, writeId } from '../schemas/json-files';
import { DESTINATION_FILE_SUFFIX, destinationFileText, newDestinationFileText, readDestinationFile } from './destination-file';
import { locateServiceMessage, safeFileName } from '../schemas/json-file-text';
import type { DestinationInstancesTree, DestinationRow } from './destination-instances-tree';

/** Command ids (declared in package.json). */
export const DESTINATION_COMMANDS = {
  create: 'iql.destination.new',
  open: 'iql.destination.open',
  save: 'iql.destination.save',
  duplicate: 'iql.destination.duplicate',
  remove: 'iql.destination.delete',
  refresh: 'iql.destinationInstances.refresh',
  addToCollaboration: 'iql.collaboration.addDestination',
  removeFromCollaboration: 'iql.collaboration.removeDestination',
} as const;

/** For tests and scripts: answers the questions a command would ask. */
export interface DestinationChoices {
  readonly typeId?: string;
  readonly name?: string;
  readonly destinationId?: string;
  readonly skipConfirmation?: boolean;
  /** Where to write a new or opened destination file, instead of asking. */
  readonly target?: vscode.Uri;
}

export function registerDestinationCommands(services: ExtensionServices, tree: DestinationInstancesTree, collaborations: CollaborationsModel): vscode.Disposable[] {
  const tracked = fileProblemCollection('iql-destinations');
  const problems = tracked.collection;
  return [
    tracked,
    vscode.commands.registerCommand(DESTINATION_COMMANDS.refresh, () => tree.refresh()),
    vscode.commands.registerCommand(DESTINATION_COMMANDS.create, (given?: DestinationChoices) => createInstanceFile(services, given)),
    vscode.commands.registerCommand(DESTINATION_COMMANDS.open, (row?: DestinationRow, given?: DestinationChoices) => openInstance(services, row, given)),
    vscode.commands.registerCommand(DESTINATION_COMMANDS.save, (uri?: vscode.Uri) => saveInstance(services, tree, problems, uri)),
    vscode.commands.registerCommand(DESTINATION_COMMANDS.duplicate, (row?: DestinationRow, given?: DestinationChoices) => duplicateInstance(services, tree, row, given)),
    vscode.commands.registerCommand(DESTINATION_COMMANDS.remove, (row?: DestinationRow, given?: DestinationChoices) => deleteInstance(services, tree, row, given)),
    vscode.commands.registerCommand(DESTINATION_COMMANDS.addToCollaboration, (node?: CollaborationNode, given?: DestinationChoices) => addToCollaboration(services, collaborations, node, given)),
    vscode.commands.registerCommand(DESTINATION_COMMANDS.removeFromCollaboration, (node?: DestinationNode, given?: DestinationChoices) => removeFromCollaboration(services, collaborations, node, given)),
  ];
}

/** Opens a new destination file for a type the user picks; resolves to its document. */
async function createInstanceFile(services: ExtensionServices, given: DestinationChoices | undefined): Promise<vscode.TextDocument | undefined> {
  const current = await currentServiceOrWarn(services);
  if (current === undefined) return undefined;
  const { profile, client } = current;
  let typeId = given?.typeId;
  if (typeId === undefined) {
    const types = await client.call('listDestinationTypes', {});
    if (!types.ok) return warnOf(types.error);
    const picked = await vscode.window.showQuickPick(
      types.value.destination_types.map((type) => ({ label: oneLine(type.name || type.id), description: oneLine(type.id), id: type.id })),
      { title: 'New destination instance', placeHolder: 'The type of destination (where exports are sent)' },
    );
    typeId = picked?.id;
  }
  if (typeId === undefined) return undefined;
  const name = given?.name ?? (await vscode.window.showInputBox({ title: 'New destination instance', prompt: 'Its name, as members will see it when they export', validateInput: (text) => (text.trim() === '' ? 'Give it a name.' : undefined) }));
  if (name === undefined || name.trim() === '') return undefined;
  const schema = await client.call('getDestinationTypeSchema', { params: { destination_type_id: typeId } });
  if (!schema.ok) return warnOf(schema.error);
  return openAsFile(name, newDestinationFileText(profile, typeId, name.trim(), schema.value.connection_specification), given?.target);
}

/** Opens an existing instance as a destination file; resolves to its document. */
async function openInstance(services: ExtensionServices, row: DestinationRow | undefined, given: DestinationChoices | undefined): Promise<vscode.TextDocument | undefined> {
  if (row?.kind !== 'instance') return inform('Run this command on an instance in the Destination Instances view.');
  const client = await serviceOrWarn(services, row.profile);
  if (client === undefined) return undefined;
  const answer = await client.call('getDestinationInstance', { params: { destination_id: row.instance.id } });
  if (!answer.ok) return warnOf(answer.error);
  return openAsFile(answer.value.destination.name || row.instance.id, destinationFileText(row.profile, answer.value.destination), given?.target);
}

/** Writes `text` to a destination file named after the instance (in `destinations/` by default) and opens it. */
function openAsFile(name: string, text: string, target: vscode.Uri | undefined): Promise<vscode.TextDocument | undefined> {
  return createJsonFile('destinations', safeFileName(name, 'destination', DESTINATION_FILE_SUFFIX), text, target);
}

/**
 * Sends the destination file to the service: Create when it has no id (the new id is written
 * into the file), Update otherwise. Resolves to the instance id, or undefined when it was not saved.
 */
async function saveInstance(services: ExtensionServices, tree: DestinationInstancesTree, problems: vscode.DiagnosticCollection, given: vscode.Uri | undefined): Promise<string | undefined> {
  const document = given ? await vscode.workspace.openTextDocument(given) : vscode.window.activeTextEditor?.document;
  if (document === undefined || !document.uri.path.endsWith(DESTINATION_FILE_SUFFIX)) return inform(`Open a destination file (*${DESTINATION_FILE_SUFFIX}) to save it to the service; "New Destination Instance…" starts one.`);
  const text = document.getText();
  const read = readDestinationFile(text);
  if (!read.ok) {
    showFileProblems(problems, document, read.problems);
    return inform(`${read.problems[0]?.message ?? 'The file is not a destination instance.'} Nothing was sent.`);
  }
  const draft = read.draft;
  const profile = draft.profile ?? currentTarget(services).profile;
  if (profile === undefined) return inform('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const client = await serviceOrWarn(services, profile);
  if (client === undefined) return undefined;
  const saving = draft.id === undefined ? 'Creating' : 'Updating';
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `${saving} destination instance "${oneLine(draft.body.name)}"…` }, async () => {
    if (draft.id === undefined) {
      const created = await client.call('createDestinationInstance', { body: draft.body });
      return created.ok ? { ok: true as const, value: created.value.destination_id } : created;
    }
    // The type of an instance cannot change: Update takes every field but it.
    const changes: Record<string, unknown> = { ...draft.body };
    delete changes.destination_type_id;
    const updated = await client.call('updateDestinationInstance', { params: { destination_id: draft.id }, body: changes });
    return updated.ok ? { ok: true as const, value: draft.id } : updated;
  });
  if (!answer.ok) {
    const message = answer.error.serviceMessage ?? answer.error.message;
    if (answer.error.kind === 'invalid') {
      const place = locateServiceMessage(text, message);
      showFileProblems(problems, document, [{ ...place, message: `The service refused this instance: ${message}` }]);
    }
    return warnOf(answer.error);
  }
  problems.delete(document.uri);
  if (draft.id === undefined) await writeId(document, answer.value);
  tree.refresh();
  vscode.window.setStatusBarMessage(`$(check) Destination instance "${oneLine(draft.body.name)}" saved to ${profile}`, 5000);
  return answer.value;
}

async function duplicateInstance(services: ExtensionServices, tree: DestinationInstancesTree, row: DestinationRow | undefined, given: DestinationChoices | undefined): Promise<string | undefined> {
  if (row?.kind !== 'instance') return inform('Run this command on an instance in the Destination Instances view.');
  const client = await serviceOrWarn(services, row.profile);
  if (client === undefined) return undefined;
  const answer = await client.call('duplicateDestinationInstance', { params: { destination_id: row.instance.id }, body: {} });
  if (!answer.ok) return warnOf(answer.error);
  tree.refresh();
  if (given?.skipConfirmation !== true) void vscode.window.showInformationMessage(`Duplicated "${oneLine(row.instance.name || row.instance.id)}" as ${oneLine(answer.value.destination_id ?? '')}.`);
  return answer.value.destination_id;
}

async function deleteInstance(services: ExtensionServices, tree: DestinationInstancesTree, row: DestinationRow | undefined, given: DestinationChoices | undefined): Promise<boolean> {
  if (row?.kind !== 'instance') return Boolean(inform('Run this command on an instance in the Destination Instances view.'));
  const name = oneLine(row.instance.name || row.instance.id);
  if (given?.skipConfirmation !== true) {
    const choice = await vscode.window.showWarningMessage(`Delete destination instance "${name}" (${row.instance.id})?`, { modal: true, detail: 'Its configuration and stored secrets are lost; collaborations that use it can no longer export to it.' }, 'Delete');
    if (choice !== 'Delete') return false;
  }
  const client = await serviceOrWarn(services, row.profile);
  if (client === undefined) return false;
  const answer = await client.call('deleteDestinationInstance', { params: { destination_id: row.instance.id } });
  if (!answer.ok) return Boolean(warnOf(answer.error));
  tree.refresh();
  vscode.window.setStatusBarMessage(`$(check) Deleted destination instance "${name}"`, 4000);
  return true;
}

/** Adds one of the company's instances to a collaboration (a contributor's right). */
async function addToCollaboration(services: ExtensionServices, collaborations: CollaborationsModel, node: CollaborationNode | undefined, given: DestinationChoices | undefined): Promise<boolean> {
  if (node?.kind !== 'collaboration') return Boolean(inform('Run this command on a collaboration in the Collaborations view.'));
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return false;
  let destinationId = given?.destinationId;
  if (destinationId === undefined) {
    const [instances, present] = await Promise.all([
      client.listAll('listDestinationInstances', {}),
      client.listAll('listCollaborationDestinations', { params: { collaboration_id: node.collaboration.id } }),
    ]);
    if (!instances.ok) return Boolean(warnOf(instances.error));
    const added = new Set(present.ok ? present.value.map((destination) => destination.id) : []);
    const candidates = instances.value.filter((instance) => !added.has(instance.id));
    if (candidates.length === 0) return Boolean(inform(instances.value.length === 0 ? 'Your company has no destination instance yet: create one in the Destination Instances view.' : 'Every destination instance of your company is already in this collaboration.'));
    const picked = await vscode.window.showQuickPick(
      candidates.map((instance) => ({ label: oneLine(instance.name || instance.id), description: oneLine(instance.destination_type_id ?? ''), detail: instance.id, id: instance.id })),
      { title: `Add a destination to "${oneLine(node.collaboration.name || node.collaboration.id)}"`, placeHolder: 'One of your company\'s destination instances' },
    );
    destinationId = picked?.id;
  }
  if (destinationId === undefined) return false;
  const answer = await client.call('addCollaborationDestination', { params: { collaboration_id: node.collaboration.id }, body: { destination_id: destinationId } });
  if (!answer.ok) return Boolean(warnOf(answer.error));
  await collaborations.reloadSection(node.collaboration.id, 'destinations');
  vscode.window.setStatusBarMessage('$(check) Destination added', 4000);
  return true;
}

async function removeFromCollaboration(services: ExtensionServices, collaborations: CollaborationsModel, node: DestinationNode | undefined, given: DestinationChoices | undefined): Promise<boolean> {
  if (node?.kind !== 'destination') return Boolean(inform('Run this command on a destination under a collaboration in the Collaborations view.'));
  const name = oneLine(node.destination.name || node.destination.id);
  if (given?.skipConfirmation !== true) {
    const choice = await vscode.window.showWarningMessage(`Remove destination "${name}" from collaboration ${node.collaborationId}?`, { modal: true, detail: 'Members can no longer export segments to it from this collaboration. The instance itself is kept.' }, 'Remove');
    if (choice !== 'Remove') return false;
  }
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return false;
  const answer = await client.call('removeCollaborationDestination', { params: { collaboration_id: node.collaborationId, destination_id: node.destination.id } });
  if (!answer.ok) return Boolean(warnOf(answer.error));
  await collaborations.reloadSection(node.collaborationId, 'destinations');
  return true;
}
