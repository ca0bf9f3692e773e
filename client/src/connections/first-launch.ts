import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { chooseFirstQueryFile } from './first-query-choice';
import { openExampleQuery } from './open-example';

/** Remembered in the editor's global state: the welcome has been shown once, in some window. */
export const WELCOMED_STATE_KEY = 'iql.firstLaunch.welcomed';

/** The walkthrough's id in package.json (contributes.walkthroughs). */
const WALKTHROUGH_ID = 'iql.gettingStarted';

/**
 * `IQL_FIRST_LAUNCH=skip` in the editor's environment leaves the welcome out at activation, for
 * test runs that need a known editor layout; the first-launch scenario calls `showOnce` itself.
 */
const SKIP_VARIABLE = 'IQL_FIRST_LAUNCH';

/**
 * The first time the extension activates for this user, opens a demo query and, beside it, the
 * "Get started with IQL" walkthrough; never again after that (global state, so not per folder).
 */
export class FirstLaunch {
  constructor(private readonly services: ExtensionServices) {}

  /** At activation: the welcome, unless it was shown before or the environment skips it. Never rejects. */
  onActivate(): void {
    if (process.env[SKIP_VARIABLE] === 'skip') return;
    void this.showOnce();
  }

  /**
   * Shows the welcome unless it was shown before; resolves with whether it did. The flag is
   * written first, so that two windows opening at once do not both show it. Never rejects: a
   * part that could not open is logged, and the rest still opens.
   */
  async showOnce(): Promise<boolean> {
    const state = this.services.context.globalState;
    if (state.get<boolean>(WELCOMED_STATE_KEY) === true) return false;
    await state.update(WELCOMED_STATE_KEY, true);
    await this.attempt('open a demo query', () => this.openDemoQuery());
    await this.attempt('open the walkthrough', () =>
      vscode.commands.executeCommand('workbench.action.openWalkthrough', `${this.services.context.extension.id}#${WALKTHROUGH_ID}`, true),
    );
    return true;
  }

  /** Forgets that the welcome was shown (the editor suite's first-launch scenario). */
  async forget(): Promise<void> {
    await this.services.context.globalState.update(WELCOMED_STATE_KEY, undefined);
  }

  /** The workspace's first query file when it has one at its top, else the walkthrough's example. */
  private async openDemoQuery(): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const entries = folder ? await vscode.workspace.fs.readDirectory(folder).then(undefined, () => []) : [];
    const name = chooseFirstQueryFile(entries.filter(([, type]) => type === vscode.FileType.File).map(([entry]) => entry));
    if (folder === undefined || name === undefined) {
      await openExampleQuery(this.services);
      return;
    }
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(folder, name));
    await vscode.window.showTextDocument(document, { preview: false });
  }

  private async attempt(what: string, action: () => Thenable<unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.services.log.warn(`First launch: could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
