import { TextDocuments, TextDocumentSyncKind, type Connection, type InitializeResult } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ProfilesRequest, StatusNotification, type ProfilesResult, type StatusParams } from '../../common/protocol';
import { SERVER_NAME, SERVER_VERSION } from '../../common/version';
import { join } from 'node:path';
import { catalogAssembly, fromCatalogSnapshot, SEMANTIC_TOKEN_LEGEND, toCatalogSnapshot, warmUpParser, type Catalog } from '../../language/src';
import { CatalogStore, ServiceHub } from '../../service/src';
import { DatasetListings } from './explorer/dataset-listings';
import { registerDatasetPages } from './handlers/dataset-pages';
import { registerDatasetRenames } from './handlers/dataset-renames';
import { registerEditorRequests } from './handlers/editor-requests';
import { registerExplorerRequests } from './handlers/explorer-requests';
import { registerLanguageFeatures } from './handlers/language-features';
import type { InitializationOptions, ServerContext } from './handlers/server-context';
import { registerServerStatus } from './handlers/server-status';
import { registerServiceRequests } from './handlers/service-requests';
import { CollaborationChoices } from './workspace/collaboration-choices';
import { DiagnosticsScheduler } from './workspace/diagnostics-scheduler';
import { OpenDocuments } from './workspace/open-documents';
import { MemoryRelease } from './workspace/memory-release';
import { ParsedDocuments } from './workspace/parsed-documents';
import { ProfileState } from './workspace/profile-state';
import { ConfigFiles } from './workspace/config-files';
import { TargetAccess } from './workspace/target-access';

/**
 * The composition root of the language server: builds every service once, hands them to the
 * handler modules (handlers/), and starts listening.
 */
export function startLanguageServer(connection: Connection, env: NodeJS.ProcessEnv = process.env): void {
  const texts = new TextDocuments(TextDocument);
  const parsed = new ParsedDocuments();
  const memory = new MemoryRelease();
  const documents = new OpenDocuments(texts, parsed);
  const hub = new ServiceHub<Catalog>({ version: SERVER_VERSION, catalogAssembly });
  let options: InitializationOptions = {};
  let scheduler: DiagnosticsScheduler | undefined;
  const profiles = new ProfileState({
    get fromClient() {
      return options.profilesFromClient === true;
    },
    askClient: () => connection.sendRequest<ProfilesResult>(ProfilesRequest),
    env,
    info: (message) => connection.console.info(message),
    warn: (message) => connection.console.warn(message),
  });
  const collaborationChoices = new CollaborationChoices();
  const targets = new TargetAccess(hub, profiles, documents, collaborationChoices);
  const datasetListings = new DatasetListings();
  const configFiles = new ConfigFiles(hub, profiles, (uri, version, diagnostics) => void connection.sendDiagnostics({ uri, version, diagnostics }));
  const context: ServerContext = { connection, documents, hub, profiles, targets, collaborationChoices, configFiles, scheduler: () => scheduler, options: () => options };

  hub.onCatalogChanged((targetKey) => scheduler?.catalogChanged(targetKey));

  connection.onInitialize((params): InitializeResult => {
    options = {
      ...((params.initializationOptions ?? {}) as InitializationOptions),
      snippetEdits: params.capabilities.workspace?.workspaceEdit?.snippetEditSupport === true,
      completionEditRangeDefault: params.capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('editRange') === true,
      completionDataDefault: params.capabilities.textDocument?.completion?.completionList?.itemDefaults?.includes('data') === true,
    };
    if (typeof options.storageDir === 'string' && options.storageDir !== '') {
      const codec = { encode: toCatalogSnapshot, decode: fromCatalogSnapshot };
      hub.persistCatalogs(new CatalogStore<Catalog>(join(options.storageDir, 'catalogs'), codec, (message) => connection.console.info(message)));
    }
    scheduler = new DiagnosticsScheduler({
      parsed,
      hub,
      profiles: () => profiles.current(),
      getDocument: (uri) => documents.text(uri),
      allDocuments: () => documents.all(),
      publish: (uri, version, diagnostics) => void connection.sendDiagnostics({ uri, version, diagnostics }),
      status: (status: StatusParams) => void connection.sendNotification(StatusNotification, status),
      ...(options.validationDelayMs !== undefined ? { debounceMs: options.validationDelayMs } : {}),
    });
    // Before the answer: an editor sends the first document as soon as it reads the answer,
    // so a parser built after it would be built while that document waits. The HTTP client is
    // not loaded here: the first catalog load evaluates it, a turn after the first diagnostics.
    warmUpParser();
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
        semanticTokensProvider: { legend: SEMANTIC_TOKEN_LEGEND, full: true, range: true },
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
      },
    };
  });

  connection.onInitialized(() => {
    void profiles.reload().then(() => {
      scheduler?.refreshAll();
      for (const file of documents.configFiles()) void configFiles.onChange(file);
    });
  });

  registerLanguageFeatures(context);
  registerEditorRequests(context);
  registerDatasetPages(context);
  registerDatasetRenames(context);
  registerServiceRequests(context);
  registerExplorerRequests(context, datasetListings);
  registerServerStatus(context, memory);

  texts.onDidChangeContent((event) => {
    if (documents.configFile(event.document.uri)) void configFiles.onChange(event.document);
    else scheduler?.onChange(event.document);
  });
  texts.onDidSave((event) => {
    if (!documents.configFile(event.document.uri)) scheduler?.onSave(event.document);
  });
  texts.onDidClose((event) => {
    configFiles.onClose(event.document.uri);
    parsed.delete(event.document.uri);
    memory.documentClosed(event.document.getText().length);
    scheduler?.onClose(event.document.uri);
    // Clearing on close keeps the Problems view to what the author has open.
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onShutdown(async () => {
    memory.dispose();
    scheduler?.dispose();
    await hub.dispose();
  });

  texts.listen(connection);
  connection.listen();
}
