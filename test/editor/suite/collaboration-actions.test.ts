import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { explorerOf } from '../../../client/src/explorer/explorer-access';
import type { ExplorerHandles } from '../../../client/src/explorer/explorer-access';
import type { CollaborationNode, ExplorerNode } from '../../../client/src/explorer/explorer-node';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { ServiceClient, createCollaboration } from '../../../service/src';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

/** The collaboration named `name` among the Collaborations view's rows, once it is there. */
async function collaborationRow(tree: ExplorerHandles['collaborations'], name: string): Promise<{ node: CollaborationNode; item: vscode.TreeItem }> {
  return waitFor(`"${name}" in the Collaborations view`, async () => {
    const nodes: ExplorerNode[] = await tree.getChildren(undefined);
    const node = nodes.find((candidate): candidate is CollaborationNode => candidate.kind === 'collaboration' && candidate.collaboration.name === name);
    return node ? { node, item: tree.getTreeItem(node) } : undefined;
  });
}

suite('collaboration actions', () => {
  let explorer: ExplorerHandles;
  let services: ExtensionServices;

  suiteSetup(async () => {
    const extension = await activateExtension();
    services = extension.exports as ExtensionServices;
    const found = explorerOf(extension.exports);
    if (found === undefined) throw new Error('the extension exports no explorer');
    explorer = found;
  });

  test('a new collaboration appears in the view; Add Dataset adds one of ours; its log exports as CSV; Close closes it and the view says so', async () => {
    const name = `Editor scenario ${Date.now()}`;
    const profile = services.profiles.defaultProfile();
    assert.ok(profile, 'the editor suite has a default profile');
    const client = await services.service.forProfile(profile);
    assert.ok(client.ok, client.ok ? '' : client.error.message);
    const created = await client.value.call('createCollaboration', { body: { name, creator_rights: { operator: true, contributor: true, detailed_logs: true } } });
    assert.ok(created.ok, created.ok ? '' : created.error.message);

    await vscode.commands.executeCommand('iql.collaborations.refresh');
    const row = await collaborationRow(explorer.collaborations, name);
    assert.equal(row.item.contextValue, 'iql.collaboration:active:owner:contributor:operator:logs', 'the creator owns it, with every right');

    // Add Dataset, its questions answered up front: one of the company's own datasets.
    const owned = await client.value.listAll('listDatasetsV2', {});
    assert.ok(owned.ok && owned.value.length > 0, 'the company owns datasets');
    const retail = owned.value.find((dataset) => dataset.private_id === 'Retail') ?? owned.value[0];
    assert.equal(await vscode.commands.executeCommand('iql.collaboration.addDataset', row.node, { datasetId: retail.dataset_id, kind: 'insight', name: 'shop' }), true);
    const datasets = await waitFor('the Datasets section', async () => (await explorer.collaborations.getChildren(row.node)).find((node) => node.kind === 'section' && node.section === 'datasets'));
    await waitFor('shop in the Datasets section', async () => (await explorer.collaborations.getChildren(datasets)).find((node) => node.kind === 'collaborationDataset' && node.dataset.collaboration_dataset_name === 'shop'));
    assert.equal(await vscode.commands.executeCommand('iql.collaboration.addDataset', row.node, { datasetId: retail.dataset_id, kind: 'insight', name: 'no spaces allowed' }), false, 'a name the service would refuse is refused before sending');

    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const target = vscode.Uri.joinPath(folder.uri, 'scenario-events.csv');
    const written = await vscode.commands.executeCommand<vscode.Uri | undefined>('iql.collaboration.exportEvents', row.node, target);
    assert.equal(written?.toString(), target.toString());
    const csv = Buffer.from(await vscode.workspace.fs.readFile(target)).toString('utf8');
    assert.match(csv, /TYPE_COLLABORATION_CREATED/);
    assert.match(csv, /TYPE_(INSIGHT_)?DATASET_ADDED/);

    assert.equal(await vscode.commands.executeCommand('iql.collaboration.close', row.node, { skipConfirmation: true }), true);
    const closed = await waitFor('the closed status in the row', async () => {
      const again = await collaborationRow(explorer.collaborations, name);
      return String(again.item.tooltip ?? '').includes('Status: closed') ? again : undefined;
    });
    assert.match(String(closed.item.contextValue), /^iql\.collaboration:closed:owner/, 'a closed collaboration offers no change');
    const refused = await client.value.call('closeCollaboration', { params: { collaboration_id: row.node.collaboration.id } });
    assert.ok(!refused.ok, 'a closed collaboration refuses to close again');
  });

  test('Create Collaboration… makes one with members picked from the companies we work with', async () => {
    const name = `Guided ${Date.now()}`;
    const id = await vscode.commands.executeCommand<string | undefined>('iql.collaboration.create', { name, members: ['CMP.pubco'], rights: ['operator'] });
    assert.match(id ?? '', /^CLB\./);
    const row = await collaborationRow(explorer.collaborations, name);
    assert.ok(row.node.collaboration.members.some((member) => member.id === 'CMP.pubco'), 'the picked company is a member');
  });

  test('Leave Collaboration… leaves one another company owns, and it disappears from the view', async () => {
    const profile = services.profiles.defaultProfile();
    const entry = profile === undefined ? undefined : services.profiles.get(profile);
    assert.ok(entry, 'the default profile has a URL');
    // Ben (PubCo) creates it with RetailCo, the editor's company, as a member.
    const ben = ServiceClient.create({ name: 'ben', baseUrl: entry.baseUrl, apiKey: 'demo-key-ben' }, { version: 'test' });
    assert.ok(ben.ok, ben.ok ? '' : ben.error.message);
    const name = `Left behind ${Date.now()}`;
    try {
      const created = await createCollaboration(ben.value, { name, collaborators: [{ company_id: 'CMP.retailco', rights: { operator: true } }] });
      assert.ok(created.ok, created.ok ? '' : created.error.message);
    } finally {
      await ben.value.close();
    }
    await vscode.commands.executeCommand('iql.collaborations.refresh');
    const row = await collaborationRow(explorer.collaborations, name);
    assert.equal(await vscode.commands.executeCommand('iql.collaboration.leave', row.node, { skipConfirmation: true }), true);
    await waitFor('the collaboration gone from the view', async () => {
      const nodes = await explorer.collaborations.getChildren(undefined);
      return nodes.some((node) => node.kind === 'collaboration' && node.collaboration.name === name) ? undefined : true;
    });
  });
});

