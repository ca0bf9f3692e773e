import * as vscode from 'vscode';
import { registerGuardedCommand } from '../connections/register-command';
import type { ExtensionServices } from '../extension-services';
import { readTargetDirectives } from './directive-edits';
import { describeStatus, type StatusTone } from './status-text';
import { pickTarget } from './target-picker';

/** How often the tooltip's "catalog N min old" is brought up to date while the item shows. */
const AGE_REFRESH_MS = 30_000;

const TONE_COLOURS: Readonly<Record<StatusTone, vscode.ThemeColor | undefined>> = {
  normal: undefined,
  warning: new vscode.ThemeColor('statusBarItem.warningBackground'),
  error: new vscode.ThemeColor('statusBarItem.errorBackground'),
};

/**
 * The IQL status bar item: `$(database) <profile> · <collaboration>` for the active IQL
 * editor, with the service's state (from the server's `iql/status`) as an icon and colour,
 * and the server's message and the catalog's age in its tooltip; hidden for other editors.
 * Clicking it runs `iql.pickTarget`, which rewrites the file's directives.
 */
export function registerStatusBar(services: ExtensionServices): void {
  const { context, statuses, profiles, log } = services;
  const item = vscode.window.createStatusBarItem('iql.target', vscode.StatusBarAlignment.Left, 50);
  item.name = 'IQL Target';
  item.command = 'iql.pickTarget';
  let ageTimer: NodeJS.Timeout | undefined;

  const update = (): void => {
    const document = vscode.window.activeTextEditor?.document;
    if (!document || document.languageId !== 'iql') {
      item.hide();
      if (ageTimer) clearInterval(ageTimer);
      ageTimer = undefined;
      return;
    }
    const defaultProfile = profiles.defaultProfile();
    const defaultCollaboration = profiles.defaultCollaboration();
    const view = describeStatus({
      status: statuses.get(document.uri.toString()),
      directives: readTargetDirectives(document.getText()),
      defaults: { ...(defaultProfile ? { profile: defaultProfile } : {}), ...(defaultCollaboration ? { collaboration: defaultCollaboration } : {}) },
      trusted: vscode.workspace.isTrusted,
      now: Date.now(),
    });
    item.text = view.text;
    item.tooltip = view.tooltip;
    item.backgroundColor = TONE_COLOURS[view.tone];
    item.show();
    ageTimer ??= setInterval(update, AGE_REFRESH_MS);
  };

  const isActive = (uri: string): boolean => vscode.window.activeTextEditor?.document.uri.toString() === uri;
  update();
  context.subscriptions.push(
    item,
    { dispose: () => ageTimer && clearInterval(ageTimer) },
    registerGuardedCommand(log, 'iql.pickTarget', (args) => pickTarget(services, args)),
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidOpenTextDocument((document) => document.languageId === 'iql' && isActive(document.uri.toString()) && update()),
    vscode.workspace.onDidChangeTextDocument((event) => isActive(event.document.uri.toString()) && update()),
    statuses.onDidChange((status) => isActive(status.uri) && update()),
    profiles.onDidChange(update),
    vscode.workspace.onDidGrantWorkspaceTrust(update),
  );
}
