import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { listCollaborationPicks } from './collaboration-picks';
import { checkDirectiveValue, computeDirectiveEdits, readTargetDirectives, type TargetChange } from './directive-edits';
import { defuseLinks } from '../explorer/display-text';
import { plainText } from './status-text';

/**
 * The arguments of `iql.pickTarget`, all optional: a key that is present skips its pick
 * (null: the default profile / no collaboration; a string: that profile or collaboration).
 */
export interface PickTargetArgs {
  readonly uri?: string;
  readonly profile?: string | null;
  readonly collaboration?: string | null;
}

interface ValueItem<T> extends vscode.QuickPickItem {
  readonly value: T;
}

type CollaborationValue =
  | { readonly kind: 'none' }
  | { readonly kind: 'id'; readonly id: string }
  | { readonly kind: 'enter' }
  /** The row that says why the list could not be read; choosing it shows the whole message. */
  | { readonly kind: 'problem'; readonly message: string };

/**
 * `iql.pickTarget [args]`: picks a profile ("Default (…)" or one of them), then one of that
 * profile's collaborations ("None (own datasets)" or one listed by the service), and writes the
 * file's `-- @profile` / `-- @collaboration` lines accordingly (unsaved, undoable). Resolves
 * with true when the file now says what was chosen, false when cancelled or refused.
 */
export async function pickTarget(services: ExtensionServices, rawArgs?: unknown): Promise<boolean> {
  const args = asArgs(rawArgs);
  const document = await findDocument(args.uri);
  if (!document) {
    void vscode.window.showInformationMessage('Open an IQL file to choose its profile and collaboration.');
    return false;
  }
  const current = readTargetDirectives(document.getText());
  const fileName = plainText(document.uri.path.split('/').pop() ?? 'this file');

  const profile = 'profile' in args ? args.profile : await pickProfile(services, fileName, current.profile);
  if (profile === undefined) return false;
  const effectiveProfile = profile ?? services.profiles.defaultProfile();
  const collaboration = 'collaboration' in args ? args.collaboration : await pickCollaboration(services, fileName, effectiveProfile, current.collaboration);
  if (collaboration === undefined) return false;

  for (const value of [profile, collaboration]) {
    const problem = typeof value === 'string' ? checkDirectiveValue(value) : undefined;
    if (problem) {
      void vscode.window.showWarningMessage(`The file's target was not changed: ${problem}`);
      return false;
    }
  }
  // Computed from the text as it is now: the file may have changed while the picks were open.
  const change: TargetChange = { profile, collaboration };
  const edits = computeDirectiveEdits(document.getText(), change);
  if (edits.length === 0) return true;
  const edit = new vscode.WorkspaceEdit();
  for (const span of edits) edit.replace(document.uri, new vscode.Range(document.positionAt(span.start), document.positionAt(span.end)), span.newText);
  return vscode.workspace.applyEdit(edit);
}

/** Step 1: the default or a named profile. Resolves with null for the default, undefined when cancelled. */
async function pickProfile(services: ExtensionServices, fileName: string, current: string | undefined): Promise<string | null | undefined> {
  const { profiles } = services;
  const fallback = profiles.defaultProfile();
  const items: ValueItem<string | null>[] = [
    {
      label: `Default (${fallback ?? 'none yet'})`,
      description: current ? 'remove the -- @profile line' : 'current · no -- @profile line',
      value: null,
    },
  ];
  for (const entry of profiles.list()) {
    const hasKey = (await profiles.apiKey(entry.name)) !== undefined;
    items.push({
      label: plainText(entry.name),
      description: `${entry.baseUrl}${entry.name === current ? ' · current' : ''}`,
      detail: entry.origin === 'environment' ? 'From IQL_BASE_URL and IQL_API_KEY' : hasKey ? 'API key set' : 'No API key yet: set one with "IQL: Set API Key…"',
      value: entry.name,
    });
  }
  const chosen = await vscode.window.showQuickPick(items, {
    title: `Target of ${fileName} (1/2): profile`,
    placeHolder: 'The connection this file\'s queries use',
    matchOnDescription: true,
  });
  return chosen === undefined ? undefined : chosen.value;
}

/**
 * Step 2: no collaboration, one the service lists for `profile`, or one typed in (when the list
 * cannot be read, e.g. offline or in an untrusted workspace, where no call is made at all).
 * Resolves with null for none, undefined when cancelled.
 */
async function pickCollaboration(services: ExtensionServices, fileName: string, profile: string | undefined, current: string | undefined): Promise<string | null | undefined> {
  const none: ValueItem<CollaborationValue> = { label: 'None (own datasets)', description: current ? 'remove the -- @collaboration line' : 'current', value: { kind: 'none' } };
  const enter: ValueItem<CollaborationValue> = { label: 'Enter a collaboration ID…', value: { kind: 'enter' } };
  const pick = vscode.window.createQuickPick<ValueItem<CollaborationValue>>();
  pick.title = `Target of ${fileName} (2/2): collaboration${profile ? ` of ${plainText(profile)}` : ''}`;
  pick.placeholder = 'Listing collaborations…';
  pick.matchOnDescription = true;
  pick.busy = true;
  pick.items = [none];

  const abort = new AbortController();
  const answer = new Promise<CollaborationValue | undefined>((resolve) => {
    pick.onDidAccept(() => {
      const value = pick.selectedItems[0]?.value;
      // The message row stays a row: the picker stays open, the whole message in a notification.
      if (value?.kind === 'problem') void vscode.window.showWarningMessage(`Collaborations not listed: ${defuseLinks(value.message)}`);
      else resolve(value);
    });
    pick.onDidHide(() => resolve(undefined));
  });
  pick.show();
  void listCollaborationPicks(services.service, profile, abort.signal).then((listed) => {
    if (abort.signal.aborted) return;
    pick.busy = false;
    if (!listed.ok) {
      services.log.info(`Collaborations not listed: ${listed.message}`);
      // A placeholder is one short line: the service's message goes in a row of its own, whole.
      pick.placeholder = 'Collaborations could not be listed: enter an ID, or choose None';
      const problem: ValueItem<CollaborationValue> = { label: '$(warning) Collaborations not listed', detail: plainText(listed.message), value: { kind: 'problem', message: listed.message } };
      pick.items = [problem, none, enter];
      pick.activeItems = [none];
      return;
    }
    const items = listed.choices.map((choice): ValueItem<CollaborationValue> => ({
      label: plainText(choice.name ?? choice.id),
      description: `${plainText(choice.id)}${choice.id === current ? ' · current' : ''}`,
      ...(choice.description ? { detail: plainText(choice.description) } : {}),
      value: { kind: 'id', id: choice.id },
    }));
    if (current && !listed.choices.some((choice) => choice.id === current)) {
      items.unshift({ label: plainText(current), description: 'current · not listed for this profile', value: { kind: 'id', id: current } });
    }
    pick.items = [none, ...items, enter];
    pick.placeholder = listed.choices.length > 0 ? 'The collaboration whose datasets this file\'s queries use' : 'This profile sees no collaboration';
    const active = pick.items.find((item) => item.value.kind === 'id' && item.value.id === current);
    if (active) pick.activeItems = [active];
  });

  const chosen = await answer;
  abort.abort();
  pick.dispose();
  if (chosen === undefined) return undefined;
  if (chosen.kind === 'none') return null;
  if (chosen.kind === 'id') return chosen.id;
  if (chosen.kind === 'problem') return undefined;
  const typed = await vscode.window.showInputBox({
    title: `Target of ${fileName}: collaboration ID`,
    prompt: 'The ID of the collaboration, as the service shows it',
    placeHolder: 'CLB.7f3a2c',
    value: current,
    ignoreFocusOut: true,
    validateInput: checkDirectiveValue,
  });
  return typed === undefined ? undefined : typed.trim();
}

async function findDocument(uri: string | undefined): Promise<vscode.TextDocument | undefined> {
  if (uri === undefined) {
    const document = vscode.window.activeTextEditor?.document;
    return document?.languageId === 'iql' ? document : undefined;
  }
  const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri);
  if (open) return open;
  try {
    return await vscode.workspace.openTextDocument(vscode.Uri.parse(uri, true));
  } catch {
    // A URI that names nothing openable is answered like "no IQL file".
    return undefined;
  }
}

function asArgs(value: unknown): PickTargetArgs {
  if (typeof value !== 'object' || value === null || value instanceof vscode.Uri) {
    return value instanceof vscode.Uri ? { uri: value.toString() } : {};
  }
  const raw = value as Record<string, unknown>;
  const args: { uri?: string; profile?: string | null; collaboration?: string | null } = {};
  if (typeof raw.uri === 'string') args.uri = raw.uri;
  for (const key of ['profile', 'collaboration'] as const) {
    const given = raw[key];
    if (given === null || typeof given === 'string') args[key] = given;
  }
  return args;
}
