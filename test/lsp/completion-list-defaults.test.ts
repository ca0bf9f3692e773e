/**
 * A completion list's defaults (LSP 3.17 `itemDefaults`, as VS Code accepts them) over JSON-RPC
 * against the built server and the emulator's demo clean room:
 * - a client that accepts a default edit range gets the range once and items without their own
 *   edit; a client that does not gets an edit in every item, the same texts either way;
 * - a client that accepts default data gets the data of a list of datasets once, numbered for
 *   resolve; an item handed back with that default copied in (as the editor does) is documented
 *   from the document's catalog, as an item with data of its own is.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { CompletionItem, CompletionList, MarkupContent, TextEdit } from 'vscode-languageserver-protocol';
import { useDemoEmulator } from '../cli/cli-harness';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

const KEY = 'demo-key-ana';
const TEXT = 'SELECT COUNT() FROM Ret';

async function completeAfterFrom(baseUrl: string, itemDefaults: string[] | undefined): Promise<CompletionList> {
  const session: LspSession = startServer('stdio', { IQL_BASE_URL: baseUrl, IQL_API_KEY: KEY });
  try {
    await session.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: itemDefaults ? { textDocument: { completion: { completionList: { itemDefaults } } } } : {},
      initializationOptions: { validationDelayMs: 60_000 },
    });
    await session.connection.sendNotification('initialized', {});
    const uri = 'file:///ws/edit-range.iql';
    await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text: TEXT } });
    return await session.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: TEXT.length } });
  } finally {
    assert.equal(await session.close(), 0);
  }
}

/** What an item inserts, and where, under the list's defaults (as the LSP client applies them). */
function applied(list: CompletionList, item: CompletionItem): { text: string; range: unknown } {
  const edit = item.textEdit as TextEdit | undefined;
  return edit ? { text: edit.newText, range: edit.range } : { text: item.textEditText ?? item.label, range: list.itemDefaults?.editRange };
}

/** Completes after FROM, then resolves the `Retail` item as the editor would hand it back. */
async function completeAndResolve(baseUrl: string, itemDefaults: string[]): Promise<{ list: CompletionList; resolved: CompletionItem }> {
  const session = startServer('stdio', { IQL_BASE_URL: baseUrl, IQL_API_KEY: KEY });
  try {
    await session.connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: { textDocument: { completion: { completionList: { itemDefaults } } } },
      initializationOptions: { validationDelayMs: 60_000 },
    });
    await session.connection.sendNotification('initialized', {});
    const uri = 'file:///ws/shared-data.iql';
    await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text: TEXT } });
    const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: TEXT.length } });
    const item = list.items.find((candidate) => candidate.label === 'Retail');
    assert.ok(item, 'Retail is offered');
    const handedBack = item.data === undefined ? { ...item, data: list.itemDefaults?.data } : item;
    const resolved = await session.connection.sendRequest<CompletionItem>('completionItem/resolve', handedBack);
    return { list, resolved };
  } finally {
    assert.equal(await session.close(), 0);
  }
}

describe('completion list defaults over JSON-RPC', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first', timeout: 60_000 }, () => {
  const demo = useDemoEmulator();

  it('a client that accepts a default edit range gets it once; every item inserts the same text at the same place as without it', async () => {
    const shared = await completeAfterFrom(demo.emulator.url, ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data']);
    const each = await completeAfterFrom(demo.emulator.url, undefined);
    const range = { start: { line: 0, character: 20 }, end: { line: 0, character: 23 } };
    assert.deepEqual(shared.itemDefaults?.editRange, range);
    assert.ok(shared.items.length > 0 && shared.items.every((item) => item.textEdit === undefined), 'no item repeats the range');
    assert.equal(each.itemDefaults, undefined);
    assert.ok(each.items.every((item) => (item.textEdit as TextEdit | undefined)?.range !== undefined));
    assert.ok(shared.items.some((item) => item.label === 'Retail'));
    assert.deepEqual(
      shared.items.map((item) => [item.label, applied(shared, item)]),
      each.items.map((item) => [item.label, applied(each, item)]),
    );
    assert.ok(JSON.stringify(shared).length < JSON.stringify(each).length);
  });

  it('a client that accepts default data gets it once, numbered, and an item handed back with it is documented as before', async () => {
    const shared = await completeAndResolve(demo.emulator.url, ['editRange', 'data']);
    const each = await completeAndResolve(demo.emulator.url, ['editRange']);
    const defaults = shared.list.itemDefaults?.data as { labelIs?: string; list?: unknown } | undefined;
    assert.equal(defaults?.labelIs, 'dataset');
    assert.equal(typeof defaults?.list, 'number', 'the list is numbered for resolve');
    assert.ok(shared.list.items.every((item) => item.data === undefined), 'no item carries data of its own');
    assert.ok(each.list.items.every((item) => item.data !== undefined), 'without the capability, every item carries its data');
    const text = (item: CompletionItem): string => (item.documentation as MarkupContent | undefined)?.value ?? '';
    assert.match(text(shared.resolved), /Retail/);
    assert.equal(text(shared.resolved), text(each.resolved));
  });
});
