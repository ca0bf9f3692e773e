import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource } from 'vscode-languageserver';
import type { CodeAction, CompletionItem, CompletionList, Diagnostic, DocumentSymbol, Hover, MarkupContent, SemanticTokens, TextEdit } from 'vscode-languageserver-types';
import { FORMAT_DOCUMENT_LINE_LIMIT, HOVER_PLAN_WAIT_MS, registerLanguageFeatures } from '../../../../server/src/handlers/language-features';
import { createServerFixture, RecordingChoices, startBackends, type Backends, type ServerFixture } from '../server-fixture';

const CLOSED = 'file:///ws/closed.iql';

function position(text: string, before: string): { line: number; character: number } {
  const lines = text.slice(0, text.indexOf(before) + before.length).split('\n');
  return { line: lines.length - 1, character: lines.at(-1)!.length };
}

function unknownDataset(line: number, start: number, name: string): Diagnostic {
  return { source: 'iql', code: 'iql.unknown-dataset', message: `Unknown dataset '${name}'.`, range: { start: { line, character: start }, end: { line, character: start + name.length } } };
}

describe('language features', { timeout: 30_000 }, () => {
  let backends: Backends;
  let fixture: ServerFixture;
  let choices: RecordingChoices;
  let documents = 0;

  /** Opens a new document (a URI of its own, so that versions never repeat). */
  const open = (text: string): string => {
    const uri = `file:///ws/features-${(documents += 1)}.iql`;
    fixture.texts.open(uri, text);
    return uri;
  };

  before(async () => {
    backends = await startBackends();
    choices = new RecordingChoices();
    fixture = await createServerFixture({ profiles: backends.profiles, collaborationChoices: choices });
    registerLanguageFeatures(fixture.context);
  });
  after(async () => {
    await fixture.dispose();
    await backends.close();
  });

  it('answers nothing for a document the editor has not opened', async () => {
    const textDocument = { uri: CLOSED };
    const at = { line: 0, character: 0 };
    for (const method of ['textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/codeLens', 'textDocument/formatting']) {
      assert.equal(await fixture.connection.request(method, { textDocument, options: { tabSize: 2, insertSpaces: true } }), null, method);
    }
    for (const method of ['textDocument/hover', 'textDocument/completion', 'textDocument/signatureHelp']) {
      assert.equal(await fixture.connection.request(method, { textDocument, position: at }), null, method);
    }
    assert.deepEqual(await fixture.connection.request('textDocument/semanticTokens/full', { textDocument }), { data: [] });
    assert.equal(await fixture.connection.request('textDocument/codeAction', { textDocument, range: { start: at, end: at }, context: { diagnostics: [] } }), null);
  });

  it('answers symbols, folding and semantic tokens from the parse of the open document', async () => {
    const uri = open('SELECT COUNT()\nFROM Retail\n\nSELECT COUNT()\nFROM Bank');
    const symbols = await fixture.connection.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    assert.equal(symbols.length, 2);
    const folding = await fixture.connection.request<unknown[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.ok(folding.length >= 2);
    const tokens = await fixture.connection.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.ok(tokens.data.length > 0);
  });

  it("completes dataset names from the target's catalog, waiting for it to load, and resolves items from the same catalog", async () => {
    const text = 'SELECT COUNT() FROM ';
    const uri = open(text);
    const list = await fixture.connection.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: position(text, 'FROM ') });
    const retail = list.items.find((item) => item.label === 'Retail');
    assert.ok(retail, list.items.map((item) => item.label).join(','));
    assert.equal(retail.detail, 'Retail customers');
    // Items carry only names and their list's number; resolve finds the catalog through the list's document.
    assert.deepEqual(Object.keys(retail.data as object).sort(), ['dataset', 'list']);
    const resolved = await fixture.connection.request<CompletionItem>('completionItem/resolve', retail);
    assert.equal(resolved.label, 'Retail');
    assert.match((resolved.documentation as { value: string }).value, /Retail customers/);
  });

  it("resolves an item from its own list's document after another document was completed", async () => {
    const text = 'SELECT COUNT() FROM ';
    const uri = open(text);
    const list = await fixture.connection.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: position(text, 'FROM ') });
    const retail = list.items.find((item) => item.label === 'Retail');
    assert.ok(retail);
    // Another document's completion in between (one the server cannot complete: not open).
    await fixture.connection.request('textDocument/completion', { textDocument: { uri: CLOSED }, position: { line: 0, character: 0 } });
    const resolved = await fixture.connection.request<CompletionItem>('completionItem/resolve', retail);
    assert.match((resolved.documentation as { value: string } | undefined)?.value ?? '(no documentation)', /Retail customers/);
  });

  it('stops waiting for the catalog when the completion is cancelled, and completes without it', async () => {
    const text = '-- @profile stalled\nSELECT COUNT() FROM ';
    const uri = open(text);
    const source = new CancellationTokenSource();
    const before = backends.stalled.requests.length;
    const pending = fixture.connection.request<CompletionList>('textDocument/completion', { textDocument: { uri }, position: position(text, 'FROM ') }, source.token);
    await backends.stalled.waitForRequests(before + 1);
    source.cancel();
    const list = await pending;
    assert.ok(Array.isArray(list.items), 'a cancelled completion still answers a list');
    assert.ok(!list.items.some((item) => item.label === 'Retail'));
  });

  it('hovers the query plan from the service on SELECT, with a link to the full plan', async () => {
    const text = 'SELECT AGGREGATE(Retail.Gender)\nFROM Retail INTERSECT Publisher1';
    const uri = open(text);
    const hover = await fixture.connection.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
    const value = (hover.contents as MarkupContent).value;
    assert.match(value, /Query plan/);
    assert.match(value, /Publisher1/);
    assert.match(value, /Open full plan\]\(command:iql\.openPlan\?/);
  });

  it('shows no plan in an offline document, and nothing when the hover is cancelled', async () => {
    const offline = open('-- @profile staging\nSELECT COUNT() FROM Retail');
    const hover = await fixture.connection.request<Hover | null>('textDocument/hover', { textDocument: { uri: offline }, position: { line: 1, character: 2 } });
    assert.doesNotMatch(hover === null ? '' : (hover.contents as MarkupContent).value, /Query plan/);

    const uri = open('SELECT COUNT() FROM Bank INTERSECT Publisher1');
    const source = new CancellationTokenSource();
    source.cancel();
    assert.equal(await fixture.connection.request('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } }, source.token), null);
  });

  it('stops waiting for a hanging ExplainQuery after a second and a half, and offers the plan panel instead', async () => {
    const uri = open('-- @profile stalled\nSELECT COUNT() FROM Retail');
    const started = Date.now();
    const hover = await fixture.connection.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 2 } });
    const waited = Date.now() - started;
    assert.ok(waited >= HOVER_PLAN_WAIT_MS - 50 && waited < HOVER_PLAN_WAIT_MS + 1_500, `the hover took ${waited} ms`);
    const value = (hover.contents as MarkupContent).value;
    assert.match(value, /did not answer within 1\.5 s/);
    assert.match(value, /Open full plan\]\(command:iql\.openPlan\?/);
  });

  it('declines to format a whole document past the line limit, saying so once, and still formats a selection', async () => {
    const text = 'select count()   from Retail\n'.repeat(FORMAT_DOCUMENT_LINE_LIMIT + 1);
    const uri = open(text);
    const options = { tabSize: 2, insertSpaces: true };
    const noticesBefore = fixture.connection.notices.length;
    assert.equal(await fixture.connection.request('textDocument/formatting', { textDocument: { uri }, options }), null);
    assert.equal(await fixture.connection.request('textDocument/formatting', { textDocument: { uri }, options }), null);
    const notices = fixture.connection.notices.slice(noticesBefore);
    assert.equal(notices.length, 1);
    // 10,001 lines of text and the empty line after the last line break.
    assert.match(notices[0], /10,002 lines.*Format Selection/);
    const range = { start: { line: 5, character: 0 }, end: { line: 5, character: 10 } };
    const ranged = await fixture.connection.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri }, range, options });
    assert.ok(ranged.length > 0 && ranged.every((edit) => edit.range.start.line === 5), JSON.stringify(ranged));
  });

  it('answers semantic tokens for a range with the tokens of the queries it touches', async () => {
    const text = 'SELECT COUNT() FROM Retail\nSELECT COUNT() FROM Bank\nSELECT COUNT() FROM Publisher1\n';
    const uri = open(text);
    const whole = await fixture.connection.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument: { uri } });
    const ranged = await fixture.connection.request<SemanticTokens>('textDocument/semanticTokens/range', { textDocument: { uri }, range: { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } } });
    // Four tokens per query (SELECT, COUNT, FROM, the dataset); the range touches the second query only.
    assert.equal(whole.data.length, 3 * 4 * 5);
    assert.equal(ranged.data.length, 4 * 5);
    assert.equal(ranged.data[0], 1, 'the first token is on line 1');
  });

  it('formats the whole document and a range of it', async () => {
    const text = 'select count()   from Retail';
    const uri = open(text);
    const options = { tabSize: 2, insertSpaces: true };
    const edits = await fixture.connection.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options });
    assert.ok(edits.length > 0);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: text.length } };
    const ranged = await fixture.connection.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri }, range, options });
    assert.ok(ranged.length > 0);
  });

  it("offers to target the collaboration whose dataset names include an unknown name, from the profile's collaborations", async () => {
    const text = 'SELECT COUNT() FROM them';
    const uri = open(text);
    const diagnostic = unknownDataset(0, text.indexOf('them'), 'them');
    const actions = await fixture.connection.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
    const target = actions.find((action) => action.title.includes('-- @collaboration CLB.demo'));
    assert.ok(target, actions.map((action) => action.title).join(' | '));
    assert.deepEqual(target.edit?.changes?.[uri], [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: '-- @collaboration CLB.demo\n' }]);
  });

  it('asks for collaborations only when a fix could use them', async () => {
    const asked = choices.asked.length;
    const text = '-- @collaboration CLB.demo\nSELECT COUNT() FROM thme';
    const bound = open(text);
    const diagnostic = unknownDataset(1, 'SELECT COUNT() FROM '.length, 'thme');
    await fixture.connection.request('textDocument/codeAction', { textDocument: { uri: bound }, range: diagnostic.range, context: { diagnostics: [diagnostic] } });
    const plain = open('SELECT FROM Retail');
    const at = { line: 0, character: 0 };
    await fixture.connection.request('textDocument/codeAction', { textDocument: { uri: plain }, range: { start: at, end: at }, context: { diagnostics: [] } });
    assert.equal(choices.asked.length, asked);
  });
});
