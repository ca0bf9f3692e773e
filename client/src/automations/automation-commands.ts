/**
 * Automation files in the editor: "New Automation…" writes one (its `$schema` makes the editor
 * complete zones and ids; the language server checks its schedule and steps), code lenses on
 * it send it — Save to Service (create, the id written into the file; or update: steps are not
 * updatable, so differing steps are said, never replaced), Execute Now (followed until every
 * step is final, then the outcome and each failed step's error), Enable/Disable (the file and
 * the service) — and "Schedule…" on an activation segment writes one that calculates and
 * exports it. The Automations view lists configs, executions and steps. Each command takes
 * the file's Uri (or its row) and resolves to what it got, for tests.
 */
import * as vscode from 'vscode';
import type { AutomationConfig, GetAutomationExecutionResponse } from '../../../common/api';
import { DEFAULT_POLL_OPTIONS, pollDelay } from '../../../common/poll-policy';
import type { ExtensionServices } from '../extension-services';
import { inform, serviceOrWarn, warnOf } from '../explorer/dataset-commands';
import { oneLine } from '../explorer/display-text';
import type { SegmentNode } from '../explorer/explorer-node';
import { currentTarget } from '../explorer/explorer-target';
import { followedProfile } from '../explorer/followed-profile';
import type { MetadataDocuments } from '../explorer/metadata-documents';
import { openSegmentById } from '../explorer/segment-commands';
import { createJsonFile, fileProblemCollection, showFileProblems, writeId } from '../schemas/json-files';
import type { ProfileService } from '../service/profile-service';
import {
  AUTOMATION_FILE_SUFFIX, automationFileName, automationFileText, DEFAULT_CRON, locateAutomationMessage, newAutomationFileText, readAutomationFile, stepsDiffer, updateBody, withEnabled,
  type AutomationDraft,
} from './automation-file';
import { errorText, executionIsFinal, stepSubject, taskName, type AutomationRow, type StepSubject } from './automations-model';
import { attachAutomations } from './automations-access';
import { AUTOMATIONS_VIEW, AutomationsTree } from './automations-tree';

/** Command ids (declared in package.json). */
export const AUTOMATION_COMMANDS = {
  create: 'iql.automation.new',
  save: 'iql.automation.save',
  execute: 'iql.automation.execute',
  enable: 'iql.automation.enable',
  disable: 'iql.automation.disable',
  open: 'iql.automation.open',
  refresh: 'iql.automations.refresh',
  schedule: 'iql.segment.schedule',
  /** Internal (a step row's click): opens the step's subject. */
  openStepSubject: 'iql.automation.openStepSubject',
} as const;

/** For tests and scripts: answers the questions a command would ask. */
export interface AutomationChoices {
  readonly name?: string;
  readonly cron?: string;
  readonly destinationId?: string;
  /** Where to write the file, instead of asking. */
  readonly target?: vscode.Uri;
}

/** What Execute Now resolves to: the execution as last read (every step final unless cancelled). */
export type ExecutionOutcome = GetAutomationExecutionResponse;

/** The lenses at the top of an automation file. */
class AutomationLenses implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const range = new vscode.Range(0, 0, 0, 0);
    const read = readAutomationFile(document.getText());
    const id = read.ok ? read.draft.id : /"id"\s*:\s*"([^"]+)"/.exec(document.getText())?.[1];
    const enabled = read.ok ? read.draft.body.enabled === true : /"enabled"\s*:\s*true/.test(document.getText());
    const lens = (title: string, command: string): vscode.CodeLens => new vscode.CodeLens(range, { title, command, arguments: [document.uri] });
    return [
      lens('$(cloud-upload) Save to Service', AUTOMATION_COMMANDS.save),
      ...(id === undefined ? [] : [lens('$(play) Execute Now', AUTOMATION_COMMANDS.execute)]),
      enabled ? lens('$(debug-pause) Disable', AUTOMATION_COMMANDS.disable) : lens('$(watch) Enable', AUTOMATION_COMMANDS.enable),
    ];
  }
}

export function registerAutomations(services: ExtensionServices, documents: MetadataDocuments): AutomationsTree {
  const tracked = fileProblemCollection('iql-automations');
  const problems = tracked.collection;
  const tree = new AutomationsTree(() => followedProfile(services), AUTOMATION_COMMANDS.open, AUTOMATION_COMMANDS.openStepSubject);
  services.context.subscriptions.push(
    tracked,
    tree,
    vscode.window.createTreeView(AUTOMATIONS_VIEW, { treeDataProvider: tree, showCollapseAll: true }),
    services.profiles.onDidChange(() => tree.refresh()),
    vscode.languages.registerCodeLensProvider({ pattern: `**/*${AUTOMATION_FILE_SUFFIX}` }, new AutomationLenses()),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.refresh, () => tree.refresh()),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.create, (given?: AutomationChoices) => newAutomationFile(services, given)),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.save, (uri?: vscode.Uri) => saveToService(services, tree, problems, uri)),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.execute, (uri?: vscode.Uri) => executeNow(services, tree, uri)),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.enable, (uri?: vscode.Uri) => setEnabled(services, tree, problems, uri, true)),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.disable, (uri?: vscode.Uri) => setEnabled(services, tree, problems, uri, false)),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.open, (row?: AutomationRow, given?: AutomationChoices) => openConfig(services, row, given)),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.openStepSubject, (row?: AutomationRow) => openStepSubject(services, documents, row)),
    vscode.commands.registerCommand(AUTOMATION_COMMANDS.schedule, (node?: SegmentNode, given?: AutomationChoices) => scheduleSegment(services, node, given)),
  );
  attachAutomations(services, tree);
  return tree;
}

/** A step row's subject: its segment as a query document, else the step as a read-only JSON document. */
async function openStepSubject(services: ExtensionServices, documents: MetadataDocuments, row: AutomationRow | undefined): Promise<StepSubject | undefined> {
  if (row?.kind !== 'step') return inform('Click a step of an execution in the Automations view.');
  const subject = stepSubject(row);
  if (subject.kind === 'segment') await openSegmentById(services, row.profile, subject.collaborationId, subject.segmentId);
  else await documents.show(row.profile, subject.title, subject.value);
  return subject;
}

function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function noProfile(): undefined {
  return inform('No clean-room profile yet: start the local emulator or run "IQL: Add Profile…".');
}

/** Writes `automations/<name>.iqlauto.json` for the current profile and opens it; resolves to its document. */
async function newAutomationFile(services: ExtensionServices, given: AutomationChoices | undefined): Promise<vscode.TextDocument | undefined> {
  const profile = currentTarget(services).profile;
  if (profile === undefined) return noProfile();
  const name = given?.name ?? (await askName('New automation', ''));
  if (name === undefined || name.trim() === '') return undefined;
  return createJsonFile('automations', automationFileName(name.trim()), newAutomationFileText(profile, { name: name.trim(), timezone: userTimeZone(), ...(given?.cron ? { cron: given.cron } : {}) }), given?.target);
}

function askName(title: string, value: string): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    value,
    prompt: 'Its name: letters, digits, spaces, - and _',
    validateInput: (text) => (text.trim() === '' ? 'Give it a name.' : /^[\w\- ]+$/.test(text) ? undefined : 'Letters, digits, spaces, - and _ only.'),
  });
}

/** An automation file (the given one, else the active editor's), read, with its service; undefined with a message otherwise. */
async function openAutomation(
  services: ExtensionServices,
  problems: vscode.DiagnosticCollection | undefined,
  uri: vscode.Uri | undefined,
): Promise<{ document: vscode.TextDocument; draft: AutomationDraft; client: ProfileService } | undefined> {
  const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (document === undefined || !document.uri.path.endsWith(AUTOMATION_FILE_SUFFIX)) return inform(`Open an automation file (*${AUTOMATION_FILE_SUFFIX}); "New Automation…" starts one.`);
  const read = readAutomationFile(document.getText());
  if (!read.ok) {
    if (problems) showFileProblems(problems, document, read.problems);
    return inform(`${read.problems[0]?.message ?? 'The file is not an automation.'} Nothing was sent.`);
  }
  const profile = read.draft.profile ?? currentTarget(services).profile;
  if (profile === undefined) return noProfile();
  const client = await serviceOrWarn(services, profile);
  return client === undefined ? undefined : { document, draft: read.draft, client };
}

/** Underlines a refusal where its message points, and says it; always undefined. */
function refused(problems: vscode.DiagnosticCollection, document: vscode.TextDocument, text: string, error: Parameters<typeof warnOf>[0]): undefined {
  const message = error.serviceMessage ?? error.message;
  if (error.kind === 'invalid') showFileProblems(problems, document, [{ ...locateAutomationMessage(text, message), message: `The service refused this automation: ${message}` }]);
  return warnOf(error);
}

/**
 * Create when the file has no id (the new id is written into the file and saved), Update
 * otherwise. Resolves to the config's id, or undefined when nothing was saved.
 */
async function saveToService(services: ExtensionServices, tree: AutomationsTree, problems: vscode.DiagnosticCollection, uri: vscode.Uri | undefined): Promise<string | undefined> {
  const opened = await openAutomation(services, problems, uri);
  if (opened === undefined) return undefined;
  const { document, draft, client } = opened;
  const text = document.getText();
  const name = oneLine(draft.body.name);
  if (draft.id === undefined) {
    const created = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Creating automation "${name}"…` }, () => client.call('createAutomationConfig', { body: draft.body }));
    if (!created.ok) return refused(problems, document, text, created.error);
    const id = created.value.config?.id;
    if (id === undefined || id === '') return inform('The service created the automation but sent no id back.');
    problems.delete(document.uri);
    await writeId(document, id);
    tree.refresh();
    vscode.window.setStatusBarMessage(`$(check) Automation "${name}" created as ${oneLine(id)}`, 5000);
    return id;
  }
  const id = draft.id;
  const [current, updated] = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Updating automation "${name}"…` }, async () => {
    const before = await client.call('getAutomationConfig', { params: { config_id: id } });
    if (!before.ok) return [before, undefined] as const;
    return [before, await client.call('updateAutomationConfig', { params: { config_id: id }, body: updateBody(draft) })] as const;
  });
  if (!current.ok) return refused(problems, document, text, current.error);
  if (updated === undefined) return undefined;
  if (!updated.ok) return refused(problems, document, text, updated.error);
  problems.delete(document.uri);
  tree.refresh();
  if (stepsDiffer(draft.body.steps, current.value.config?.automation_steps)) {
    void vscode.window.showWarningMessage(
      `Automation "${name}" was updated, but its steps were not: the file's steps differ from the service's, and steps cannot be updated (§4.3). To run other steps, save a copy of this file without its "id" as a new automation.`,
    );
  } else {
    vscode.window.setStatusBarMessage(`$(check) Automation "${name}" updated`, 5000);
  }
  return id;
}

/** Executes the saved automation and follows it until every step is final; resolves to the execution as last read. */
async function executeNow(services: ExtensionServices, tree: AutomationsTree, uri: vscode.Uri | undefined): Promise<ExecutionOutcome | undefined> {
  const opened = await openAutomation(services, undefined, uri);
  if (opened === undefined) return undefined;
  const { draft, client } = opened;
  if (draft.id === undefined) return inform('This automation is not on the service yet: use "Save to Service" first.');
  const id = draft.id;
  const name = oneLine(draft.body.name);
  const outcome = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Automation "${name}"`, cancellable: true }, async (progress, token) => {
    progress.report({ message: 'starting…' });
    const started = await client.call('executeAutomationConfig', { params: { config_id: id } });
    if (!started.ok) return warnOf(started.error);
    const executionId = started.value.execution_id;
    if (!executionId) return inform('The service started the automation but sent no execution id back.');
    tree.refresh();
    for (let reads = 1; ; reads++) {
      const read = await client.call('getAutomationExecution', { params: { execution_id: executionId } });
      if (!read.ok) return warnOf(read.error);
      const steps = read.value.execution_steps ?? [];
      if (executionIsFinal(read.value.execution, steps) || token.isCancellationRequested) return read.value;
      const done = steps.filter((step) => step.current_task_status === 'COMPLETED').length;
      progress.report({ message: `${taskName(read.value.execution?.current_automation_step)}: ${read.value.execution?.current_step_status ?? 'NO_STATUS'} (${done}/${steps.length} steps done)` });
      await new Promise((resolve) => setTimeout(resolve, pollDelay(reads, DEFAULT_POLL_OPTIONS)));
    }
  });
  if (outcome === undefined) return undefined;
  tree.refresh();
  const status = outcome.execution?.current_step_status ?? 'NO_STATUS';
  const failed = (outcome.execution_steps ?? []).filter((step) => step.current_task_status === 'FAILED');
  if (status === 'COMPLETED' && failed.length === 0) {
    void vscode.window.showInformationMessage(`Automation "${name}" completed: ${(outcome.execution_steps ?? []).length} steps.`);
  } else {
    const errors = failed.map((step) => `${taskName(step.task_type)}: ${oneLine(errorText(step.error) ?? 'no message')}`);
    void vscode.window.showWarningMessage(`Automation "${name}" ended ${status}.${errors.length > 0 ? ` ${errors.join('; ')}` : ''}`);
  }
  return outcome;
}

/** Sets `enabled` in the file (saved) and, once the automation is on the service, there too; resolves to the new state. */
async function setEnabled(services: ExtensionServices, tree: AutomationsTree, problems: vscode.DiagnosticCollection, uri: vscode.Uri | undefined, enabled: boolean): Promise<boolean | undefined> {
  const opened = await openAutomation(services, problems, uri);
  if (opened === undefined) return undefined;
  const { document, draft, client } = opened;
  const text = document.getText();
  if (draft.id !== undefined) {
    const answer = await client.call('updateAutomationConfig', { params: { config_id: draft.id }, body: { enabled } });
    if (!answer.ok) return refused(problems, document, text, answer.error);
    tree.refresh();
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(text.length)), withEnabled(text, enabled));
  await vscode.workspace.applyEdit(edit);
  if (!document.isUntitled) await document.save();
  vscode.window.setStatusBarMessage(`$(check) Automation "${oneLine(draft.body.name)}" ${enabled ? 'enabled' : 'disabled'}${draft.id === undefined ? ' in the file (not saved to the service yet)' : ''}`, 5000);
  return enabled;
}

/** Opens a config of the view as a file (Get Automation Config); resolves to its document. */
async function openConfig(services: ExtensionServices, row: AutomationRow | undefined, given: AutomationChoices | undefined): Promise<vscode.TextDocument | undefined> {
  if (row?.kind !== 'config') return inform('Run this command on an automation in the Automations view.');
  const client = await serviceOrWarn(services, row.profile);
  if (client === undefined) return undefined;
  const answer = await client.call('getAutomationConfig', { params: { config_id: row.config.id } });
  if (!answer.ok) return warnOf(answer.error);
  const config: AutomationConfig = answer.value.config ?? row.config;
  return createJsonFile('automations', automationFileName(config.name || row.config.id), automationFileText(row.profile, config), given?.target);
}

/** Writes an automation that calculates a segment and exports it to a destination the user picks; resolves to its document. */
async function scheduleSegment(services: ExtensionServices, node: SegmentNode | undefined, given: AutomationChoices | undefined): Promise<vscode.TextDocument | undefined> {
  if (node?.kind !== 'segment') return inform('Run this command on an activation segment in the Collaborations view.');
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return undefined;
  const segmentName = oneLine(node.segment.name || node.segment.id);
  let destinationId = given?.destinationId;
  if (destinationId === undefined) {
    const destinations = await client.listAll('listCollaborationDestinations', { params: { collaboration_id: node.collaborationId } });
    if (!destinations.ok) return warnOf(destinations.error);
    if (destinations.value.length === 0) return inform('This collaboration has no destination yet: add one (Add Destination on the collaboration) to export to.');
    const picked = await vscode.window.showQuickPick(
      destinations.value.map((destination) => ({ label: oneLine(destination.name || destination.id), description: oneLine(destination.destination_type_id ?? ''), detail: destination.id, id: destination.id })),
      { title: `Schedule "${segmentName}"`, placeHolder: 'The destination each run exports the segment to' },
    );
    destinationId = picked?.id;
  }
  if (destinationId === undefined) return undefined;
  const cron =
    given?.cron ??
    (await vscode.window.showInputBox({ title: `Schedule "${segmentName}"`, value: DEFAULT_CRON, prompt: `When it runs: a five-field crontab in ${userTimeZone()} (minute hour day month weekday); the default is Mondays at 06:00` }));
  if (cron === undefined || cron.trim() === '') return undefined;
  const name = given?.name ?? `Schedule ${segmentName}`.replace(/[^\w\- ]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 80);
  const ids = { collaboration_id: node.collaborationId, activation_segment_id: node.segment.id };
  const text = newAutomationFileText(node.profile, {
    name,
    description: `Calculates "${segmentName}" and exports it to ${destinationId}.`,
    cron: cron.trim(),
    timezone: userTimeZone(),
    steps: [{ activation_calculation: ids }, { activation: { ...ids, destination_id: destinationId } }],
  });
  return createJsonFile('automations', automationFileName(name), text, given?.target);
}
