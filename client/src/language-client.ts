import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';

/**
 * Starts the bundled language server (dist/server.js) over Node IPC for `iql` documents and
 * resolves once the server has answered `initialize`. Server logs go to `log`.
 */
export async function startLanguageClient(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
): Promise<LanguageClient> {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'iql' },
      { scheme: 'untitled', language: 'iql' },
      { scheme: 'vscode-remote', language: 'iql' },
    ],
    outputChannel: log,
  };
  const client = new LanguageClient('iql', 'IQL Language Server', serverOptions, clientOptions);
  await client.start();
  return client;
}
