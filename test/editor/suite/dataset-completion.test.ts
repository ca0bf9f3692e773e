import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { HOSTILE_DATASET } from '../hostile-dataset';
import { completionLabels } from './provider-results';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

suite('dataset completion', () => {
  suiteSetup(activateExtension);

  test("after FROM the editor offers the datasets the user can see, and only those", async () => {
    const text = 'SELECT COUNT() FROM ';
    const document = await openQueryFile('complete-datasets.iql', text);
    const labels = await waitFor('catalog datasets among the completions', async () => {
      const offered = await completionLabels(document.uri, new vscode.Position(0, text.length));
      return offered.includes('Retail') ? offered : undefined;
    });
    for (const name of ['Retail', 'Bank', 'Publisher1', 'IdGraph', 'Insurer', 'PubAudience', HOSTILE_DATASET.privateId]) {
      assert.ok(labels.includes(name), `${name} is offered (got ${labels.join(', ')})`);
    }
    // Herald News offered Publisher2 to RetailCo, but the offer was never accepted.
    assert.ok(!labels.includes('Publisher2'), 'a dataset shared without acceptance is not offered');
  });

  test('a dataset offered after FROM replaces the word being typed (the list gives the range once, the editor applies it)', async () => {
    const text = 'SELECT COUNT() FROM Ret';
    const document = await openQueryFile('complete-replace.iql', text);
    const retail = await waitFor('Retail among the completions', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, new vscode.Position(0, text.length));
      return list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'Retail');
    });
    const range = retail.range instanceof vscode.Range ? retail.range : retail.range?.replacing;
    assert.ok(range !== undefined, 'the item has the range the list gave');
    assert.deepEqual([range.start.line, range.start.character, range.end.line, range.end.character], [0, 20, 0, 23]);
    assert.equal(typeof retail.insertText === 'string' ? retail.insertText : retail.insertText?.value, 'Retail');
  });

  test("after a dataset and a dot the editor offers its categories, each documented from the catalog when shown", async () => {
    const text = 'SELECT AGGREGATE(Retail.) FROM Retail';
    const document = await openQueryFile('complete-categories.iql', text);
    const position = new vscode.Position(0, 'SELECT AGGREGATE(Retail.'.length);
    const age = await waitFor('Age documented among the completions', async () => {
      // The last argument asks the editor to resolve the items, as its suggest widget does for the ones it shows.
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position, undefined, 50);
      const item = list.items.find((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'Age');
      return item?.documentation === undefined ? undefined : item;
    });
    const documentation = typeof age.documentation === 'string' ? age.documentation : age.documentation!.value;
    assert.match(documentation, /Five Year Bins/);
  });
});
