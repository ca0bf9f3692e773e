import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { explorerOf, type ExplorerHandles } from '../../../client/src/explorer/explorer-access';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

/** The editor showing a dataset page, once it is the active one. */
function activePage(): vscode.TextEditor | undefined {
  const active = vscode.window.activeTextEditor;
  return active?.document.uri.scheme === 'iql-dataset' ? active : undefined;
}

suite('dataset pages', () => {
  let explorer: ExplorerHandles;

  suiteSetup(async () => {
    const extension = await activateExtension();
    const found = explorerOf(extension.exports);
    assert.ok(found, 'the extension exports its explorer');
    explorer = found;
  });

  test('F12 on a dataset name opens its page in the editor area and leaves the Datasets view alone', async () => {
    // The side bar shows the file explorer: the old reveal opened the Clean Room views and focused a tree.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor('the Datasets view hidden', () => (explorer.datasetsView.visible ? undefined : true));
    const text = 'SELECT AGGREGATE(Retail.Gender)\nFROM Retail INTERSECT Publisher1';
    const document = await openQueryFile('definition.iql', text);
    const editor = vscode.window.activeTextEditor!;
    assert.equal(editor.document, document);
    editor.selection = new vscode.Selection(1, 7, 1, 7);

    // F12 may run before the catalog is in: ask again until the page is open.
    const page = await waitFor('the dataset page as the active editor', async () => {
      if (!activePage()) await vscode.commands.executeCommand('editor.action.revealDefinition');
      const shown = activePage();
      return shown && shown.document.getText().includes('## Categories') ? shown : undefined;
    });
    const content = page.document.getText();
    assert.match(content, /^# .*dataset `Retail`$/m);
    assert.match(content, /^- \*\*Records:\*\* [\d,]+$/m);
    assert.match(content, /^### `Gender`$/m);
    assert.doesNotMatch(content, /^\s*[{[]/, 'a page, not JSON');
    assert.equal(page.document.languageId, 'markdown');
    // In the editor area, in the group the query is in, as the group's active tab.
    assert.equal(page.viewColumn, editor.viewColumn);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputText && tab.input.uri.toString() === page.document.uri.toString(), 'the page is the active tab of the active group');
    // Nothing was revealed in a tree, and the side bar did not switch to it.
    assert.equal(explorer.datasetsView.visible, false, 'the Datasets view was not opened');
    assert.deepEqual(explorer.datasetsView.selection, []);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  test('Show Metadata on a dataset row opens the same readable page, not JSON', async () => {
    const owned = await waitFor('the Owned group', async () => (await explorer.datasets.getChildren()).find((node) => node.kind === 'group'));
    const retail = await waitFor('Retail in the tree', async () => (await explorer.datasets.getChildren(owned)).find((node) => node.kind === 'dataset' && node.dataset.private_id === 'Retail'));
    await vscode.commands.executeCommand('iql.dataset.showMetadata', retail);
    const page = await waitFor('the page of Retail', () => {
      const shown = activePage();
      return shown && shown.document.getText().includes('## Categories') ? shown : undefined;
    });
    assert.match(page.document.getText(), /^# .*dataset `Retail`$/m);
    assert.match(page.document.uri.path, /\/Retail\.md$/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
