import {
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { toDiagnostics } from './analysis/diagnostics';
import { getFoldingRanges } from './analysis/folding';
import { getDocumentSymbols } from './analysis/symbols';
import { ParsedDocuments } from './workspace/parsed-documents';
import { SERVER_NAME, SERVER_VERSION } from './version';

/**
 * The composition root of the language server: builds every service once, registers every
 * handler on `connection`, and starts listening. Handlers stay thin — they look up the
 * document, call a pure analysis function and return its result.
 */
export function startLanguageServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const parsed = new ParsedDocuments();

  connection.onInitialize(
    (): InitializeResult => ({
      serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        documentSymbolProvider: { label: 'IQL' },
        foldingRangeProvider: true,
      },
    }),
  );

  const publishDiagnostics = (document: TextDocument): void => {
    const { problems } = parsed.get(document);
    void connection.sendDiagnostics({
      uri: document.uri,
      version: document.version,
      diagnostics: toDiagnostics(document, problems),
    });
  };

  documents.onDidChangeContent((event) => publishDiagnostics(event.document));
  documents.onDidClose((event) => {
    parsed.delete(event.document.uri);
    // Clearing on close keeps the Problems view to what the author has open.
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  connection.onDocumentSymbol((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? getDocumentSymbols(document, parsed.get(document).ast) : null;
  });
  connection.onFoldingRanges((params) => {
    const document = documents.get(params.textDocument.uri);
    return document ? getFoldingRanges(document, parsed.get(document).ast) : null;
  });

  documents.listen(connection);
  connection.listen();
}
