/**
 * The editing features of the first hour, over real JSON-RPC against the built server and the
 * emulator's demo clean room: go to definition answers the dataset's page address and the page
 * request renders it; find references and rename on dataset names (a refused rename is an
 * error with the reason); completion ranked by context; the missing-FROM fix.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ResponseError } from 'vscode-jsonrpc/node';
import type { CodeAction, CompletionList, Diagnostic, Location, Range, SnippetTextEdit, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { DatasetMetadataPageRequest, readDatasetPageQuery } from '../../common/protocol';
import type { ServiceResult } from '../../common/service-result';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

const KEY = 'demo-key-ana';

async function openSession(baseUrl: string): Promise<LspSession> {
  const session = startServer('stdio', { IQL_BASE_URL: baseUrl, IQL_API_KEY: KEY });
  await session.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: { workspace: { workspaceEdit: { documentChanges: true, snippetEditSupport: true } } },
    initializationOptions: { validationDelayMs: 60_000, datasetPages: true },
  });
  await session.connection.sendNotification('initialized', {});
  return session;
}

describe('editing features over JSON-RPC', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first', timeout: 60_000 }, () => {
  let emulator: RunningEmulator;
  let session: LspSession;

  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
    session = await openSession(emulator.url);
  });
  after(async () => {
    assert.equal(await session.close(), 0);
    await emulator.close();
  });

  const open = async (uri: string, text: string): Promise<void> => {
    await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text } });
  };
  const request = <R>(method: string, params: unknown): Promise<R> => session.connection.sendRequest<R>(method, params);

  it("go to definition answers the dataset's page, which the page request renders from the catalog", async () => {
    const uri = 'file:///ws/definition.iql';
    await open(uri, 'SELECT AGGREGATE(Retail.Gender)\nFROM Retail INTERSECT Publisher1');
    // The catalog loads in the background: definition waits for it.
    const location = await request<Location | null>('textDocument/definition', { textDocument: { uri }, position: { line: 1, character: 24 } });
    assert.ok(location !== null && location.uri.startsWith('iql-dataset:/'), JSON.stringify(location));
    const wanted = readDatasetPageQuery(location.uri.slice(location.uri.indexOf('?') + 1));
    assert.equal(wanted?.name, 'Publisher1');
    const page = await request<ServiceResult<string>>(DatasetMetadataPageRequest, wanted);
    assert.ok(page.ok, page.ok ? '' : page.error.message);
    assert.match(page.value, /^# .*dataset `Publisher1`$/m);
    assert.match(page.value, /^## Categories \(\d+\)$/m);
    assert.match(page.value, /^- \*\*Keys:\*\* `/m);
    // A category lands on its heading in its dataset's page.
    const onCategory = await request<Location>('textDocument/definition', { textDocument: { uri }, position: { line: 0, character: 26 } });
    const retail = await request<ServiceResult<string>>(DatasetMetadataPageRequest, readDatasetPageQuery(onCategory.uri.slice(onCategory.uri.indexOf('?') + 1)));
    assert.ok(retail.ok);
    assert.equal(retail.value.split('\n')[onCategory.range.start.line], '### `Gender`');
  });

  it('finds every reference to a dataset name in the file and renames them, refusing a colliding name', async () => {
    const uri = 'file:///ws/rename.iql';
    const text = 'SELECT AGGREGATE(Retail.Gender) FROM Retail INTERSECT Publisher1;\nSELECT COUNT() FROM Retail';
    await open(uri, text);
    const references = await request<Location[]>('textDocument/references', { textDocument: { uri }, position: { line: 1, character: 22 }, context: { includeDeclaration: true } });
    assert.deepEqual(references.map((r) => [r.range.start.line, r.range.start.character]), [[0, 17], [0, 37], [1, 20]]);

    const prepared = await request<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: { line: 0, character: 40 } });
    assert.equal(prepared.placeholder, 'Retail');
    const edit = await request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 40 }, newName: 'Bank' });
    const change = edit.documentChanges![0] as TextDocumentEdit;
    assert.deepEqual(change.edits.map((e) => [(e as TextEdit).range.start.line, (e as TextEdit).range.start.character, (e as TextEdit).newText]), [[0, 17, 'Bank'], [0, 37, 'Bank'], [1, 20, 'Bank']]);

    await assert.rejects(
      request('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 40 }, newName: 'Publisher1' }),
      (error: unknown) => error instanceof ResponseError && /'Publisher1' is already named in the query on line 1/.test(error.message),
    );
    await assert.rejects(
      request('textDocument/rename', { textDocument: { uri }, position: { line: 0, character: 40 }, newName: 'Retial2' }),
      (error: unknown) => error instanceof ResponseError && /There is no dataset 'Retial2' in this file's catalog/.test(error.message),
    );
    await assert.rejects(request('textDocument/prepareRename', { textDocument: { uri }, position: { line: 0, character: 26 } }), /Only dataset names can be renamed/);
  });

  it('ranks completion by context: keywords after a value, snippets with the catalog as choices where a query starts', async () => {
    const uri = 'file:///ws/complete.iql';
    const text = 'SELECT COUNT() FROM Retail WHERE Retail.Age > 30 ';
    await open(uri, text);
    const afterValue = await request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: text.length } });
    const ranked = [...afterValue.items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((i) => i.label);
    assert.deepEqual(ranked, ['AND', 'OR', 'ENRICH WITH', 'LINK WITH']);

    const startUri = 'file:///ws/start.iql';
    await open(startUri, '');
    const start = await request<CompletionList>('textDocument/completion', { textDocument: { uri: startUri }, position: { line: 0, character: 0 } });
    const topn = start.items.find((i) => i.label === 'SELECT TOPN(…, n) FROM …');
    const body = String((topn?.textEdit as TextEdit | undefined)?.newText);
    assert.match(body, /^SELECT TOPN\(\$\{2:category\}, \$\{3:10\}\)\nFROM \$\{1\|[^|]*\bRetail\b[^|]*\|\}\$0$/);
    assert.doesNotMatch(body, /Job/);
  });

  it('reports a missing FROM once, and fixes it with a choice of the datasets', async () => {
    const uri = 'file:///ws/missing-from.iql';
    await open(uri, 'SELECT COUNT()\nWHERE Age > 30\nENRICH WITH Bank');
    const published = await session.waitForDiagnostics(uri, (d) => d.length > 0, 10_000);
    assert.deepEqual(published.diagnostics.map((d) => d.code), ['iql.missing-from']);
    const actions = await request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: published.diagnostics[0]!.range,
      context: { diagnostics: published.diagnostics as Diagnostic[] },
    });
    assert.equal(actions.length, 1);
    const edit = (actions[0]!.edit!.documentChanges![0] as TextDocumentEdit).edits[0] as SnippetTextEdit;
    assert.match(edit.snippet.value, /^\nFROM \$\{1\|Retail,[^|]*\|\}\$0$/);
    assert.doesNotMatch(edit.snippet.value, /\bBank\b/, 'the dataset it enriches with is not the audience');
  });
});
