import assert from 'node:assert/strict';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import { explorerOf } from '../../../client/src/explorer/explorer-access';
import type { ExplorerHandles } from '../../../client/src/explorer/explorer-access';
import type { CollaborationNode, ExplorerNode, SegmentNode } from '../../../client/src/explorer/explorer-node';
import { completionLabels, setText } from './json-file-editing';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

suite('destination instances and segment export', () => {
  let explorer: ExplorerHandles;

  suiteSetup(async () => {
    const extension = await activateExtension();
    const found = explorerOf(extension.exports);
    if (found === undefined) throw new Error('the extension exports no explorer');
    explorer = found;
  });

  test("a destination written with the type's schema completion is saved, refused where it is wrong, added to a collaboration; a segment is calculated and exported to it, and the log shows it all", async () => {
    const name = `Scenario drop ${Date.now()}`;
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const target = vscode.Uri.joinPath(folder.uri, 'destinations', `scenario-${Date.now()}.iqldestination.json`);
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('iql.destination.new', { typeId: 'sftp', name, target });
    assert.ok(document, 'a destination file is opened');
    assert.ok(document.uri.path.endsWith('.iqldestination.json'), document.uri.toString());
    assert.match(document.getText(), /"\$schema": "iql-schema:/);

    // The editor's JSON support reads the type's schema from the service: inside "config" it offers the SFTP properties.
    const inConfig = (): vscode.Position => document.positionAt(document.getText().indexOf('"config": {') + '"config": {'.length);
    const offered = await waitFor('schema completion inside "config"', async () => {
      const labels = await completionLabels(document, inConfig());
      return labels.includes('path') && labels.includes('username') ? labels : undefined;
    }, 40_000);
    assert.ok(offered.includes('port') || offered.includes('host'), offered.join(', '));

    const text = (port: number): string =>
      `${JSON.stringify({ $schema: JSON.parse(document.getText()).$schema, name, destination_type_id: 'sftp', editable_paths: ['path'], config: { host: 'sftp.example.com', port, path: '/incoming' } }, null, 2)}\n`;

    // Wrong: the service refuses it, and the refusal is underlined on the port's value.
    await setText(document, text(70000));
    assert.equal(await vscode.commands.executeCommand('iql.destination.save'), undefined, 'nothing is saved');
    const problem = await waitFor('the refusal underlined in the file', () => vscode.languages.getDiagnostics(document.uri).find((diagnostic) => diagnostic.source === 'iql'));
    assert.equal(document.getText(problem.range), '70000');
    assert.match(problem.message, /config\.port/);

    // Fixed: created, and the new id is written into the file so that the next save updates it.
    await setText(document, text(2222));
    const id = await vscode.commands.executeCommand<string | undefined>('iql.destination.save');
    assert.ok(id, 'the instance was created');
    assert.equal(JSON.parse(document.getText()).id, id);
    assert.equal(JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(target)).toString('utf8')).id, id, 'the id is kept on disk at once');
    assert.equal(vscode.languages.getDiagnostics(document.uri).filter((diagnostic) => diagnostic.source === 'iql').length, 0, 'no stale underline');
    const rows = await waitFor('the instance in the Destination Instances view', async () => {
      const all = await explorer.destinations.getChildren();
      return all.some((row) => row.kind === 'instance' && row.instance.id === id) ? all : undefined;
    });
    assert.ok(rows.length > 0);

    // Into the demo collaboration, then a segment exported to it.
    const collaboration = await waitFor('CLB.demo in the Collaborations view', async () =>
      (await explorer.collaborations.getChildren(undefined)).find((node: ExplorerNode): node is CollaborationNode => node.kind === 'collaboration' && node.collaboration.id === 'CLB.demo'));
    assert.equal(await vscode.commands.executeCommand('iql.collaboration.addDestination', collaboration, { destinationId: id }), true);
    const segments = await explorer.collaborationsModel.findSection('CLB.demo', 'segments');
    assert.ok(segments);
    const segment = (await explorer.collaborations.getChildren(segments)).find((node): node is SegmentNode => node.kind === 'segment' && node.segment.name === 'Cyclists and runners');
    assert.ok(segment, 'the demo segment is listed');
    const audience = await vscode.commands.executeCommand<number | undefined>('iql.segment.calculate', segment);
    assert.ok(typeof audience === 'number' && audience > 0, `the segment was calculated: ${String(audience)}`);
    const exportId = await vscode.commands.executeCommand<string | undefined>('iql.segment.export', segment, { destinationId: id, pushConfig: { path: '/incoming/cyclists' } });
    assert.ok(exportId, 'the export started');

    // The log, newest first, tells the story.
    await explorer.collaborationsModel.reloadSection('CLB.demo', 'events');
    const events = await waitFor('the destination and the export in the Events section', async () => {
      const section = await explorer.collaborationsModel.findSection('CLB.demo', 'events');
      const labels = section ? (await explorer.collaborations.getChildren(section)).map((node) => String(explorer.collaborations.getTreeItem(node).label)) : [];
      return labels.some((label) => /destination/i.test(label) && label.includes(name)) && labels.some((label) => /exported/i.test(label)) && labels.some((label) => /calculated/i.test(label)) ? labels : undefined;
    });
    assert.ok(events.length >= 2, events.join(' | '));
  });

  // A file left with unsaved edits would hold up the page's unload in the next phase: save and close, pass or fail.
  teardown(async () => {
    for (const document of vscode.workspace.textDocuments.filter((candidate) => candidate.uri.path.endsWith('.iqldestination.json'))) {
      if (document.isDirty) await document.save();
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
