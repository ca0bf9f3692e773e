/**
 * Completion answers over JSON-RPC against the built server and the emulator's demo clean room:
 * a client that accepts a list's default edit range (LSP 3.17 `itemDefaults.editRange`, as VS
 * Code does) gets the range once and items without their own edit; a client that does not gets
 * an edit in every item, the same texts either way.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-protocol';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
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

describe('completion edit ranges over JSON-RPC', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first', timeout: 60_000 }, () => {
  let emulator: RunningEmulator;
  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
  });
  after(() => emulator.close());

  it('a client that accepts a default edit range gets it once; every item inserts the same text at the same place as without it', async () => {
    const shared = await completeAfterFrom(emulator.url, ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data']);
    const each = await completeAfterFrom(emulator.url, undefined);
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
});
