/**
 * Entry point of the IQL language server. The transport (`--stdio`, `--node-ipc`,
 * `--socket=N`) is chosen from the command line by vscode-languageserver.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startLanguageServer } from './language-server';

const connection = createConnection(ProposedFeatures.all);
// A stray rejected promise is a bug to log, never a reason to take the server down.
process.on('unhandledRejection', (reason) => {
  connection.console.error(`Unexpected failure: ${reason instanceof Error ? reason.message : String(reason)}`);
});
startLanguageServer(connection);
