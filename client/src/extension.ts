import * as vscode from 'vscode';
import { startLanguageClient } from './language-client';

/**
 * Activation: start the language server and hand every registration to the extension
 * context so that deactivation disposes all of it. Kept thin; features live in their own
 * modules and are composed here.
 */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const log = vscode.window.createOutputChannel('IQL', { log: true });
  context.subscriptions.push(log);
  const client = await startLanguageClient(context, log);
  context.subscriptions.push({ dispose: () => void client.stop() });
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
