/**
 * One plain LSP client over stdio, the same for every server the benchmarks compare: it
 * spawns a server process, times JSON-RPC round trips and diagnostics, answers the requests
 * servers send to a client with neutral values, and reads the server's peak memory. It
 * declares one client capability, the one VS Code declares that changes what a completion
 * answer holds (a list's default edit range and other item defaults, LSP 3.17), so that every
 * server answers completions as it would in VS Code; otherwise every server runs on its own
 * defaults.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { CompletionItem, CompletionList, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { rssMegabytes } from './catalog-fixture';
import { lspMessagesOnly } from './lsp-stdout-filter';
import { StatusNotification } from '../common/protocol/editor';

export interface ServerLaunch {
  /** How tables and reports name the server. */
  readonly name: string;
  /** The Node script that starts the server, and its arguments (run with this Node). */
  readonly script: string;
  readonly args: readonly string[];
  /** Options for Node itself, before the script (e.g. `--cpu-prof`); a function is asked at each start, as the editor's client asks. */
  readonly nodeArgs?: readonly string[] | (() => readonly string[]);
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The workspace folder the server is given, as a path (rootPath and rootUri). */
  readonly rootPath: string | null;
  readonly initializationOptions?: unknown;
}

export interface Position {
  readonly line: number;
  readonly character: number;
}

export interface CompletionAnswer {
  readonly ms: number;
  readonly labels: readonly string[];
  readonly isIncomplete: boolean;
}

// Generous: under load a peer takes minutes to read a schema of 10,000 types.
const TIMEOUT_MS = 600_000;

/** VS Code 1.100's `textDocument.completion.completionList` capability, the only capability declared. */
export const VSCODE_COMPLETION_CAPABILITIES = {
  textDocument: { completion: { completionList: { itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'] } } },
};
const LOG_TAIL_CHARS = 2000;

/** A running server and the client's view of it. */
export class LspDriver {
  private readonly published = new Map<string, PublishDiagnosticsParams[]>();
  private readonly waiters: Array<() => void> = [];
  private readonly texts = new Map<string, { text: string; version: number }>();
  private fullSync = false;
  private totalPublished = 0;
  /** The end of the server's stderr log, to say why a run failed. */
  private logTail = '';

  private constructor(
    readonly launch: ServerLaunch,
    readonly process: ChildProcess,
    private readonly connection: MessageConnection,
    /** performance.now() when the process was spawned. */
    readonly spawnedAt: number,
  ) {}

  /** Spawns the server; `initializeMs` is spawn → initialize answered. */
  static async start(launch: ServerLaunch): Promise<{ driver: LspDriver; initializeMs: number }> {
    const spawnedAt = performance.now();
    const child = spawn(process.execPath, [...nodeArgsOf(launch), launch.script, ...launch.args], {
      cwd: launch.cwd,
      env: { ...process.env, ...launch.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!.pipe(lspMessagesOnly())), new StreamMessageWriter(child.stdin!));
    const driver = new LspDriver(launch, child, connection, spawnedAt);
    // A server's log goes to stderr (and its messages to the client): kept out of the bench's
    // output (their end only, for a failure's message); stderr is drained so it never blocks.
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => driver.keepLog(chunk));
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => driver.onDiagnostics(params));
    // The IQL server says how its catalog load went in its status notification.
    for (const method of ['window/showMessage', 'window/logMessage', StatusNotification]) {
      connection.onNotification(method, (params: { state?: string; message?: string }) =>
        driver.keepLog(`${method}: ${params.state === undefined ? '' : `${params.state} `}${params.message ?? ''}\n`),
      );
    }
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    connection.onRequest(() => null);
    connection.onNotification(() => undefined);
    connection.listen();
    const rootUri = launch.rootPath === null ? null : `file://${launch.rootPath}`;
    const result = await within(
      connection.sendRequest<InitializeResult>('initialize', {
        processId: process.pid,
        rootPath: launch.rootPath,
        rootUri,
        workspaceFolders: rootUri === null ? null : [{ uri: rootUri, name: 'bench' }],
        capabilities: VSCODE_COMPLETION_CAPABILITIES,
        initializationOptions: launch.initializationOptions,
      }),
      `${launch.name}: initialize`,
    );
    const initializeMs = performance.now() - spawnedAt;
    const sync = result.capabilities.textDocumentSync;
    driver.fullSync = (typeof sync === 'number' ? sync : sync?.change) === 1;
    await connection.sendNotification('initialized', {});
    return { driver, initializeMs };
  }

  private keepLog(chunk: string): void {
    this.logTail = (this.logTail + chunk).slice(-LOG_TAIL_CHARS);
  }

  /** The last lines the server wrote to stderr or sent as messages (at most LOG_TAIL_CHARS characters). */
  lastLog(): string {
    return this.logTail;
  }

  /**
   * Opens a document; resolves with the time to its first diagnostics, or at once when
   * `waitForDiagnostics` is false (a server may publish none for a text it fails to lint).
   */
  async open(uri: string, languageId: string, text: string, waitForDiagnostics = true): Promise<number> {
    this.texts.set(uri, { text, version: 1 });
    const seen = this.publishedCount(uri);
    const start = performance.now();
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
    if (waitForDiagnostics) await this.diagnosticsAfter(uri, seen);
    return performance.now() - start;
  }

  /**
   * Replaces `length` characters at `at` with `insert` (a keystroke), sent incrementally or as
   * the whole text, whichever the server asked for; resolves with the time to the next diagnostics.
   */
  async edit(uri: string, at: Position, length: number, insert: string): Promise<number> {
    const document = this.texts.get(uri)!;
    const lines = document.text.split('\n');
    const line = lines[at.line]!;
    lines[at.line] = line.slice(0, at.character) + insert + line.slice(at.character + length);
    const text = lines.join('\n');
    const version = document.version + 1;
    this.texts.set(uri, { text, version });
    const change = this.fullSync ? { text } : { range: { start: at, end: { line: at.line, character: at.character + length } }, text: insert };
    const seen = this.publishedCount(uri);
    const start = performance.now();
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [change] });
    await this.diagnosticsAfter(uri, seen);
    return performance.now() - start;
  }

  /** One completion request, invoked (not triggered by a character), timed as a round trip; it fails after `timeoutMs`. */
  async complete(uri: string, position: Position, timeoutMs = TIMEOUT_MS): Promise<CompletionAnswer> {
    const start = performance.now();
    const answer = await within(
      this.connection.sendRequest<CompletionList | CompletionItem[] | null>('textDocument/completion', {
        textDocument: { uri },
        position,
        context: { triggerKind: 1 },
      }),
      `${this.launch.name}: completion`,
      timeoutMs,
    );
    const ms = performance.now() - start;
    const items = Array.isArray(answer) ? answer : (answer?.items ?? []);
    return { ms, labels: items.map((item) => item.label), isIncomplete: !Array.isArray(answer) && answer?.isIncomplete === true };
  }

  /** Resolves once no diagnostics have arrived for `ms`. */
  async quiet(ms: number): Promise<void> {
    for (;;) {
      const seen = this.totalPublished;
      await sleep(ms);
      if (this.totalPublished === seen) return;
    }
  }

  /** The server process's peak resident memory so far. */
  peakRssMegabytes(): number {
    return rssMegabytes(this.process.pid!, 'VmHWM');
  }

  /** Asks the server to shut down and exit; kills it if it does not within 5 s. */
  async close(): Promise<void> {
    const exited = new Promise<void>((resolve) => {
      if (this.process.exitCode !== null) resolve();
      else this.process.once('exit', () => resolve());
    });
    try {
      await within(this.connection.sendRequest('shutdown'), 'shutdown', 5000);
      await this.connection.sendNotification('exit');
      await within(exited, 'exit', 5000);
    } catch {
      this.process.kill('SIGKILL');
      await exited;
    } finally {
      this.connection.dispose();
    }
  }

  private onDiagnostics(params: PublishDiagnosticsParams): void {
    const list = this.published.get(params.uri) ?? [];
    list.push(params);
    this.totalPublished += 1;
    this.published.set(params.uri, list);
    for (const wake of this.waiters.splice(0)) wake();
  }

  private publishedCount(uri: string): number {
    return this.published.get(uri)?.length ?? 0;
  }

  private diagnosticsAfter(uri: string, seen: number): Promise<void> {
    const arrived = new Promise<void>((resolve) => {
      const check = (): void => {
        if (this.publishedCount(uri) > seen) resolve();
        else this.waiters.push(check);
      };
      check();
    });
    return within(arrived, `${this.launch.name}: diagnostics for ${uri}`);
  }
}

function within<T>(promise: Promise<T>, what: string, timeoutMs = TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The Node options `launch` starts with now. */
export function nodeArgsOf(launch: ServerLaunch): readonly string[] {
  return typeof launch.nodeArgs === 'function' ? launch.nodeArgs() : (launch.nodeArgs ?? []);
}
