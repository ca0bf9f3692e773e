import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-types';
import { checkFileAgainstCatalog } from '../../../../language/src/analysis/catalog-checks';
import { getCodeActions } from '../../../../language/src/analysis/code-actions';
import { getCodeLenses } from '../../../../language/src/analysis/code-lenses';
import { toDiagnostics } from '../../../../language/src/analysis/diagnostics';
import { parseIql } from '../../../../language/src/parser';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';

/** The titles of the fixes offered for `text`, and what applying one gives. */
function fixes(text: string, collaborations = [] as { id: string; name: string; datasetNames: string[] }[]) {
  const document = TextDocument.create('file:///a.iql', 'iql', 1, text);
  const { ast, problems } = parseIql(text);
  const diagnostics = toDiagnostics(document, [...problems, ...checkFileAgainstCatalog(ast, DEMO_CATALOG)]);
  const actions = getCodeActions({ document, diagnostics, hasCollaborationDirective: false, collaborations });
  const apply = (title: string): string => {
    const action = actions.find((a) => a.title === title);
    assert.ok(action, `no action '${title}' among ${actions.map((a) => a.title).join(' | ')}`);
    return TextDocument.applyEdits(document, action.edit!.changes!['file:///a.iql'] as TextEdit[]);
  };
  return { titles: actions.map((a) => a.title), apply, actions };
}

describe('code actions', () => {
  it('applies a did-you-mean', () => {
    const { apply, actions } = fixes('SELECT COUNT() FROM Retial');
    assert.equal(apply("Change to 'Retail'"), 'SELECT COUNT() FROM Retail');
    assert.equal(actions[0]!.isPreferred, true);
  });

  it('qualifies an ambiguous category, one fix per dataset', () => {
    const { titles, apply } = fixes('SELECT AGGREGATE(Age) FROM Retail UNION Bank');
    assert.deepEqual(titles, ['Qualify as Retail.Age', 'Qualify as Bank.Age']);
    assert.equal(apply('Qualify as Bank.Age'), 'SELECT AGGREGATE(Bank.Age) FROM Retail UNION Bank');
  });

  it('removes the comma before bins', () => {
    const { apply } = fixes("SELECT AGGREGATE(Retail.Gender, {'Female'}) FROM Retail");
    assert.equal(apply('Remove the comma before the bins'), "SELECT AGGREGATE(Retail.Gender {'Female'}) FROM Retail");
  });

  it('turns a double-quoted value into a string, escaping quotes', () => {
    const { apply } = fixes(`SELECT COUNT() FROM Retail WHERE Region = "O'Neil ""Land"""`);
    assert.equal(apply(`Write it as the string 'O''Neil "Land"'`), `SELECT COUNT() FROM Retail WHERE Region = 'O''Neil "Land"'`);
  });

  it('offers to target the collaboration whose names match an unknown dataset', () => {
    const { apply } = fixes('SELECT COUNT() FROM self', [{ id: 'CLB.demo', name: 'Retail x Publisher', datasetNames: ['self', 'them'] }]);
    assert.equal(apply("Target collaboration 'Retail x Publisher' (insert -- @collaboration CLB.demo)"), '-- @collaboration CLB.demo\nSELECT COUNT() FROM self');
  });

  it('puts Run, Explain and Validate lenses on every query', () => {
    const text = 'SELECT COUNT() FROM Retail;\nSELECT Retail.ID FROM Retail';
    const document = TextDocument.create('file:///a.iql', 'iql', 1, text);
    const lenses = getCodeLenses(document, parseIql(text).ast);
    assert.deepEqual(lenses.map((l) => l.command!.title), ['▶ Run', 'Explain', 'Validate', '▶ Run activation', 'Explain', 'Validate']);
    assert.deepEqual(lenses[3]!.command!.arguments, [{ uri: 'file:///a.iql', offset: 28 }]);
    assert.equal(lenses[3]!.range.start.line, 1);
  });
});
