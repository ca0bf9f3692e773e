import * as vscode from 'vscode';
import type { ServiceError } from '../../../common/service-result';
import type { ProfileService } from '../service/profile-service';
import type { ExtensionServices } from '../extension-services';
import { defuseLinks } from './display-text';
import type { CollaborationDatasetNode, DatasetNode } from './explorer-node';
import { currentTarget, findIqlEditor } from './explorer-target';
import { showDatasetPage } from './dataset-pages';
import { buildStarterQuery } from './starter-query';
import { writeName } from '../../../common/iql/names';

/** Command ids of the dataset rows (declared in package.json). */
export const DATASET_COMMANDS = {
  insertName: 'iql.dataset.insertName',
  copyPrivateId: 'iql.dataset.copyPrivateId',
  showMetadata: 'iql.dataset.showMetadata',
  newQuery: 'iql.dataset.newQuery',
} as const;

type AnyDatasetNode = DatasetNode | CollaborationDatasetNode;

/**
 * Registers the actions on dataset rows of both views: insert the name at the cursor, copy
 * the private ID, show the metadata, and open a new query on the dataset.
 */
export function registerDatasetCommands(services: ExtensionServices): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(DATASET_COMMANDS.insertName, (node?: AnyDatasetNode) => insertName(node)),
    vscode.commands.registerCommand(DATASET_COMMANDS.copyPrivateId, (node?: AnyDatasetNode) => copyPrivateId(node)),
    vscode.commands.registerCommand(DATASET_COMMANDS.showMetadata, (node?: AnyDatasetNode) => showMetadata(node)),
    vscode.commands.registerCommand(DATASET_COMMANDS.newQuery, (node?: AnyDatasetNode) => newQuery(services, node)),
  ];
}

/** The name queries use: the private ID, or inside a collaboration its collaboration dataset name. */
export function queryNameOf(node: AnyDatasetNode): string {
  return node.kind === 'dataset' ? node.dataset.private_id : node.dataset.collaboration_dataset_name;
}

function isDatasetNode(node: unknown): node is AnyDatasetNode {
  const kind = (node as { kind?: unknown } | undefined)?.kind;
  return kind === 'dataset' || kind === 'collaborationDataset';
}

async function insertName(node: AnyDatasetNode | undefined): Promise<void> {
  if (!isDatasetNode(node)) return notFromTree();
  const editor = findIqlEditor();
  if (editor === undefined) {
    void vscode.window.showInformationMessage('Open an IQL editor first: the dataset name is inserted at its cursor.');
    return;
  }
  const text = writeName(queryNameOf(node));
  const done = await editor.edit((edit) => {
    for (const selection of editor.selections) edit.replace(selection, text);
  });
  if (!done) {
    void vscode.window.showWarningMessage('The name could not be inserted: the editor changed meanwhile. Try again.');
    return;
  }
  await vscode.window.showTextDocument(editor.document, editor.viewColumn);
}

async function copyPrivateId(node: AnyDatasetNode | undefined): Promise<void> {
  if (!isDatasetNode(node)) return notFromTree();
  const id = node.kind === 'dataset' ? node.dataset.private_id : node.dataset.id;
  await vscode.env.clipboard.writeText(id);
  vscode.window.setStatusBarMessage(`Copied ${id}`, 3000);
}

/** The dataset's page (the one go to definition opens), read from the catalog of the row's profile or collaboration. */
async function showMetadata(node: AnyDatasetNode | undefined): Promise<void> {
  if (!isDatasetNode(node)) return notFromTree();
  const target = node.kind === 'dataset' ? { profile: node.profile } : { profile: node.profile, collaboration: node.collaborationId };
  await showDatasetPage(target, queryNameOf(node));
}

async function newQuery(services: ExtensionServices, node: AnyDatasetNode | undefined): Promise<void> {
  if (!isDatasetNode(node)) return notFromTree();
  const content =
    node.kind === 'dataset'
      ? buildStarterQuery(node.dataset.private_id, { profile: node.profile }, node.dataset.firstCategory ?? (await firstCategoryOf(services, node)))
      : buildStarterQuery(node.dataset.collaboration_dataset_name, { profile: node.profile, collaboration: node.collaborationId }, node.dataset.attributes[0]?.label);
  await openQueryDocument(content);
}

/**
 * The first category of a dataset listed without statistics (an owned one read from List
 * Datasets 2.0), from its metadata; undefined when it cannot be read: the query is then
 * opened without the hint.
 */
async function firstCategoryOf(services: ExtensionServices, node: DatasetNode): Promise<string | undefined> {
  if (node.dataset.rowCount !== undefined) return undefined;
  const client = await services.service.forProfile(node.profile);
  if (!client.ok) return undefined;
  const metadata = await client.value.call('getDatasetMetadata', { params: { private_id: node.dataset.private_id } });
  if (!metadata.ok) return undefined;
  return (metadata.value.schema?.categories.length ? metadata.value.schema.categories : (metadata.value.dataset.stats?.categories ?? []))[0]?.label;
}

/** Opens `content` as a new untitled IQL document, with the cursor at its end. */
export async function openQueryDocument(content: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'iql', content });
  const editor = await vscode.window.showTextDocument(document);
  const end = document.positionAt(content.length);
  editor.selection = new vscode.Selection(end, end);
  return editor;
}

/** The service of `profile`, or undefined after telling the user calmly why there is none. */
export async function serviceOrWarn(services: ExtensionServices, profile: string): Promise<ProfileService | undefined> {
  const client = await services.service.forProfile(profile);
  if (client.ok) return client.value;
  void vscode.window.showWarningMessage(defuseLinks(client.error.message));
  return undefined;
}

/** The current profile and its service, or undefined after telling the user why there is none. */
export async function currentServiceOrWarn(services: ExtensionServices): Promise<{ readonly profile: string; readonly client: ProfileService } | undefined> {
  const profile = currentTarget(services).profile;
  if (profile === undefined) return inform('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const client = await serviceOrWarn(services, profile);
  return client === undefined ? undefined : { profile, client };
}

/** Shows the service's own message for a failed call (links defused); resolves nothing, for `return warnOf(error)`. */
export function warnOf(error: ServiceError): undefined {
  void vscode.window.showWarningMessage(defuseLinks(error.serviceMessage ?? error.message));
  return undefined;
}

/** Shows `message` without waiting; resolves nothing, for `return inform(…)`. */
export function inform(message: string): undefined {
  void vscode.window.showInformationMessage(message);
  return undefined;
}

function notFromTree(): void {
  void vscode.window.showInformationMessage('Run this command from a dataset in the IQL Clean Room explorer.');
}
