import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, SnippetTextEdit, TextDocumentEdit, TextEdit } from 'vscode-languageserver-types';
import { getCodeActions } from '../../../../language/src/analysis/code-actions';
import { toDiagnostics } from '../../../../language/src/analysis/diagnostics';
import { createCatalog, type Catalog } from '../../../../language/src/catalog/catalog';
import { collectDocumentProblems } from '../../../../language/src/document-problems';
import { parseIql } from '../../../../language/src/parser';
import { BANK, DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';

const URI = 'file:///m.iql';

/** The problems of `text` as the editor gets them, and the fixes offered for them. */
/** `catalog` null: offline. */
function open(text: string, catalog: Catalog | null = DEMO_CATALOG, snippetEdits = false) {
  const document = TextDocument.create(URI, 'iql', 3, text);
  const parsed = parseIql(text);
  const problems = collectDocumentProblems({ text, parsed, targetProblems: [], ...(catalog ? { catalog } : {}), collaboration: false, verdicts: new Map() });
  const diagnostics = toDiagnostics(document, problems);
  const actions = getCodeActions({ document, diagnostics, hasCollaborationDirective: false, file: parsed.ast, snippetEdits, ...(catalog ? { catalog } : {}) });
  const apply = (action: CodeAction): string => TextDocument.applyEdits(document, action.edit!.changes![URI] as TextEdit[]);
  return { diagnostics, actions, apply };
}

describe('a query without FROM', () => {
  it('gets one problem, not a cascade of unknown categories, unnamed datasets or ENRICH advice', () => {
    for (const text of ['SELECT COUNT() WHERE Age > 30', 'SELECT AGGREGATE(Gender) ENRICH WITH Bank', 'SELECT COUNT()\nWHERE Retail.Age > 3\nENRICH WITH Bank']) {
      const { diagnostics } = open(text);
      assert.deepEqual(diagnostics.map((d) => d.code), ['iql.missing-from'], text);
      assert.match(String(diagnostics[0]!.message), /FROM and an audience are required/);
      assert.doesNotMatch(String(diagnostics[0]!.message), /Retail/, 'no demo name in a message for every catalog');
    }
    // A name it enriches with is still checked.
    assert.deepEqual(open('SELECT COUNT() ENRICH WITH Bnak').diagnostics.map((d) => d.code), ['iql.missing-from', 'iql.unknown-dataset']);
  });

  it('is fixed with the dataset its qualifiers name, on its own line when the query goes on below', () => {
    const { actions, apply } = open("SELECT AGGREGATE(Retail.Gender)\nWHERE Retail.Age > 30\nENRICH WITH Bank");
    assert.deepEqual(actions.map((a) => a.title), ['Add FROM Retail']);
    assert.equal(actions[0]!.isPreferred, true);
    assert.equal(apply(actions[0]!), "SELECT AGGREGATE(Retail.Gender)\nFROM Retail\nWHERE Retail.Age > 30\nENRICH WITH Bank");
    const inline = open('SELECT Retail.ID WHERE Age > 3');
    assert.equal(inline.apply(inline.actions[0]!), 'SELECT Retail.ID FROM Retail WHERE Age > 3');
  });

  it('is fixed with the only dataset of a catalog of one', () => {
    const { actions, apply } = open('SELECT COUNT()', createCatalog([BANK]));
    assert.deepEqual(actions.map((a) => a.title), ['Add FROM Bank']);
    assert.equal(apply(actions[0]!), 'SELECT COUNT()\nFROM Bank');
  });

  it("offers a choice of the catalog's datasets as a snippet when the editor takes snippet edits", () => {
    const { actions } = open('SELECT COUNT() ENRICH WITH Bank', DEMO_CATALOG, true);
    assert.deepEqual(actions.map((a) => a.title), ['Add FROM with a dataset of the catalog…']);
    const change = actions[0]!.edit!.documentChanges![0] as TextDocumentEdit;
    assert.deepEqual(change.textDocument, { uri: URI, version: 3 });
    const edit = change.edits[0] as SnippetTextEdit;
    // Bank is enriched with, so it is not offered as the audience.
    assert.deepEqual(edit.snippet, { kind: 'snippet', value: ' FROM ${1|Retail,Publisher1,Opaque|}$0' });
    assert.deepEqual(edit.range.start, { line: 0, character: 14 });
  });

  it('offers one fix per dataset without snippet edits, and a neutral placeholder offline', () => {
    assert.deepEqual(open('SELECT COUNT()').actions.map((a) => a.title), ['Add FROM Retail', 'Add FROM Bank', 'Add FROM Publisher1', 'Add FROM Opaque']);
    assert.deepEqual(open('SELECT COUNT()', null).actions, []);
    const offline = open('SELECT COUNT()', null, true).actions[0]!;
    assert.equal(((offline.edit!.documentChanges![0] as TextDocumentEdit).edits[0] as SnippetTextEdit).snippet.value, '\nFROM ${1:dataset}$0');
  });
});
