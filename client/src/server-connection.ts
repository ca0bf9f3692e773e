import type * as vscode from 'vscode';
import type * as LanguageClientModule from './language-client';
import type { ProfileStore } from './connections/profile-store';
import { RedactingLog } from './connections/redacting-log';
import type { DocumentStatuses } from './service/document-statuses';

type LanguageClient = ReturnType<typeof LanguageClientModule.createLanguageClient>;

/**
 * What the extension's features need of the language server's connection. Activation hands
 * out this, not the language client itself: vscode-languageclient and its protocol are the
 * larger half of what the extension evaluates, so they live in a bundle of their own
 * (dist/language-client.js, built from language-client.ts) loaded after `activate` returns.
 */
export interface ServerConnection {
  /** Sends `method` once the client has started; a request made before that waits for it. */
  sendRequest<R>(method: string, params?: unknown, token?: vscode.CancellationToken): Promise<R>;
  /** Listens to `$/progress` under `token` until disposed; a listener added before the start is added at the start. */
  onProgress<P>(token: string | number, listener: (value: P) => void): vscode.Disposable;
  /** Removes `secret` from the message trace from now on (a connector's password travels inside a request). */
  redactInTrace(secret: string): void;
}

/** How the language client is made once its bundle is loaded (language-client.ts's inputs). */
export interface LanguageClientInputs {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly profiles: ProfileStore;
  readonly statuses: DocumentStatuses;
}

/**
 * The server connection whose language client is created and started by `start()`, which
 * `activate` schedules after it returns. Until then every request and progress listener waits
 * on the client's arrival, in the order they were made, so a command that runs early is
 * answered late, never refused.
 */
export class DeferredServerConnection implements ServerConnection, vscode.Disposable {
  private readonly trace: RedactingLog;
  private readonly client: Promise<LanguageClient>;
  private resolveClient!: (client: LanguageClient) => void;
  private rejectClient!: (reason: unknown) => void;
  private state: 'waiting' | 'started' | 'disposed' = 'waiting';
  private started: LanguageClient | undefined;
  /** Settles when the started client runs (true) or failed to start (false). */
  private starting: Promise<boolean> = Promise.resolve(false);

  constructor(
    private readonly inputs: LanguageClientInputs,
    private readonly load: () => typeof LanguageClientModule = loadLanguageClientModule,
  ) {
    this.trace = new RedactingLog(inputs.log);
    this.client = new Promise<LanguageClient>((resolve, reject) => {
      this.resolveClient = resolve;
      this.rejectClient = reject;
    });
    // A failed start is logged by start(); callers see it as their request's rejection.
    this.client.catch(() => undefined);
  }

  /** Loads the client's bundle, creates the client and starts it (not waiting for the server). */
  start(): void {
    if (this.state !== 'waiting') return;
    this.state = 'started';
    try {
      const client = this.load().createLanguageClient(this.inputs.context, this.inputs.log, this.trace, this.inputs.profiles, this.inputs.statuses);
      this.started = client;
      this.starting = client.start().then(
        () => true,
        (error: unknown) => {
          this.inputs.log.error(`The IQL language server did not start: ${describe(error)}`);
          return false;
        },
      );
      this.resolveClient(client);
    } catch (error) {
      this.inputs.log.error(`The IQL language client could not be loaded: ${describe(error)}`);
      this.rejectClient(error);
    }
  }

  sendRequest<R>(method: string, params?: unknown, token?: vscode.CancellationToken): Promise<R> {
    if (this.started !== undefined) return this.started.sendRequest<R>(method, params, token);
    return this.client.then((client) => client.sendRequest<R>(method, params, token));
  }

  onProgress<P>(token: string | number, listener: (value: P) => void): vscode.Disposable {
    let listening: vscode.Disposable | undefined;
    let disposed = false;
    const listen = (client: LanguageClient): void => {
      if (!disposed) listening = this.load().onServerProgress(client, token, listener);
    };
    if (this.started !== undefined) listen(this.started);
    else void this.client.then(listen, () => undefined);
    return {
      dispose: () => {
        disposed = true;
        listening?.dispose();
      },
    };
  }

  redactInTrace(secret: string): void {
    if (secret !== '') this.trace.addSecret(secret);
  }

  /** Stops the client, or keeps it from ever starting. */
  dispose(): void {
    const wasStarted = this.state === 'started';
    this.state = 'disposed';
    if (wasStarted) {
      // The client refuses to stop while it is starting: stop it once it runs, never when its start failed.
      const client = this.started;
      void this.starting
        .then((running) => (running ? client?.stop() : undefined))
        .catch((error: unknown) => this.inputs.log.warn(`The IQL language client did not stop cleanly: ${describe(error)}`));
    } else this.rejectClient(new Error('The IQL extension was deactivated before its language client started.'));
  }
}

/**
 * dist/language-client.js at run time (esbuild.mjs keeps this require() out of dist/client.js
 * and builds language-client.ts as that file); the source module under tsx.
 */
function loadLanguageClientModule(): typeof LanguageClientModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after activation, from a bundle of its own
  return require('./language-client') as typeof LanguageClientModule;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
