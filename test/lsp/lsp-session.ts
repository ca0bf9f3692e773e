/**
 * Starts the built language server (dist/server.js) as a child process and talks to it over
 * real JSON-RPC, as any editor would. Used by every test under test/lsp.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  createMessageConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { languageServerEnv } from '../../common/language-server-env';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../../common/language-server-flags';

export const SERVER_BUNDLE = resolve(__dirname, '../../dist/server.js');

export interface LspSession {
  readonly connection: MessageConnection;
  readonly process: ChildProcess;
  /** Resolves with the next diagnostics published for `uri` that satisfy `accept`. */
  waitForDiagnostics(uri: string, accept?: (diagnostics: Diagnostic[]) => boolean, timeoutMs?: number): Promise<PublishDiagnosticsParams>;
  /** Sends shutdown + exit and resolves with the server's exit code. */
  close(): Promise<number | null>;
}

/**
 * Starts the server with the Node options and environment the editor gives it (common/language-server-flags.ts,
 * language-server-env.ts), without a startup snapshot unless `nodeArgs` names one (test/lsp/startup-snapshot.test.ts).
 * The builder of a snapshot is not started: a test's server must not leave a process behind it.
 */
export function startServer(transport: 'stdio' | 'node-ipc', env: NodeJS.ProcessEnv = {}, nodeArgs: readonly string[] = LANGUAGE_SERVER_NODE_OPTIONS): LspSession {
  const childEnv = languageServerEnv(process.env, { IQL_STARTUP_SNAPSHOT: 'off', ...env });
  const child =
    transport === 'stdio'
      ? spawn(process.execPath, [...nodeArgs, SERVER_BUNDLE, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: childEnv })
      : fork(SERVER_BUNDLE, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: childEnv, execArgv: [...nodeArgs] });
  const connection =
    transport === 'stdio'
      ? createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!))
      : createMessageConnection(new IPCMessageReader(child), new IPCMessageWriter(child));

  const published: PublishDiagnosticsParams[] = [];
  const waiters: Array<() => void> = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push(params);
    for (const wake of waiters.splice(0)) wake();
  });
  connection.listen();

  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));

  return {
    connection,
    process: child,
    waitForDiagnostics(uri, accept = () => true, timeoutMs = 5000) {
      return new Promise((resolveWait, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
        const check = (): void => {
          const index = published.findIndex((p) => p.uri === uri && accept(p.diagnostics));
          if (index >= 0) {
            clearTimeout(timer);
            resolveWait(published.splice(0, index + 1).pop()!);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    async close() {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
