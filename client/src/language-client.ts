import * as vscode from 'vscode';
import { LanguageClient, ProgressType, State, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../../common/language-server-flags';
import { languageServerEnv } from '../../common/language-server-env';
import { compileCacheDir } from '../../common/server-cache-dir';
import { languageServerNodeArgs, setSnapshotAside } from '../../common/startup-snapshot';
import { ProfilesChangedNotification, ProfilesRequest, StatusNotification, type ProfilesResult, type StatusParams } from '../../common/protocol';
import type { ProfileStore } from './connections/profile-store';
import type { RedactingLog } from './connections/redacting-log';
import type { DocumentStatuses } from './service/document-statuses';
import { ServerStartArgs } from './server-start-args';

/**
 * The language client for `iql` documents, talking to the bundled server (dist/server.js)
 * over Node IPC. It answers the server's `iql/profiles` from the profile store (keys from
 * secret storage), tells the server when profiles change and keeps the server's statuses. It
 * says it serves dataset pages (explorer/dataset-pages.ts), so go to definition opens them. Not started here.
 *
 * This module is a bundle of its own (dist/language-client.js), loaded after activation by
 * server-connection.ts, the only module that may take values from it or vscode-languageclient.
 */
export function createLanguageClient(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
  trace: RedactingLog,
  profiles: ProfileStore,
  statuses: DocumentStatuses,
): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  // The server's V8 code cache (server/src/boot/compile-cache.ts) and startup snapshot live in the
  // extension's own storage, so they go away with the extension instead of staying in the OS temp dir.
  const env = languageServerEnv(process.env, { IQL_SERVER_CACHE_DIR: vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath });
  const serverEnv = { ...process.env, ...env };
  const startArgs = new ServerStartArgs(() => languageServerNodeArgs(compileCacheDir(serverEnv), context.asAbsolutePath('dist'), serverEnv), setSnapshotAside);
  const serverOptions: ServerOptions = {
    // A getter: the client copies these options at each start (and restart), which asks for the
    // options of that start: from the startup snapshot once one has been built.
    run: {
      module,
      transport: TransportKind.ipc,
      options: {
        env,
        get execArgv() {
          return startArgs.next();
        },
      },
    },
    debug: { module, transport: TransportKind.ipc, options: { env, execArgv: [...LANGUAGE_SERVER_NODE_OPTIONS, '--nolazy', '--inspect=6009'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'iql' },
      { scheme: 'untitled', language: 'iql' },
      { scheme: 'vscode-remote', language: 'iql' },
      // Report and automation files: the server answers for what it understands inside them only.
      ...(['file', 'untitled', 'vscode-remote'] as const).flatMap((scheme) => [
        { scheme, language: 'json', pattern: '**/*.iqlreport.json' },
        { scheme, language: 'json', pattern: '**/*.iqlauto.json' },
      ]),
    ],
    outputChannel: log,
    // The message trace shows the `iql/profiles` answers, which carry the keys: it is written
    // through a channel that removes every key handed to the server.
    traceOutputChannel: trace,
    // The server keeps catalogs between runs in the extension's own storage (never a key: see service/src/catalog-store.ts).
    initializationOptions: { profilesFromClient: true, datasetPages: true, storageDir: context.globalStorageUri.fsPath },
  };
  const client = new LanguageClient('iql', 'IQL Language Server', serverOptions, clientOptions);
  client.onDidChangeState(({ newState }) => {
    if (newState === State.Running) startArgs.running();
  });
  client.onRequest(ProfilesRequest, async (): Promise<ProfilesResult> => {
    const resolved = await profiles.resolve();
    for (const profile of resolved.profiles) if (profile.apiKey) trace.addSecret(profile.apiKey);
    return resolved;
  });
  client.onNotification(StatusNotification, (status: StatusParams) => statuses.update(status));
  context.subscriptions.push(
    profiles.onDidChange(() => {
      if (client.isRunning()) void client.sendNotification(ProfilesChangedNotification);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => statuses.forget(document.uri.toString())),
  );
  return client;
}

/** Listens to the `$/progress` values the server sends under `token` (a job's steps). */
export function onServerProgress<P>(client: LanguageClient, token: string | number, listener: (value: P) => void): vscode.Disposable {
  return client.onProgress(new ProgressType<P>(), token, listener);
}
