import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { explorerOf } from '../../../client/src/explorer/explorer-access';
import type { ExplorerHandles } from '../../../client/src/explorer/explorer-access';
import type { ExplorerNode } from '../../../client/src/explorer/explorer-node';
import { HOSTILE_DATASET } from '../hostile-dataset';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

/** The rows under `parent` (the roots when undefined), once the tree has any. */
async function rows(handles: ExplorerHandles['datasets'], parent?: ExplorerNode): Promise<{ node: ExplorerNode; item: vscode.TreeItem }[]> {
  const nodes = await handles.getChildren(parent);
  return nodes.map((node) => ({ node, item: handles.getTreeItem(node) }));
}

function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

async function childNamed(tree: ExplorerHandles['datasets'], parent: ExplorerNode | undefined, label: string): Promise<{ node: ExplorerNode; item: vscode.TreeItem }> {
  return waitFor(`"${label}" in the tree`, async () => (await rows(tree, parent)).find((row) => labelOf(row.item) === label));
}

suite('explorer', () => {
  let explorer: ExplorerHandles;

  suiteSetup(async () => {
    const extension = await activateExtension();
    const found = explorerOf(extension.exports);
    if (found === undefined) throw new Error('the extension exports no explorer: registerExplorer must call attachExplorer');
    explorer = found;
    // Start from a known state: whatever the trees loaded during activation is dropped.
    await vscode.commands.executeCommand('iql.datasets.refresh');
    await vscode.commands.executeCommand('iql.collaborations.refresh');
  });

  test('the Datasets view lists owned and shared datasets from the emulator, names as plain text', async () => {
    const owned = await childNamed(explorer.datasets, undefined, 'Owned');
    const shared = await childNamed(explorer.datasets, undefined, 'Shared with me');
    const retail = await childNamed(explorer.datasets, owned.node, 'Retail');
    assert.equal(retail.item.description, 'Retail customers');
    assert.equal(retail.item.contextValue, 'iql.dataset.activation');
    await childNamed(explorer.datasets, shared.node, 'Bank');
    const hostile = await childNamed(explorer.datasets, owned.node, HOSTILE_DATASET.privateId);
    assert.equal(hostile.item.description, HOSTILE_DATASET.publicName, 'the public name is shown as its characters');
    // An owned row of List Datasets 2.0 leaves its tooltip to the hover, which reads the owner and rows.
    assert.equal(hostile.item.tooltip, undefined, 'the tooltip is resolved on hover');
    const hovered = await explorer.datasets.resolveTreeItem(hostile.item, hostile.node);
    assert.equal(typeof hovered.tooltip, 'string', 'the tooltip is plain text, never Markdown');
    assert.match(String(hovered.tooltip), /Owner: RetailCo/);
    assert.match(String(hovered.tooltip), /Rows: 40/);
    const names = (await rows(explorer.datasets, shared.node)).map((row) => labelOf(row.item));
    assert.ok(!names.includes('Publisher2'), `an unaccepted share is not listed: ${names.join(', ')}`);
  });

  test('expanding a dataset lists its keys and categories', async () => {
    const owned = await childNamed(explorer.datasets, undefined, 'Owned');
    const retail = await childNamed(explorer.datasets, owned.node, 'Retail');
    await childNamed(explorer.datasets, retail.node, 'email');
    const age = await childNamed(explorer.datasets, retail.node, 'Age');
    const representations = await rows(explorer.datasets, age.node);
    assert.ok(representations.length > 0 && representations.every((row) => typeof row.item.description === 'string'), 'representations show their data types');
  });

  test('the Collaborations view lists collaborations, their datasets and activation segments', async () => {
    const demo = await childNamed(explorer.collaborations, undefined, 'Retail x Publisher');
    assert.equal(demo.item.description, 'CLB.demo · active · you: owner');
    assert.equal(demo.item.contextValue, 'iql.collaboration:active:owner:contributor:operator:logs', 'the owner is offered every action');
    const segments = await childNamed(explorer.collaborations, demo.node, 'Activation segments');
    const cyclists = await childNamed(explorer.collaborations, segments.node, 'Cyclists and runners');
    assert.equal(cyclists.item.contextValue, 'iql.segment:operate');
    const datasets = await childNamed(explorer.collaborations, demo.node, 'Datasets');
    const self = await childNamed(explorer.collaborations, datasets.node, 'self');
    assert.equal(self.item.contextValue, 'iql.collaborationDataset:removable:stats', "the company's own dataset may be removed");
  });

  test('Export Segment follows the export to its end: the tree shows it successful with its rows and rejected rows', async () => {
    const demo = await childNamed(explorer.collaborations, undefined, 'Retail x Publisher');
    const segments = await childNamed(explorer.collaborations, demo.node, 'Activation segments');
    const cyclists = await childNamed(explorer.collaborations, segments.node, 'Cyclists and runners');
    const exportId = await vscode.commands.executeCommand<string | undefined>('iql.segment.export', cyclists.node, { destinationId: 'DST.retail-sftp', pushConfig: { path: '/scenario' } });
    assert.ok(exportId, 'the export started');
    const row = await waitFor('the export row, ended', async () =>
      (await rows(explorer.collaborations, cyclists.node)).find((candidate) => String(candidate.item.description ?? '').includes(`export ${exportId}`) && !labelOf(candidate.item).startsWith('running')),
    );
    assert.match(labelOf(row.item), /^successful · /);
    assert.match(String(row.item.description), /^[\d,]+ rows · 0 rejected · export /);
  });

  test('iql.revealDataset selects the dataset in the Datasets view', async () => {
    await vscode.commands.executeCommand('iql.revealDataset', { target: {}, name: 'Bank' });
    const selected = await waitFor('Bank selected in the Datasets view', () => {
      const node = explorer.datasetsView.selection[0];
      return node?.kind === 'dataset' && node.dataset.private_id === 'Bank' ? node : undefined;
    });
    assert.equal(explorer.datasets.getParent(selected)?.kind, 'group');
  });

  test('New Query from Here opens an IQL document with the profile directive and a starter query', async () => {
    const owned = await childNamed(explorer.datasets, undefined, 'Owned');
    const retail = await childNamed(explorer.datasets, owned.node, 'Retail');
    await vscode.commands.executeCommand('iql.dataset.newQuery', retail.node);
    const editor = await waitFor('the new query editor', () => {
      const active = vscode.window.activeTextEditor;
      return active?.document.languageId === 'iql' && active.document.isUntitled && active.document.getText().includes('FROM Retail') ? active : undefined;
    });
    const text = editor.document.getText();
    assert.match(text, /^-- @profile \S+/);
    assert.match(text, /SELECT COUNT\(\) FROM Retail\n$/);
    // Owned datasets are listed from List Datasets 2.0, without statistics: the hint's category comes from the metadata.
    assert.match(text, /-- Break it down: SELECT AGGREGATE\(Retail\.\S+\) FROM Retail\n/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
