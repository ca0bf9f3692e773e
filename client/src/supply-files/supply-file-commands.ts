/**
 * Data-supply objects as files in the editor: "New Data Supply File…" writes one
 * (`supply/<name>.<kind suffix>`), its `$schema` served by schemas/schema-documents.ts; the
 * code lens "Save to Service" creates the object (the new ID written into the file) or
 * updates it, asking for each secret the file holds as "$secret" in a password box and
 * sending it once — the file keeps the placeholder; on a saved file, "Run…" starts what it
 * configures and follows it (supply-file-runs.ts). A refusal is underlined where the service's message
 * points, with the service's own words.
 */
import * as vscode from 'vscode';
import type { ServiceError } from '../../../common/service-result';
import { inform, warnOf } from '../explorer/dataset-commands';
import { oneLine } from '../explorer/display-text';
import { currentTarget } from '../explorer/explorer-target';
import type { ExtensionServices } from '../extension-services';
import { locateServiceMessage } from '../schemas/json-file-text';
import { createJsonFile, fileProblemCollection, showFileProblems, writeId } from '../schemas/json-files';
import type { ProfileService } from '../service/profile-service';
import type { SupplyTree } from '../supply/supply-tree';
import { createBodyOf, createdIdOf, SUPPLY_FILE_KINDS, supplyFileKindOf, updateBodyOf, type SupplyFileKind } from './supply-file-kinds';
import { newSupplyFileText, readSupplyFile, supplyFileName, withSecrets, type InputRecordset, type SupplyDraft } from './supply-file';
import { listRecordsets, runSupplyFile, runTitle, type SupplyRunChoices } from './supply-file-runs';

export const SUPPLY_FILE_COMMANDS = {
  create: 'iql.supply.newFile',
  save: 'iql.supply.saveFile',
  run: 'iql.supply.runFile',
} as const;

const FILE_PATTERN = `**/*{${Object.values(SUPPLY_FILE_KINDS).map((kind) => kind.suffix).join(',')}}`;

/** What a scripted caller (tests) may give instead of being asked. */
export interface SupplyFileChoices {
  readonly kind?: SupplyFileKind['id'];
  readonly name?: string;
  readonly target?: vscode.Uri;
  /** Secret values in the order the file holds them. */
  readonly secrets?: readonly string[];
  /** The recordset a new normalization file reads (its columns are then offered). */
  readonly input?: InputRecordset;
}

class SupplyFileLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const kind = supplyFileKindOf(document.uri.path);
    if (kind === undefined) return [];
    const range = new vscode.Range(0, 0, 0, 0);
    const read = readSupplyFile(document.getText(), kind);
    const saved = read.ok && read.draft.id !== undefined;
    const lens = (title: string, command: string): vscode.CodeLens => new vscode.CodeLens(range, { title, command, arguments: [document.uri] });
    const run = runTitle(kind);
    return [lens('$(cloud-upload) Save to Service', SUPPLY_FILE_COMMANDS.save), ...(saved && run !== '' ? [lens(run, SUPPLY_FILE_COMMANDS.run)] : [])];
  }
}

export function registerSupplyFiles(services: ExtensionServices, tree: SupplyTree): void {
  const tracked = fileProblemCollection('iql-supply-files');
  services.context.subscriptions.push(
    tracked,
    vscode.languages.registerCodeLensProvider({ pattern: FILE_PATTERN }, new SupplyFileLenses()),
    vscode.commands.registerCommand(SUPPLY_FILE_COMMANDS.create, (given?: SupplyFileChoices) => newSupplyFile(services, given)),
    vscode.commands.registerCommand(SUPPLY_FILE_COMMANDS.save, (uri?: vscode.Uri, given?: SupplyFileChoices) => saveToService(services, tree, tracked.collection, uri, given)),
    vscode.commands.registerCommand(SUPPLY_FILE_COMMANDS.run, (uri?: vscode.Uri, given?: SupplyRunChoices) => runFile(services, tree, uri, given)),
  );
}

async function newSupplyFile(services: ExtensionServices, given: SupplyFileChoices | undefined): Promise<vscode.TextDocument | undefined> {
  const profile = currentTarget(services).profile;
  if (profile === undefined) return inform('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const kinds = Object.values(SUPPLY_FILE_KINDS);
  const items = kinds.map((candidate): vscode.QuickPickItem & { fileKind: SupplyFileKind } => ({ label: capitalized(candidate.noun), description: `*${candidate.suffix}`, fileKind: candidate }));
  const kind = given?.kind !== undefined ? SUPPLY_FILE_KINDS[given.kind] : (await vscode.window.showQuickPick(items, { title: 'New data supply file' }))?.fileKind;
  if (kind === undefined) return undefined;
  const name =
    given?.name ??
    (await vscode.window.showInputBox({
      title: `New ${kind.noun}`,
      prompt: 'Its name: letters, digits, spaces, - and _',
      validateInput: (text) => (text.trim() === '' ? 'Give it a name.' : /^[\w\- ]+$/.test(text) ? undefined : 'Letters, digits, spaces, - and _ only.'),
    }));
  if (name === undefined || name.trim() === '') return undefined;
  const input = given?.input ?? (kind.id === 'normalization' && given === undefined ? await askInputRecordset(services, profile) : undefined);
  return createJsonFile('supply', supplyFileName(kind, name.trim()), newSupplyFileText(profile, kind, name.trim(), {}, input), given?.target);
}

/** Which recordset a new normalization file reads, so that its columns are offered; undefined for none. */
async function askInputRecordset(services: ExtensionServices, profile: string): Promise<InputRecordset | undefined> {
  const client = await services.service.forProfile(profile);
  if (!client.ok) return undefined;
  const recordsets = await listRecordsets(client.value, false).catch(() => []);
  if (recordsets.length === 0) return undefined;
  const none = { label: 'None', description: 'offer the global schema only', value: undefined };
  const picked = await vscode.window.showQuickPick([...recordsets, none], { title: 'Which recordset will it normalize? Its columns are offered as input columns.' });
  return picked?.value;
}

interface OpenedFile {
  readonly document: vscode.TextDocument;
  readonly kind: SupplyFileKind;
  readonly draft: SupplyDraft;
  readonly client: ProfileService;
}

async function openSupplyFile(services: ExtensionServices, problems: vscode.DiagnosticCollection | undefined, uri: vscode.Uri | undefined): Promise<OpenedFile | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  const kind = document === undefined ? undefined : supplyFileKindOf(document.uri.path);
  if (document === undefined || kind === undefined) return inform('Open a data supply file (*.iqlconnector.json, *.iqlimporter.json, …); "New Data Supply File…" starts one.');
  const read = readSupplyFile(document.getText(), kind);
  if (!read.ok) {
    if (problems) showFileProblems(problems, document, read.problems);
    return inform(`${read.problems[0]?.message ?? `The file is not a ${kind.noun}.`} Nothing was sent.`);
  }
  const profile = read.draft.profile ?? currentTarget(services).profile;
  if (profile === undefined) return inform('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
  const client = await services.service.forProfile(profile);
  if (!client.ok) return warnOf(client.error);
  return { document, kind, draft: read.draft, client: client.value };
}

/** Asks for each secret the file holds as the placeholder; undefined when the user cancels. */
async function askSecrets(draft: SupplyDraft, given: readonly string[] | undefined): Promise<string[] | undefined> {
  if (given !== undefined) return [...given];
  const values: string[] = [];
  for (const path of draft.secrets) {
    const value = await vscode.window.showInputBox({ title: `Secret: ${path.join('.')}`, prompt: 'Sent once to the service with this save; never written to a file, a setting or a log.', password: true, ignoreFocusOut: true });
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

async function saveToService(services: ExtensionServices, tree: SupplyTree, problems: vscode.DiagnosticCollection, uri: vscode.Uri | undefined, given: SupplyFileChoices | undefined): Promise<string | undefined> {
  const opened = await openSupplyFile(services, problems, uri);
  if (opened === undefined) return undefined;
  const { document, kind, draft, client } = opened;
  const secrets = await askSecrets(draft, given?.secrets);
  if (secrets === undefined) return inform('Nothing was sent: a secret was not given.');
  // The request carrying them shows in the message trace (iql.trace.server): never with them.
  for (const secret of secrets) services.languageClient.redactInTrace(secret);
  const object = withSecrets(draft, secrets);
  const name = oneLine(String(draft.object.name ?? ''));
  const text = document.getText();
  if (draft.id === undefined) {
    const created = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Creating ${kind.noun} "${name}"…` }, () => client.call(kind.create, { body: createBodyOf(kind, object) } as never));
    if (!created.ok) return refused(problems, document, text, created.error);
    const id = createdIdOf(created.value);
    if (id === undefined) return inform(`The service created the ${kind.noun} but sent no ID back.`);
    problems.delete(document.uri);
    await writeId(document, id);
    tree.refresh();
    vscode.window.setStatusBarMessage(`$(check) ${capitalized(kind.noun)} "${name}" created as ${oneLine(id)}`, 5000);
    return id;
  }
  const id = draft.id;
  const params = paramsOf(kind, id);
  const updated = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Updating ${kind.noun} "${name}"…` }, () => client.call(kind.update, { params, body: updateBodyOf(kind, object) } as never));
  if (!updated.ok) return refused(problems, document, text, updated.error);
  problems.delete(document.uri);
  tree.refresh();
  vscode.window.setStatusBarMessage(`$(check) ${capitalized(kind.noun)} "${name}" updated`, 5000);
  return id;
}

async function runFile(services: ExtensionServices, tree: SupplyTree, uri: vscode.Uri | undefined, given: SupplyRunChoices | undefined): Promise<unknown> {
  const opened = await openSupplyFile(services, undefined, uri);
  if (opened === undefined) return undefined;
  const { draft } = opened;
  if (draft.id === undefined) return inform(`Save the ${opened.kind.noun} to the service first ("Save to Service"), then run it.`);
  return runSupplyFile(opened.client, tree, opened.kind, { ...draft, id: draft.id }, given);
}

function paramsOf(kind: SupplyFileKind, id: string): Record<string, string> {
  return kind.id === 'importer' ? { import_id: id } : { config_id: id };
}

/** Underlines where the service's message points, and shows it. */
function refused(problems: vscode.DiagnosticCollection, document: vscode.TextDocument, text: string, error: ServiceError): undefined {
  const message = error.serviceMessage ?? error.message;
  showFileProblems(problems, document, [locateServiceMessage(text, message)]);
  return warnOf(error);
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
