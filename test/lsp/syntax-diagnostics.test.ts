import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { DocumentSymbol, FoldingRange, InitializeResult } from 'vscode-languageserver-protocol';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

const URI = 'file:///workspace/audience.iql';
const BROKEN = 'SELECT COUNT() FROM Retail INTERSECT\n';

async function initialize(session: LspSession): Promise<InitializeResult> {
  const result = await session.connection.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } },
  });
  await session.connection.sendNotification('initialized', {});
  return result;
}

describe('language server over real JSON-RPC', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  for (const transport of ['stdio', 'node-ipc'] as const) {
    it(`publishes, updates and clears syntax diagnostics over ${transport}`, async () => {
      const session = startServer(transport);
      try {
        const init = await initialize(session);
        assert.equal(init.capabilities.textDocumentSync && typeof init.capabilities.textDocumentSync === 'object'
          ? init.capabilities.textDocumentSync.change : undefined, 2, 'incremental sync');

        await session.connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri: URI, languageId: 'iql', version: 1, text: BROKEN },
        });
        const first = await session.waitForDiagnostics(URI, (d) => d.length > 0);
        assert.equal(first.diagnostics.length, 1);
        const [diagnostic] = first.diagnostics;
        assert.equal(diagnostic!.source, 'iql');
        assert.equal(diagnostic!.severity, 1);
        assert.match(String(diagnostic!.message), /INTERSECT/);
        assert.equal(diagnostic!.range.start.line, 0);

        // An incremental edit: insert " Bank" after INTERSECT.
        await session.connection.sendNotification('textDocument/didChange', {
          textDocument: { uri: URI, version: 2 },
          contentChanges: [{ range: { start: { line: 0, character: 36 }, end: { line: 0, character: 36 } }, text: ' Bank' }],
        });
        const second = await session.waitForDiagnostics(URI, (d) => d.length === 0);
        assert.equal(second.version, 2);

        const symbols = await session.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', {
          textDocument: { uri: URI },
        });
        assert.equal(symbols.length, 1);
        assert.deepEqual(symbols[0]!.children!.map((c) => c.name), ['SELECT', 'FROM']);
        assert.equal(symbols[0]!.children![1]!.detail, 'Retail INTERSECT Bank');

        assert.equal(await session.close(), 0);
      } finally {
        session.process.kill();
      }
    });
  }

  it('gives one symbol per query and folds multi-line queries and comment headers', async () => {
    const session = startServer('stdio');
    try {
      await initialize(session);
      const text = '-- @profile staging\n-- audience checks\nSELECT COUNT()\nFROM Retail;\n\nSELECT AGGREGATE(Age)\nFROM Retail\nWHERE Age > 30\n';
      await session.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: URI, languageId: 'iql', version: 1, text },
      });
      const published = await session.waitForDiagnostics(URI);
      assert.deepEqual(published.diagnostics, []);
      const symbols = await session.connection.sendRequest<DocumentSymbol[]>('textDocument/documentSymbol', {
        textDocument: { uri: URI },
      });
      assert.deepEqual(symbols.map((s) => s.name), ['Query 1: COUNT()', 'Query 2: AGGREGATE(Age)']);
      assert.deepEqual(symbols[1]!.children!.map((c) => c.name), ['SELECT', 'FROM', 'WHERE']);
      const folds = await session.connection.sendRequest<FoldingRange[]>('textDocument/foldingRange', {
        textDocument: { uri: URI },
      });
      assert.deepEqual(
        folds.map((f) => [f.startLine, f.endLine, f.kind ?? 'region']),
        [[0, 1, 'comment'], [2, 3, 'region'], [5, 7, 'region']],
      );
      await session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: URI } });
      const cleared = await session.waitForDiagnostics(URI);
      assert.deepEqual(cleared.diagnostics, []);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
    }
  });
});
