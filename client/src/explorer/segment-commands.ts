import * as vscode from 'vscode';
import type { CollaborationDestinationSummary } from '../../../common/api';
import { QueriesRequest, type QueriesParams, type QueriesResult, type QueryInfo, type ProgressEvent, type SegmentRef } from '../../../common/protocol';
import type { ServiceError } from '../../../common/service-result';
import type { ProfileService } from '../service/profile-service';
import type { ExtensionServices } from '../extension-services';
import type { CollaborationsModel } from './collaborations-model';
import { listCollaborationPicks } from '../status/collaboration-picks';
import { openQueryDocument, serviceOrWarn } from './dataset-commands';
import { defuseLinks, formatCount, oneLine } from './display-text';
import { summarizeExport } from './export-summary';
import { followExport } from './follow-export';
import type { SegmentNode } from './explorer-node';
import { findIqlEditor } from './explorer-target';
import type { MetadataDocuments } from './metadata-documents';
import { formatDefault, parseFieldInput, parsePushConfigJson, readPath, writePath } from './push-config';
import { buildSegmentDocument } from './segment-document';
import { whenServerKnows } from '../service/server-knows-document';

/** Command ids of activation segments (declared in package.json). */
export const SEGMENT_COMMANDS = {
  open: 'iql.segment.open',
  calculate: 'iql.segment.calculate',
  export: 'iql.segment.export',
  listExports: 'iql.segment.listExports',
  createFromQuery: 'iql.segment.createFromQuery',
  remove: 'iql.segment.delete',
} as const;

/** Registers the segment actions (Calculate resolves to the audience, Export to the export id, for scripts and tests) of the Collaborations view and "Create Segment from Current Query…". */
export function registerSegmentCommands(services: ExtensionServices, collaborations: CollaborationsModel, documents: MetadataDocuments): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(SEGMENT_COMMANDS.open, (node?: SegmentNode) => openSegment(services, node)),
    vscode.commands.registerCommand(SEGMENT_COMMANDS.calculate, (node?: SegmentNode) => calculate(services, collaborations, node)),
    vscode.commands.registerCommand(SEGMENT_COMMANDS.export, async (node?: SegmentNode, given?: ExportChoices) => {
      const started = await exportSegment(services, node, given);
      if (started === undefined || !isSegmentNode(node)) return undefined;
      // Shown running at once, then followed to its end and shown again with its counts.
      collaborations.noteFollowedExport(started.exportId);
      collaborations.reloadSegmentExports(node);
      const ref = { ...refOf(node), exportId: started.exportId };
      await followExport(started.client, ref, { segment: nameOf(node), destination: started.destination }, () => listExports(services, documents, node));
      collaborations.reloadSegmentExports(node);
      return started.exportId;
    }),
    vscode.commands.registerCommand(SEGMENT_COMMANDS.listExports, (node?: SegmentNode) => listExports(services, documents, node)),
    vscode.commands.registerCommand(SEGMENT_COMMANDS.createFromQuery, () => createFromQuery(services, collaborations)),
    vscode.commands.registerCommand(SEGMENT_COMMANDS.remove, (node?: SegmentNode, given?: { skipConfirmation?: boolean }) => deleteSegment(services, collaborations, node, given)),
  ];
}

function isSegmentNode(node: unknown): node is SegmentNode {
  return (node as { kind?: unknown } | undefined)?.kind === 'segment';
}

function refOf(node: SegmentNode): SegmentRef {
  return { collaborationId: node.collaborationId, segmentId: node.segment.id };
}

/** The path parameters of the segment operations. */
function segmentParams(node: SegmentNode): { collaboration_id: string; activation_segment_id: string } {
  return { collaboration_id: node.collaborationId, activation_segment_id: node.segment.id };
}

function nameOf(node: SegmentNode): string {
  return oneLine(node.segment.name || node.segment.id);
}

async function openSegment(services: ExtensionServices, node: SegmentNode | undefined): Promise<void> {
  if (!isSegmentNode(node)) return notFromTree();
  await openSegmentById(services, node.profile, node.collaborationId, node.segment.id);
}

/** Opens a segment of a collaboration as a query document, as Open on its row does (the Automations view's steps too). */
export async function openSegmentById(services: ExtensionServices, profile: string, collaborationId: string, segmentId: string): Promise<void> {
  const client = await serviceOrWarn(services, profile);
  if (client === undefined) return;
  const params = { collaboration_id: collaborationId, activation_segment_id: segmentId };
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Loading segment…' }, () => client.call('getActivationSegment', { params }));
  if (!answer.ok) return warn(answer.error);
  await openQueryDocument(buildSegmentDocument(answer.value.activation_segment, { profile, collaboration: collaborationId }));
}

async function calculate(services: ExtensionServices, collaborations: CollaborationsModel, node: SegmentNode | undefined): Promise<number | undefined> {
  if (!isSegmentNode(node)) return notFromTree();
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return undefined;
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Calculating segment "${nameOf(node)}"`, cancellable: true },
    async (progress, token) => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        return await client.runJob({ kind: 'segmentCalculation', segment: refOf(node) }, {
          signal: controller.signal,
          onProgress: (event) => progress.report({ message: describeProgress(event) }),
        });
      } finally {
        subscription.dispose();
      }
    },
  );
  if (!result.ok) {
    if (result.error.kind === 'cancelled') {
      void vscode.window.showInformationMessage(`Stopped waiting for segment "${nameOf(node)}". The calculation may still finish at the service; refresh the view later.`);
    } else {
      warn(result.error);
    }
    return undefined;
  }
  const audience = formatCount(result.value.result.audience ?? 0) ?? '0';
  void vscode.window.showInformationMessage(`Segment "${nameOf(node)}": audience of ${audience}.`);
  await collaborations.reloadSection(node.collaborationId, 'segments');
  return result.value.result.audience ?? 0;
}

function describeProgress(event: ProgressEvent): string {
  const seconds = Math.round(event.elapsedMs / 1000);
  if (event.phase === 'submit') return 'asking the service to calculate…';
  if (event.phase === 'poll') return `calculating (${seconds} s)…`;
  return 'reading the audience…';
}

/** For tests and scripts: the destination and push configuration an export would ask for. */
interface ExportChoices {
  readonly destinationId: string;
  readonly pushConfig?: Record<string, unknown>;
}

/** An export that started: its id, the destination's name and the service that runs it. */
interface StartedExport {
  readonly exportId: string;
  readonly destination: string;
  readonly client: ProfileService;
}

/** Starts an export of the segment; resolves to the started export, or undefined when none started. */
async function exportSegment(services: ExtensionServices, node: SegmentNode | undefined, given: ExportChoices | undefined): Promise<StartedExport | undefined> {
  if (!isSegmentNode(node)) return notFromTree();
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return undefined;
  const destinations = await client.listAll('listCollaborationDestinations', { params: { collaboration_id: node.collaborationId } });
  if (!destinations.ok) return warn(destinations.error);
  if (destinations.value.length === 0) {
    void vscode.window.showInformationMessage(`Collaboration ${node.collaborationId} has no destination to export to. A contributor can add one.`);
    return undefined;
  }
  const choices = destinations.value.map((destination) => ({
    label: oneLine(destination.name || destination.id),
    description: oneLine(destination.destination_type_id ?? ''),
    detail: oneLine(destination.description ?? destination.id),
    destination,
  }));
  const picked = given
    ? choices.find((choice) => choice.destination.id === given.destinationId)
    : await vscode.window.showQuickPick(choices, { title: `Export segment "${nameOf(node)}"`, placeHolder: 'Choose the destination to export the audience to', matchOnDescription: true });
  if (picked === undefined) return undefined;
  const pushConfig = given ? given.pushConfig : await askPushConfig(client, node, picked.destination);
  if (pushConfig === 'cancelled') return undefined;
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Starting the export of "${nameOf(node)}"…` }, () =>
    client.call('exportActivationSegment', { params: segmentParams(node), body: { destination_id: picked.destination.id, ...(pushConfig === undefined ? {} : { push_config: pushConfig }) } }),
  );
  if (!answer.ok) return warn(answer.error);
  return { exportId: answer.value.export_id, destination: picked.label, client };
}

/**
 * The push configuration, asked field by field for the paths the destination lets the caller
 * edit (defaults from the instance), else as one optional JSON object. 'cancelled' when the
 * user dismissed a box.
 */
async function askPushConfig(client: ProfileService, node: SegmentNode, destination: CollaborationDestinationSummary): Promise<Record<string, unknown> | undefined | 'cancelled'> {
  const detail = await client.call('getCollaborationDestination', { params: { collaboration_id: node.collaborationId, destination_id: destination.id } });
  const paths = detail.ok ? (detail.value.destination.editable_paths ?? []) : [];
  const config = detail.ok ? detail.value.destination.config : undefined;
  const title = `Export "${nameOf(node)}" to "${oneLine(destination.name || destination.id)}"`;
  if (paths.length === 0) {
    const text = await vscode.window.showInputBox({
      title,
      prompt: 'Push configuration as a JSON object; leave it empty to use the destination\'s own settings.',
      placeHolder: '{"path": "/incoming"}',
      ignoreFocusOut: true,
      validateInput: (value) => {
        const parsed = parsePushConfigJson(value);
        return parsed.ok ? undefined : parsed.message;
      },
    });
    if (text === undefined) return 'cancelled';
    const parsed = parsePushConfigJson(text);
    return parsed.ok ? parsed.value : 'cancelled';
  }
  let pushConfig: Record<string, unknown> = {};
  for (const [index, path] of paths.entries()) {
    const fallback = readPath(config, path);
    const text = await vscode.window.showInputBox({
      title: `${title} (${index + 1}/${paths.length})`,
      prompt: `Push setting "${oneLine(path)}"`,
      value: formatDefault(fallback),
      ignoreFocusOut: true,
      validateInput: (value) => {
        const parsed = parseFieldInput(value, fallback);
        return parsed.ok ? undefined : parsed.message;
      },
    });
    if (text === undefined) return 'cancelled';
    const parsed = parseFieldInput(text, fallback);
    if (parsed.ok) pushConfig = writePath(pushConfig, path, parsed.value);
  }
  return pushConfig;
}

/** Deletes a segment after a modal naming what is lost; resolves to true when deleted. */
async function deleteSegment(services: ExtensionServices, collaborations: CollaborationsModel, node: SegmentNode | undefined, given: { skipConfirmation?: boolean } | undefined): Promise<boolean> {
  if (!isSegmentNode(node)) return Boolean(notFromTree());
  if (given?.skipConfirmation !== true) {
    const choice = await vscode.window.showWarningMessage(
      `Delete activation segment "${nameOf(node)}" (${node.segment.id})?`,
      { modal: true, detail: 'Its query, its calculated audience and its export history are lost for every member of the collaboration.' },
      'Delete',
    );
    if (choice !== 'Delete') return false;
  }
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return false;
  const answer = await client.call('deleteActivationSegment', { params: segmentParams(node) });
  if (!answer.ok) return Boolean(warn(answer.error));
  await collaborations.reloadSection(node.collaborationId, 'segments');
  vscode.window.setStatusBarMessage(`$(check) Deleted segment "${nameOf(node)}"`, 4000);
  return true;
}

async function listExports(services: ExtensionServices, documents: MetadataDocuments, node: SegmentNode | undefined): Promise<void> {
  if (!isSegmentNode(node)) return notFromTree();
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return;
  const [exports, destinations] = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Loading exports…' }, () =>
    Promise.all([
      client.listAll('listActivationSegmentExports', { params: segmentParams(node) }),
      client.listAll('listCollaborationDestinations', { params: { collaboration_id: node.collaborationId } }),
    ]),
  );
  if (!exports.ok) return warn(exports.error);
  if (exports.value.length === 0) {
    void vscode.window.showInformationMessage(`Segment "${nameOf(node)}" has not been exported yet.`);
    return;
  }
  // Destination names are a nicety: without them, ids are shown.
  const names = new Map((destinations.ok ? destinations.value : []).map((d) => [d.id, d.name || d.id] as const));
  const newestFirst = [...exports.value].sort((a, b) => (b.started_at_date_time ?? '').localeCompare(a.started_at_date_time ?? ''));
  const picked = await vscode.window.showQuickPick(
    newestFirst.map((record) => ({ ...summarizeExport(record, names), record })),
    { title: `Exports of segment "${nameOf(node)}"`, placeHolder: 'Choose an export to see its details', matchOnDescription: true, matchOnDetail: true },
  );
  if (picked === undefined) return;
  const detail = await client.call('getActivationSegmentExport', { params: { ...segmentParams(node), export_id: picked.record.export_id } });
  if (!detail.ok) return warn(detail.error);
  await documents.show(`${node.profile}/${node.collaborationId}`, `export ${picked.record.export_id}`, detail.value.export_details);
}

async function createFromQuery(services: ExtensionServices, collaborations: CollaborationsModel): Promise<void> {
  const editor = findIqlEditor();
  if (editor === undefined) {
    void vscode.window.showInformationMessage('Open an IQL editor with an activation query (SELECT dataset.column FROM …) and put the cursor in it.');
    return;
  }
  const query = await queryAtCursor(services, editor);
  if (query === undefined) return;
  const { info, result } = query;
  if (info.kind !== 'activation') {
    void vscode.window.showInformationMessage('A segment is an activation query, which selects output columns (SELECT self.ID FROM …); the query at the cursor is an insight query.');
    return;
  }
  if (result.offline !== undefined) {
    void vscode.window.showWarningMessage(defuseLinks(result.offline));
    return;
  }
  const profile = result.target.profile ?? services.profiles.defaultProfile();
  if (profile === undefined) {
    void vscode.window.showWarningMessage('No clean-room profile is configured. Start the local emulator or run "IQL: Add Profile…".');
    return;
  }
  const client = await serviceOrWarn(services, profile);
  if (client === undefined) return;
  const collaborationId = result.target.collaboration ?? (await pickCollaboration(services, profile));
  if (collaborationId === undefined) return;
  if (info.hasLocalErrors) {
    const proceed = 'Create Anyway';
    const choice = await vscode.window.showWarningMessage('The local checks found problems in this query. The service may still accept it.', { modal: true }, proceed);
    if (choice !== proceed) return;
  }
  const name = await vscode.window.showInputBox({
    title: `New activation segment in ${collaborationId}`,
    prompt: 'Name of the segment',
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim() === '' ? 'Give the segment a name.' : undefined),
  });
  if (name === undefined) return;
  const created = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'Creating the segment…' }, () =>
    client.call('createActivationSegment', { params: { collaboration_id: collaborationId }, body: { name: name.trim(), query: info.text } }),
  );
  if (!created.ok) return warn(created.error);
  const segment = created.value.activation_segment;
  void vscode.window.showInformationMessage(`Segment "${oneLine(segment.name || name.trim())}" (${oneLine(segment.id)}) created in collaboration ${collaborationId}.`);
  if (collaborations.profile === profile) await collaborations.reloadSection(collaborationId, 'segments');
}

/** The query at the cursor as the language server parsed it, or undefined after saying why not. */
async function queryAtCursor(services: ExtensionServices, editor: vscode.TextEditor): Promise<{ info: QueryInfo; result: Extract<QueriesResult, { ok: true }> } | undefined> {
  const params: QueriesParams = { uri: editor.document.uri.toString(), offset: editor.document.offsetAt(editor.selection.active) };
  let result: QueriesResult;
  try {
    await whenServerKnows(services.statuses, params.uri);
    result = await services.languageClient.sendRequest<QueriesResult>(QueriesRequest, params);
  } catch (error) {
    services.log.warn(`iql/queries failed: ${error instanceof Error ? error.message : String(error)}`);
    void vscode.window.showWarningMessage('The IQL language server did not answer. See the IQL output for details, then try again.');
    return undefined;
  }
  if (!result.ok) {
    void vscode.window.showWarningMessage(defuseLinks(result.message));
    return undefined;
  }
  const info = result.queries[0];
  if (info === undefined) {
    void vscode.window.showInformationMessage('This file has no query yet. Write a SELECT … FROM … query, then create the segment from it.');
    return undefined;
  }
  return { info, result };
}

async function pickCollaboration(services: ExtensionServices, profile: string): Promise<string | undefined> {
  const listed = await listCollaborationPicks(services.service, profile);
  if (!listed.ok) {
    void vscode.window.showWarningMessage(defuseLinks(listed.message));
    return undefined;
  }
  if (listed.choices.length === 0) {
    void vscode.window.showInformationMessage('This profile is in no collaboration, and segments live in collaborations.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    listed.choices.map((collaboration) => ({ label: oneLine(collaboration.name || collaboration.id), description: collaboration.id, id: collaboration.id })),
    { title: 'Create the segment in which collaboration?', placeHolder: 'Tip: a -- @collaboration directive in the file answers this for you' },
  );
  return picked?.id;
}

function warn(error: ServiceError): undefined {
  void vscode.window.showWarningMessage(defuseLinks(error.message));
  return undefined;
}

function notFromTree(): undefined {
  void vscode.window.showInformationMessage('Run this command from an activation segment in the Collaborations view.');
  return undefined;
}
