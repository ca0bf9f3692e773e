/**
 * The find-references and rename handlers on a fake Connection: what the server adds to the
 * language's analysis (language/src/analysis/dataset-references.ts, tested on its own) — the
 * open document's parse, the catalog of its target waited for and cancellable, refusals
 * answered as errors the editor shows, and an edit made for the version the user has.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CancellationTokenSource, ErrorCodes, ResponseError, type Location, type Range, type TextDocumentEdit, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver';
import type { ProfilesResult } from '../../../../common/protocol';
import { profilesFromClient } from '../../../../service/src';
import { registerDatasetRenames } from '../../../../server/src/handlers/dataset-renames';
import { createServerFixture, defaultTarget, profileInfo, ScriptedHub, smallCatalog, waitFor, type AskedCatalog, type ServerFixture } from '../server-fixture';

const LOCAL: ProfilesResult = { profiles: [profileInfo('demo', 'http://127.0.0.1:1', 'key-1')], defaultProfile: 'demo', serviceAllowed: true };
const OFFLINE: ProfilesResult = { profiles: [], serviceAllowed: false };
const TEXT = 'SELECT AGGREGATE(Retail.Age) FROM Retail;\nSELECT COUNT() FROM Retail INTERSECT Bank';
const ON_RETAIL = { line: 0, character: 36 };

async function renames(profiles: ProfilesResult): Promise<{ fixture: ServerFixture; hub: ScriptedHub }> {
  const hub = new ScriptedHub();
  const fixture = await createServerFixture({ profiles, hub });
  registerDatasetRenames(fixture.context);
  return { fixture, hub };
}

function rename(fixture: ServerFixture, uri: string, newName: string, token = new CancellationTokenSource().token, position = ON_RETAIL): Promise<WorkspaceEdit | ResponseError<void> | null> {
  return fixture.connection.request('textDocument/rename', { textDocument: { uri }, position, newName }, token);
}

function starts(ranges: readonly { range: Range }[]): number[][] {
  return ranges.map((r) => [r.range.start.line, r.range.start.character]);
}

/** The one catalog load the rename started, once it has. */
async function catalogLoad(hub: ScriptedHub): Promise<AskedCatalog> {
  await waitFor(() => hub.catalogLoads.length === 1, 'the catalog load');
  return hub.catalogLoads[0]!;
}

/** The edit of the one document a rename answered. */
function documentEdit(answer: unknown): TextDocumentEdit {
  const changes = (answer as WorkspaceEdit).documentChanges;
  assert.equal(changes?.length, 1, `one document's edit, not ${JSON.stringify(answer)}`);
  return changes![0] as TextDocumentEdit;
}

function refusal(answer: unknown): string {
  assert.ok(answer instanceof ResponseError, `a refusal, not ${JSON.stringify(answer)}`);
  assert.equal(answer.code, ErrorCodes.InvalidRequest);
  return answer.message;
}

describe('dataset renames: find all references and rename', { timeout: 30_000 }, () => {
  it('answers nothing for a document the editor has not opened', async () => {
    const { fixture } = await renames(LOCAL);
    const textDocument = { uri: 'file:///ws/closed.iql' };
    assert.equal(await fixture.connection.request('textDocument/references', { textDocument, position: ON_RETAIL, context: { includeDeclaration: true } }), null);
    assert.equal(await fixture.connection.request('textDocument/prepareRename', { textDocument, position: ON_RETAIL }), null);
    assert.equal(await rename(fixture, textDocument.uri, 'Bank'), null);
    await fixture.dispose();
  });

  it('finds every place the file names the dataset under the cursor, and nothing off a dataset name', async () => {
    const { fixture } = await renames(LOCAL);
    const uri = 'file:///ws/references.iql';
    fixture.texts.open(uri, TEXT);
    const references = await fixture.connection.request<Location[]>('textDocument/references', { textDocument: { uri }, position: ON_RETAIL, context: { includeDeclaration: true } });
    assert.deepEqual(starts(references), [[0, 17], [0, 34], [1, 20]]);
    assert.ok(references.every((r) => r.uri === uri));
    assert.equal(await fixture.connection.request('textDocument/references', { textDocument: { uri }, position: { line: 0, character: 2 }, context: { includeDeclaration: true } }), null);
    await fixture.dispose();
  });

  it('prepares a rename on a dataset name, and refuses elsewhere with a message the editor shows', async () => {
    const { fixture } = await renames(LOCAL);
    const uri = 'file:///ws/prepare.iql';
    fixture.texts.open(uri, TEXT);
    const prepared = await fixture.connection.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument: { uri }, position: ON_RETAIL });
    assert.deepEqual(prepared, { range: { start: { line: 0, character: 34 }, end: { line: 0, character: 40 } }, placeholder: 'Retail' });
    const onCategory = await fixture.connection.request('textDocument/prepareRename', { textDocument: { uri }, position: { line: 0, character: 25 } });
    assert.match(refusal(onCategory), /^Only dataset names can be renamed/);
    await fixture.dispose();
  });

  it('waits for the catalog of the document\'s target, then renames to a dataset it lists and refuses one it does not', async () => {
    const { fixture, hub } = await renames(LOCAL);
    const uri = 'file:///ws/rename.iql';
    fixture.texts.open(uri, 'SELECT COUNT() FROM Retail;\nSELECT AGGREGATE(Retail.Age) FROM Retail');
    const answer = rename(fixture, uri, 'Bank', undefined, { line: 0, character: 22 });
    const load = await catalogLoad(hub);
    assert.equal(load.target.key, defaultTarget(profilesFromClient(LOCAL)).key);
    load.answer({ ok: true, value: smallCatalog() });
    const change = documentEdit(await answer);
    assert.deepEqual(change.textDocument, { uri, version: 1 });
    assert.deepEqual((change.edits as TextEdit[]).map((e) => [e.range.start.line, e.range.start.character, e.newText]), [[0, 20, 'Bank'], [1, 17, 'Bank'], [1, 34, 'Bank']]);

    // The catalog is kept: the next rename asks for no load, and the catalog decides.
    assert.match(refusal(await rename(fixture, uri, 'Retial2', undefined, { line: 0, character: 22 })), /^There is no dataset 'Retial2' in this file's catalog/);
    assert.equal(hub.catalogLoads.length, 1);
    await fixture.dispose();
  });

  it('edits the version the document has when the catalog arrives, not the one it had when asked', async () => {
    const { fixture, hub } = await renames(LOCAL);
    const uri = 'file:///ws/typing.iql';
    fixture.texts.open(uri, 'SELECT COUNT() FROM Retail');
    const answer = rename(fixture, uri, 'Bank', undefined, { line: 0, character: 22 });
    const load = await catalogLoad(hub);
    fixture.texts.change(uri, 'SELECT COUNT() FROM Retail\nSELECT AGGREGATE(Retail.Age) FROM Retail');
    load.answer({ ok: true, value: smallCatalog() });
    const change = documentEdit(await answer);
    assert.equal(change.textDocument.version, 2);
    assert.deepEqual(change.edits.map((e) => [e.range.start.line, e.range.start.character]), [[0, 20], [1, 17], [1, 34]]);
    await fixture.dispose();
  });

  it('answers nothing when the editor cancels while the catalog loads, and aborts the load', async () => {
    const { fixture, hub } = await renames(LOCAL);
    const uri = 'file:///ws/cancel.iql';
    fixture.texts.open(uri, TEXT);
    const cancel = new CancellationTokenSource();
    const answer = rename(fixture, uri, 'Bank', cancel.token);
    const load = await catalogLoad(hub);
    cancel.cancel();
    assert.equal(load.signal?.aborted, true);
    load.answer({ ok: true, value: smallCatalog() });
    assert.equal(await answer, null);
    await fixture.dispose();
  });

  it('without a profile checks only the new name\'s shape', async () => {
    const { fixture, hub } = await renames(OFFLINE);
    const uri = 'file:///ws/offline.iql';
    fixture.texts.open(uri, TEXT);
    assert.deepEqual(starts(documentEdit(await rename(fixture, uri, 'Anything2')).edits), [[0, 17], [0, 34], [1, 20]]);
    assert.match(refusal(await rename(fixture, uri, 'Not a name!')), /cannot be a dataset name/);
    assert.equal(hub.catalogLoads.length, 0);
    await fixture.dispose();
  });
});
