import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { EMULATOR_PROFILE, sharedEmulatorUrl } from './emulator-profile';
import { buildExampleQuery } from './example-query';
import { ENVIRONMENT_PROFILE } from './profile-store';

/**
 * `iql.walkthrough.openExample`: opens the walkthrough's example in a new untitled IQL editor,
 * with the cursor on the query so that Ctrl+Enter runs it. The file names the profile of the
 * local emulator when there is one: the emulator's own, else the environment's when `npm start`
 * runs the emulator. Resolves with the document's URI.
 */
export async function openExampleQuery(services: ExtensionServices): Promise<string> {
  const emulatorProfile = [EMULATOR_PROFILE, ...(sharedEmulatorUrl(process.env) ? [ENVIRONMENT_PROFILE] : [])].find((name) => services.profiles.get(name) !== undefined);
  const hasEmulatorProfile = emulatorProfile !== undefined;
  const document = await vscode.workspace.openTextDocument({ language: 'iql', content: buildExampleQuery(emulatorProfile) });
  const editor = await vscode.window.showTextDocument(document);
  const line = Math.max(0, document.getText().split('\n').findIndex((text) => text.startsWith('SELECT')));
  editor.selection = new vscode.Selection(line, 0, line, 0);
  if (!hasEmulatorProfile) {
    const start = 'Start Local Emulator';
    void vscode.window
      .showInformationMessage('This example runs on the demo clean room: start the local emulator to run it.', start)
      .then((choice) => (choice === start ? vscode.commands.executeCommand('iql.startEmulator') : undefined));
  }
  return document.uri.toString();
}
