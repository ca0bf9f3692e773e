/**
 * Test support for the language server's unit tests: an in-memory stand-in for the editor's
 * TextDocuments, a ServiceHub whose catalog loads and validations each test answers by hand,
 * a fake `Connection` that records the handlers registered on it (only the methods the
 * handler modules use), and a ServerContext made of the real workspace classes around them,
 * as language-server.ts composes them.
 */
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CancellationTokenSource, type CancellationToken, type Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ProfileInfo, ProfilesResult } from '../../../common/protocol';
import { catalogAssembly, createCatalog, type Catalog, type CatalogDataset, type CollaborationChoice } from '../../../language/src';
import {
  profilesFromEnvironment,
  resolveTarget,
  ServiceHub,
  type LoadedCatalog,
  type ServiceClient,
  type ProfileSet,
  type ServiceResult,
  type ServiceTarget,
  type ValidationOutcome,
} from '../../../service/src';
import type { InitializationOptions, ServerContext } from '../../../server/src/handlers/server-context';
import { CollaborationChoices } from '../../../server/src/workspace/collaboration-choices';
import type { DiagnosticsScheduler } from '../../../server/src/workspace/diagnostics-scheduler';
import { OpenDocuments } from '../../../server/src/workspace/open-documents';
import { ParsedDocuments } from '../../../server/src/workspace/parsed-documents';
import { ProfileState } from '../../../server/src/workspace/profile-state';
import { ConfigFiles } from '../../../server/src/workspace/config-files';
import { TargetAccess } from '../../../server/src/workspace/target-access';
import { startDemoEmulator, type DemoEmulator } from '../service/demo-emulator';
import { FakeService } from '../service/fake-service';

/** The open documents, as the editor's TextDocuments would hold them; every change is a new version. */
export class TextStore {
  private readonly documents = new Map<string, TextDocument>();

  open(uri: string, text: string, version = 1): TextDocument {
    // Reopening would reuse version numbers, which the one-parse-per-version cache trusts.
    assert.ok(!this.documents.has(uri), `${uri} is already open: close it first, or use another URI`);
    const document = TextDocument.create(uri, 'iql', version, text);
    this.documents.set(uri, document);
    return document;
  }

  /** Replaces the whole text, as a full-sync didChange does: the version goes up by one. */
  change(uri: string, text: string): TextDocument {
    const previous = this.documents.get(uri);
    assert.ok(previous, `${uri} is not open`);
    // TextDocument.update mutates in place; a new object keeps earlier versions readable.
    const document = TextDocument.create(uri, 'iql', previous.version + 1, text);
    this.documents.set(uri, document);
    return document;
  }

  /** Closes `uri`; as the server does on didClose, the caller forgets its parse too. */
  close(uri: string): void {
    this.documents.delete(uri);
  }

  get(uri: string): TextDocument | undefined {
    return this.documents.get(uri);
  }

  all(): TextDocument[] {
    return [...this.documents.values()];
  }
}

/** A promise and the functions that settle it, for answering calls when the test decides. */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/**
 * Resolves once `condition` holds, yielding one event-loop turn between checks; fails after
 * `timeoutMs` with `what` instead of hanging. A wait on a condition, never a fixed sleep.
 */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) assert.fail(`${what} did not happen within ${timeoutMs} ms`);
    await nextTurn();
  }
}

/** Lets every promise already settled run its continuations (a few event-loop turns). */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await nextTurn();
}

/** A cancellation token that is never cancelled. */
export function noCancel(): CancellationToken {
  return new CancellationTokenSource().token;
}

/** One profile from IQL_BASE_URL and IQL_API_KEY, as an editor without the extension has it. */
export function environmentProfiles(baseUrl: string, apiKey = 'demo-key-ana'): ProfileSet {
  return profilesFromEnvironment({ IQL_BASE_URL: baseUrl, IQL_API_KEY: apiKey });
}

/** The target a document without directives gets under `profiles`; fails if it is offline. */
export function defaultTarget(profiles: ProfileSet, collaboration?: string): ServiceTarget {
  const resolution = resolveTarget(collaboration ? { collaboration } : {}, profiles);
  assert.equal(resolution.kind, 'target', resolution.kind === 'offline' ? resolution.reason : '');
  return (resolution as { target: ServiceTarget }).target;
}

/** A catalog dataset with the given categories (each with one representation of its own name). */
export function catalogDataset(name: string, categories: readonly string[] = ['Age']): CatalogDataset {
  return {
    name,
    privateId: name,
    keys: ['email'],
    categories: categories.map((label) => ({ label, representations: [{ label, dataType: 'INTEGERS' }] })),
    outputColumns: [],
    activation: false,
    categoriesKnown: true,
  };
}

/** The catalog most tests use: Retail and Bank, each with Age. */
export function smallCatalog(): Catalog {
  return createCatalog([catalogDataset('Retail'), catalogDataset('Bank')]);
}

/** A validation the code under test asked for, waiting for the test's answer. */
export interface AskedValidation {
  readonly target: ServiceTarget;
  readonly query: string;
  readonly kind: 'insight' | 'activation';
  readonly signal: AbortSignal;
  answer(result: ServiceResult<ValidationOutcome>): void;
}

/** A catalog load the code under test started, waiting for the test's answer. */
export interface AskedCatalog {
  readonly target: ServiceTarget;
  readonly signal: AbortSignal | undefined;
  answer(result: ServiceResult<Catalog>): void;
}

/**
 * A ServiceHub that makes no call: validations and catalog loads wait for the test to answer
 * them (`asked`, `catalogLoads`), and `withCatalog` puts a catalog in place as if loaded.
 */
export class ScriptedHub extends ServiceHub<Catalog> {
  readonly asked: AskedValidation[] = [];
  readonly catalogLoads: AskedCatalog[] = [];
  private readonly known = new Map<string, LoadedCatalog<Catalog>>();

  constructor() {
    super({ version: 'test', catalogAssembly });
  }

  withCatalog(target: ServiceTarget, catalog: Catalog = smallCatalog()): this {
    this.known.set(target.key, { catalog, loadedAt: 1 });
    return this;
  }

  override peekCatalog(target: ServiceTarget): LoadedCatalog<Catalog> | undefined {
    return this.known.get(target.key);
  }

  override catalog(target: ServiceTarget, signal?: AbortSignal): Promise<ServiceResult<LoadedCatalog<Catalog>>> {
    const pending = deferred<ServiceResult<LoadedCatalog<Catalog>>>();
    this.catalogLoads.push({
      target,
      signal,
      answer: (result) => {
        if (!result.ok) return pending.resolve(result);
        const loaded = { catalog: result.value, loadedAt: 2 };
        this.known.set(target.key, loaded);
        pending.resolve({ ok: true, value: loaded });
      },
    });
    return pending.promise;
  }

  override refresh(targetKey?: string): void {
    if (targetKey === undefined) this.known.clear();
    else this.known.delete(targetKey);
  }

  override validate(target: ServiceTarget, query: string, kind: 'insight' | 'activation', signal: AbortSignal): Promise<ServiceResult<ValidationOutcome>> {
    const pending = deferred<ServiceResult<ValidationOutcome>>();
    this.asked.push({ target, query, kind, signal, answer: pending.resolve });
    return pending.promise;
  }
}

/**
 * CollaborationChoices that records what it is asked and how often it is cleared; answers
 * `canned` when set, else loads from the service as the real one does.
 */
export class RecordingChoices extends CollaborationChoices {
  readonly asked: { profileKey: string; signal: AbortSignal | undefined }[] = [];
  cleared = 0;

  constructor(private readonly canned?: readonly CollaborationChoice[]) {
    super();
  }

  override get(profileKey: string, client: ServiceClient, signal?: AbortSignal): Promise<readonly CollaborationChoice[]> {
    this.asked.push({ profileKey, signal });
    return this.canned ? Promise.resolve(this.canned) : super.get(profileKey, client, signal);
  }

  override clear(): void {
    this.cleared += 1;
    super.clear();
  }
}

type RecordedHandler = (params: unknown, token: CancellationToken) => unknown;

/**
 * The part of vscode-languageserver's Connection the handler modules use: registrations are
 * recorded by LSP method name, requests the server sends are recorded and answered with
 * `answerRequests`, `$/progress` values are kept per token.
 */
export class FakeConnection {
  readonly handlers = new Map<string, RecordedHandler>();
  readonly sentRequests: { method: string; params: unknown }[] = [];
  readonly progress: { token: string | number; value: unknown }[] = [];
  readonly warnings: string[] = [];
  answerRequests: (method: string, params: unknown) => Promise<unknown> = () => Promise.resolve(null);

  readonly console = {
    info: (): void => undefined,
    log: (): void => undefined,
    warn: (message: string): void => void this.warnings.push(message),
    error: (message: string): void => void this.warnings.push(message),
  };
  readonly notices: string[] = [];
  readonly window = {
    showInformationMessage: (message: string): Promise<undefined> => {
      this.notices.push(message);
      return Promise.resolve(undefined);
    },
  };
  readonly languages = {
    semanticTokens: {
      on: (handler: RecordedHandler) => this.register('textDocument/semanticTokens/full', handler),
      onRange: (handler: RecordedHandler) => this.register('textDocument/semanticTokens/range', handler),
    },
  };

  onRequest(method: string, handler: RecordedHandler): void {
    this.register(method, handler);
  }
  onNotification(method: string, handler: RecordedHandler): void {
    this.register(method, handler);
  }
  onDocumentSymbol(handler: RecordedHandler): void {
    this.register('textDocument/documentSymbol', handler);
  }
  onFoldingRanges(handler: RecordedHandler): void {
    this.register('textDocument/foldingRange', handler);
  }
  onCompletion(handler: RecordedHandler): void {
    this.register('textDocument/completion', handler);
  }
  onCompletionResolve(handler: RecordedHandler): void {
    this.register('completionItem/resolve', handler);
  }
  onHover(handler: RecordedHandler): void {
    this.register('textDocument/hover', handler);
  }
  onSignatureHelp(handler: RecordedHandler): void {
    this.register('textDocument/signatureHelp', handler);
  }
  onDocumentFormatting(handler: RecordedHandler): void {
    this.register('textDocument/formatting', handler);
  }
  onDocumentRangeFormatting(handler: RecordedHandler): void {
    this.register('textDocument/rangeFormatting', handler);
  }
  onCodeLens(handler: RecordedHandler): void {
    this.register('textDocument/codeLens', handler);
  }
  onCodeAction(handler: RecordedHandler): void {
    this.register('textDocument/codeAction', handler);
  }
  onDefinition(handler: RecordedHandler): void {
    this.register('textDocument/definition', handler);
  }
  onReferences(handler: RecordedHandler): void {
    this.register('textDocument/references', handler);
  }
  onPrepareRename(handler: RecordedHandler): void {
    this.register('textDocument/prepareRename', handler);
  }
  onRenameRequest(handler: RecordedHandler): void {
    this.register('textDocument/rename', handler);
  }

  sendRequest(method: string, params: unknown): Promise<unknown> {
    this.sentRequests.push({ method, params });
    return this.answerRequests(method, params);
  }
  sendProgress(_type: unknown, token: string | number, value: unknown): Promise<void> {
    this.progress.push({ token, value });
    return Promise.resolve();
  }

  /** Calls the handler registered for `method` as the JSON-RPC layer would, and awaits its answer. */
  async request<R>(method: string, params: unknown, token: CancellationToken = noCancel()): Promise<R> {
    const handler = this.handlers.get(method);
    assert.ok(handler, `no handler registered for ${method}`);
    return (await handler(params, token)) as R;
  }

  /** Delivers a notification to its handler. */
  notify(method: string, params?: unknown): void {
    const handler = this.handlers.get(method);
    assert.ok(handler, `no handler registered for ${method}`);
    void handler(params, noCancel());
  }

  asConnection(): Connection {
    return this as unknown as Connection;
  }

  private register(method: string, handler: RecordedHandler): { dispose(): void } {
    assert.ok(!this.handlers.has(method), `${method} registered twice`);
    this.handlers.set(method, handler);
    return { dispose: () => this.handlers.delete(method) };
  }
}

/** A profile named `name` on `baseUrl` with `apiKey`, as the extension sends it. */
export function profileInfo(name: string, baseUrl: string, apiKey?: string): ProfileInfo {
  return { name, baseUrl, ...(apiKey ? { apiKey } : {}) };
}

export interface ServerFixtureOptions {
  /** The profiles the client answers `iql/profiles` with (changeable later through `profilesAnswer`). */
  readonly profiles?: ProfilesResult;
  readonly hub?: ServiceHub<Catalog>;
  readonly collaborationChoices?: CollaborationChoices;
  readonly initialization?: InitializationOptions;
}

/** A ServerContext of real workspace classes on a FakeConnection, with the test's handles on them. */
export interface ServerFixture {
  readonly connection: FakeConnection;
  readonly texts: TextStore;
  readonly parsed: ParsedDocuments;
  readonly documents: OpenDocuments;
  readonly hub: ServiceHub<Catalog>;
  readonly profiles: ProfileState;
  readonly targets: TargetAccess;
  readonly collaborationChoices: CollaborationChoices;
  readonly context: ServerContext;
  /** What `iql/profiles` answers next; replace it, then reload the profiles. */
  profilesAnswer: () => Promise<ProfilesResult>;
  /** The scheduler `context.scheduler()` returns (none until set). */
  scheduler: DiagnosticsScheduler | undefined;
  /** Releases the hub's clients. */
  dispose(): Promise<void>;
}

/**
 * Builds the context and loads the profiles once (as `initialized` does). The profiles come
 * from the client (`iql/profiles`), so that a test can change them and reload.
 */
export async function createServerFixture(options: ServerFixtureOptions = {}): Promise<ServerFixture> {
  const connection = new FakeConnection();
  const texts = new TextStore();
  const parsed = new ParsedDocuments();
  const documents = new OpenDocuments(texts, parsed);
  const hub = options.hub ?? new ServiceHub<Catalog>({ version: 'test', catalogAssembly });
  const collaborationChoices = options.collaborationChoices ?? new CollaborationChoices();
  const initial = options.profiles ?? { profiles: [], serviceAllowed: false };
  const fixture: Omit<ServerFixture, 'profiles' | 'targets' | 'context'> & Partial<ServerFixture> = {
    connection,
    texts,
    parsed,
    documents,
    hub,
    collaborationChoices,
    profilesAnswer: () => Promise.resolve(initial),
    scheduler: undefined,
    dispose: () => hub.dispose(),
  };
  const profiles = new ProfileState({
    fromClient: true,
    askClient: () => fixture.profilesAnswer(),
    env: {},
    info: () => undefined,
    warn: () => undefined,
  });
  const targets = new TargetAccess(hub, profiles, documents, collaborationChoices);
  const context: ServerContext = {
    connection: connection.asConnection(),
    documents,
    hub,
    profiles,
    targets,
    collaborationChoices,
    configFiles: new ConfigFiles(hub, profiles, () => undefined),
    scheduler: () => fixture.scheduler,
    options: () => options.initialization ?? {},
  };
  await profiles.reload();
  return Object.assign(fixture, { profiles, targets, context });
}

/** What the handler tests call: the demo emulator, a service that never answers, and profiles for both. */
export interface Backends {
  readonly demo: DemoEmulator;
  /** Takes every request and never answers: only a cancellation ends a call to it. */
  readonly stalled: FakeService;
  /** 'ana' (the default) and 'ben' on the emulator with their demo keys, 'stalled', and 'nokey' without a key. */
  readonly profiles: ProfilesResult;
  close(): Promise<void>;
}

export async function startBackends(): Promise<Backends> {
  const demo = await startDemoEmulator();
  const stalled = await FakeService.start(() => ({ stallHeaders: true }));
  return {
    demo,
    stalled,
    profiles: {
      profiles: [profileInfo('ana', demo.url, 'demo-key-ana'), profileInfo('ben', demo.url, 'demo-key-ben'), profileInfo('stalled', stalled.baseUrl, 'key'), profileInfo('nokey', demo.url)],
      defaultProfile: 'ana',
      serviceAllowed: true,
    },
    async close() {
      await stalled.close();
      await demo.close();
    },
  };
}
