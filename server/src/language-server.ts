import {
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  ClientCommands,
  ExplainRequest,
  ProfilesChangedNotification,
  ProfilesRequest,
  RefreshCatalogRequest,
  QueriesRequest,
  type QueriesParams,
  type QueriesResult,
  RevealDatasetRequest,
  StatusNotification,
  type ExplainParams,
  type ExplainResult,
  type ProfilesResult,
  type RefreshCatalogParams,
  type RevealDatasetParams,
  type StatusParams,
} from '../../common/protocol';
import { getCodeActions, getCodeLenses, getCompletions, resolveCompletionItem, getFoldingRanges, formatIql, formatIqlRange, findHoverSubject, toHover, findNameAt, findQueryAt, formatPlanMarkdown, getSemanticTokens, SEMANTIC_TOKEN_LEGEND, getSignatureHelp, getDocumentSymbols, queryText, catalogAssembly, type Catalog } from '../../language/src';
import { NO_PROFILES, profilesFromClient, profilesFromEnvironment, type ProfileSet, ServiceHub, signalFromCancellation } from '../../service/src';
import { SERVER_NAME, SERVER_VERSION } from '../../common/version';
import { DiagnosticsScheduler } from './workspace/diagnostics-scheduler';
import { resolveDocumentTarget } from './workspace/document-target';
import { ParsedDocuments } from './workspace/parsed-documents';
import { describeQueries } from './workspace/query-infos';
import { CollaborationChoices } from './workspace/collaboration-choices';

/** Options the extension client sends in `initialize`; other clients send none. */
interface InitializationOptions {
  /** True when the client answers `iql/profiles` (keys from its secret storage). */
  readonly profilesFromClient?: boolean;
  /** Pause after typing before the service validates, in ms (tests shorten it). */
  readonly validationDelayMs?: number;
}

/**
 * The composition root of the language server: builds every service once, registers every
 * handler on `connection`, and starts listening. Handlers stay thin — they look up the
 * document, call a pure analysis function or the service hub, and return the result.
 */
export function startLanguageServer(connection: Connection, env: NodeJS.ProcessEnv = process.env): void {
  const documents = new TextDocuments(TextDocument);
  const parsed = new ParsedDocuments();
  const hub = new ServiceHub<Catalog>({ version: SERVER_VERSION, catalogAssembly });
  let profiles: ProfileSet = NO_PROFILES;
  let options: InitializationOptions = {};
  let scheduler: DiagnosticsScheduler | undefined;
  let offlineSaid = false;
  const collaborationChoices = new CollaborationChoices();

  const targetOf = (document: TextDocument) => resolveDocumentTarget(parsed.get(document).ast.directives, profiles);

  const loadProfiles = async (): Promise<void> => {
    if (options.profilesFromClient) {
      try {
        profiles = profilesFromClient(await connection.sendRequest<ProfilesResult>(ProfilesRequest));
      } catch (error) {
        connection.console.warn(`Could not read the profiles from the editor: ${error instanceof Error ? error.message : String(error)}`);
        profiles = NO_PROFILES;
      }
    } else {
      profiles = profilesFromEnvironment(env);
    }
    if (profiles.origin === 'none' && !offlineSaid) {
      offlineSaid = true;
      connection.console.info('No connection is configured: working offline (syntax only). Set IQL_BASE_URL and IQL_API_KEY, or add a profile in the editor.');
    }
  };

  connection.onInitialize((params): InitializeResult => {
    options = (params.initializationOptions ?? {}) as InitializationOptions;
    scheduler = new DiagnosticsScheduler({
      parsed,
      hub,
      profiles: () => profiles,
      getDocument: (uri) => documents.get(uri),
      allDocuments: () => documents.all(),
      publish: (uri, version, diagnostics) => void connection.sendDiagnostics({ uri, version, diagnostics }),
      status: (status: StatusParams) => void connection.sendNotification(StatusNotification, status),
      ...(options.validationDelayMs !== undefined ? { debounceMs: options.validationDelayMs } : {}),
    });
    return {
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        documentSymbolProvider: { label: 'IQL' },
        foldingRangeProvider: true,
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['.', '/', '(', '{', ',', '@', "'", '"', ' '], resolveProvider: true },
        signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: [','] },
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        semanticTokensProvider: { legend: SEMANTIC_TOKEN_LEGEND, full: true },
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        definitionProvider: true,
      },
    };
  });

  connection.onInitialized(() => {
    void loadProfiles().then(() => scheduler?.refreshAll());
  });

  connection.onNotification(ProfilesChangedNotification, () => {
    void loadProfiles().then(() => {
      hub.refresh();
      collaborationChoices.clear();
      scheduler?.refreshAll();
    });
  });

  connection.onRequest(RefreshCatalogRequest, (params: RefreshCatalogParams) => {
    const document = params.uri ? documents.get(params.uri) : undefined;
    const resolution = document ? targetOf(document) : undefined;
    hub.refresh(resolution?.kind === 'target' ? resolution.target.key : undefined);
    scheduler?.refreshAll();
    return null;
  });

  connection.onRequest(ExplainRequest, async (params: ExplainParams, token): Promise<ExplainResult> => {
    const document = documents.get(params.uri);
    if (!document) return { ok: false, message: 'The document is not open.' };
    const query = findQueryAt(parsed.get(document).ast, document.offsetAt(params.position));
    if (!query) return { ok: false, message: 'Put the cursor on a query to explain it.' };
    const resolution = targetOf(document);
    if (resolution.kind !== 'target') return { ok: false, message: resolution.reason };
    const bridge = signalFromCancellation(token);
    try {
      const sent = queryText(document.getText(), query);
      const plan = await hub.explain(resolution.target, sent, bridge.signal);
      return plan.ok
        ? { ok: true, query: sent, target: resolution.target.described, plan: plan.value }
        : { ok: false, message: plan.error.serviceMessage ?? plan.error.message };
    } finally {
      bridge.dispose();
    }
  });

  documents.onDidChangeContent((event) => scheduler?.onChange(event.document));
  documents.onDidSave((event) => scheduler?.onSave(event.document));
  documents.onDidClose((event) => {
    parsed.delete(event.document.uri);
    scheduler?.onClose(event.document.uri);
    // Clearing on close keeps the Problems view to what the author has open.
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  /** The collaborations the document's profile could target, for the directive quick fix. */
  const collaborationsFor = async (document: TextDocument, token: CancellationToken) => {
    const resolution = targetOf(document);
    if (resolution.kind !== 'target') return undefined;
    const client = hub.clientFor(resolution.target);
    if (!client.ok) return undefined;
    const bridge = signalFromCancellation(token);
    try {
      return await collaborationChoices.get(resolution.target.profileKey, client.value, bridge.signal);
    } finally {
      bridge.dispose();
    }
  };

  /** The catalog of a document's target: waits for a load only when `wait` is set. */
  const catalogFor = async (document: TextDocument, token: CancellationToken | undefined, wait: boolean) => {
    const resolution = targetOf(document);
    if (resolution.kind !== 'target') return undefined;
    const cached = hub.peekCatalog(resolution.target);
    if (cached || !wait) return cached?.catalog;
    const bridge = signalFromCancellation(token ?? { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) });
    try {
      const loaded = await hub.catalog(resolution.target, bridge.signal);
      return loaded.ok ? loaded.value.catalog : undefined;
    } finally {
      bridge.dispose();
    }
  };

  connection.onDocumentSymbol((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? getDocumentSymbols(document, parsed.get(document).ast) : null;
  });
  connection.onFoldingRanges((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? getFoldingRanges(document, parsed.get(document).ast) : null;
  });

  connection.onCompletion(async (params, token) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return null;
    const catalog = await catalogFor(document, token, true);
    const list = getCompletions(document, document.offsetAt(params.position), catalog);
    // Resolve needs to know whose catalog an item came from.
    for (const item of list.items) if (item.data) item.data = { ...(item.data as object), uri: document.uri };
    return list;
  });
  connection.onCompletionResolve(async (item) => {
    const uri = (item.data as { uri?: unknown } | undefined)?.uri;
    const document = typeof uri === 'string' ? documents.get(uri) : undefined;
    return document ? resolveCompletionItem(item, await catalogFor(document, undefined, false)) : item;
  });

  connection.onHover(async (params, token) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return null;
    const offset = document.offsetAt(params.position);
    const catalog = await catalogFor(document, token, false);
    const subject = findHoverSubject(document.getText(), parsed.get(document).ast, offset, catalog);
    if (!subject) return null;
    if (subject.kind === 'markdown') return toHover(document, subject.markdown, subject.span);
    const resolution = targetOf(document);
    if (resolution.kind !== 'target') return subject.keywordDocs ? toHover(document, subject.keywordDocs, subject.span) : null;
    const bridge = signalFromCancellation(token);
    try {
      const sent = queryText(document.getText(), subject.query);
      const plan = await hub.explain(resolution.target, sent, bridge.signal);
      if (token.isCancellationRequested) return null;
      const parts: string[] = [];
      if (plan.ok) {
        parts.push(formatPlanMarkdown(plan.value, { title: 'Open full plan', command: ClientCommands.openPlan, args: [{ uri: document.uri, offset: subject.query.span.start }] }));
      } else if (plan.error.kind !== 'cancelled') {
        parts.push(`**Query plan** — not available: ${plan.error.serviceMessage ?? plan.error.message}`);
      }
      if (subject.keywordDocs) parts.push(subject.keywordDocs);
      return parts.length > 0 ? toHover(document, parts.join('\n\n---\n\n'), subject.span) : null;
    } finally {
      bridge.dispose();
    }
  });

  connection.onSignatureHelp((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? getSignatureHelp(document, parsed.get(document).ast, document.offsetAt(params.position)) : null;
  });

  connection.onDocumentFormatting((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? formatIql(document.getText(), params.options) : null;
  });
  connection.onDocumentRangeFormatting((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? formatIqlRange(document.getText(), params.range, params.options) : null;
  });

  connection.languages.semanticTokens.on(async (params, token) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return { data: [] };
    return getSemanticTokens(document, parsed.get(document).ast, await catalogFor(document, token, false));
  });

  connection.onCodeLens((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? getCodeLenses(document, parsed.get(document).ast) : null;
  });

  connection.onCodeAction(async (params, token) => {
    const document = documents.get(params.textDocument.uri);
    if (!document) return null;
    const hasCollaborationDirective = parsed.get(document).ast.directives.some((d) => d.name === 'collaboration');
    const { diagnostics } = params.context;
    const wantsCollaborations = !hasCollaborationDirective && diagnostics.some((d) => d.code === 'iql.unknown-dataset');
    const collaborations = wantsCollaborations ? await collaborationsFor(document, token) : undefined;
    return getCodeActions({ document, diagnostics, hasCollaborationDirective, ...(collaborations ? { collaborations } : {}) });
  });

  connection.onRequest(QueriesRequest, async (params: QueriesParams): Promise<QueriesResult> => {
    const document = documents.get(params.uri);
    if (!document) return { ok: false, message: 'The document is not open in the editor.' };
    const resolution = targetOf(document);
    const queries = describeQueries(document, parsed.get(document), params.offset);
    if (resolution.kind === 'target') return { ok: true, queries, target: resolution.target.described };
    return { ok: true, queries, target: resolution.described, offline: resolution.reason };
  });

  connection.onDefinition((params) => {
    const document = documents.get(params.textDocument.uri);
    if (!document || !options.profilesFromClient) return null;
    const name = findNameAt(parsed.get(document).ast, document.offsetAt(params.position));
    if (name?.role !== 'dataset') return null;
    const resolution = targetOf(document);
    const target = resolution.kind === 'target' ? resolution.target.described : resolution.described;
    const reveal: RevealDatasetParams = { target, name: name.name.text };
    // The explorer is the dataset's "definition"; the editor has no location to jump to.
    connection.sendRequest(RevealDatasetRequest, reveal).catch((error: unknown) => {
      connection.console.warn(`Could not reveal ${name.name.text}: ${error instanceof Error ? error.message : String(error)}`);
    });
    return null;
  });

  connection.onShutdown(async () => {
    scheduler?.dispose();
    await hub.dispose();
  });

  documents.listen(connection);
  connection.listen();
}

