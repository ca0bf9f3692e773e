import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../../common/language-server-flags';
import { ProfilesChangedNotification, ProfilesRequest, StatusNotification, type ProfilesResult, type StatusParams } from '../../common/protocol';
import type { ProfileStore } from './connections/profile-store';
import { RedactingLog } from './connections/redacting-log';
import type { DocumentStatuses } from './service/document-statuses';

/**
 * The language client for `iql` documents, talking to the bundled server (dist/server.js)
 * over Node IPC. It answers the server's `iql/profiles` from the profile store (keys from
 * secret storage), tells the server when profiles change and keeps the server's statuses. It
 * says it serves dataset pages (explorer/dataset-pages.ts), so go to definition opens them. Not started here.
 */
/** Each language client's trace channel, so that other secrets sent through it can be removed too. */
const traces = new WeakMap<LanguageClient, RedactingLog>();

/**
 * Removes `secret` from the message trace of `client` from now on: a secret the user types
 * (a connector's password) travels to the server inside a request, which the trace shows.
 */
export function redactInTrace(client: LanguageClient, secret: string): void {
  if (secret !== '') traces.get(client)?.addSecret(secret);
}

export function createLanguageClient(
  context: vscode.ExtensionContext,
  log: vscode.LogOutputChannel,
  profiles: ProfileStore,
  statuses: DocumentStatuses,
): LanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const trace = new RedactingLog(log);
  // The server's V8 code cache (server/src/boot/compile-cache.ts) lives in the extension's own
  // storage, so it goes away with the extension instead of staying in the OS temp dir.
  const env = { ...process.env, IQL_SERVER_CACHE_DIR: vscode.Uri.joinPath(context.globalStorageUri, 'code-cache').fsPath };
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { env, execArgv: [...LANGUAGE_SERVER_NODE_OPTIONS] } },
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
  traces.set(client, trace);
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
