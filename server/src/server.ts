/**
 * Entry point of the IQL language server. The transport (`--stdio`, `--node-ipc`,
 * `--socket=N`) is chosen from the command line by vscode-languageserver.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startLanguageServer } from './language-server';

startLanguageServer(createConnection(ProposedFeatures.all));
