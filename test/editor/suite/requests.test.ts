import assert from 'node:assert/strict';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

async function setText(document: vscode.TextDocument, text: string): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

suite('service requests', () => {
  suiteSetup(async () => {
    await activateExtension();
  });

  test('any operation: a request file completes its body from the request schema, sends, shows the answer, and underlines a refusal', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const fileFor = (operation: string): vscode.Uri => vscode.Uri.joinPath(folder.uri, 'requests', `${operation}-${Date.now()}.iqlrequest.json`);
    const create = await vscode.commands.executeCommand<vscode.TextDocument>('iql.request.new', { operation: 'createCollaboration', target: fileFor('createCollaboration') });
    assert.ok(create?.uri.path.endsWith('.iqlrequest.json') && !create.isUntitled, create?.uri.toString());
    const inBody = create.positionAt(create.getText().indexOf('"body": {') + '"body": {'.length);
    await waitFor('body completion from the request schema', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', create.uri, inBody);
      const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label).replace(/^"|"$/g, ''));
      return labels.includes('creator_rights') && labels.includes('collaborators') ? labels : undefined;
    }, 40_000);

    const read = await vscode.commands.executeCommand<vscode.TextDocument>('iql.request.new', { operation: 'getCollaboration', target: fileFor('getCollaboration') });
    const schema = JSON.parse(read.getText()).$schema as string;
    await setText(read, JSON.stringify({ $schema: schema, operation: 'getCollaboration', path: { collaboration_id: 'CLB.demo' }, query: {} }, null, 2));
    const answer = await vscode.commands.executeCommand<{ collaboration: { id: string } } | undefined>('iql.request.send');
    assert.equal(answer?.collaboration.id, 'CLB.demo', 'the answer of the service');
    await waitFor('the answer shown', () => vscode.workspace.textDocuments.find((document) => document.uri.scheme === 'iql-metadata' && document.getText().includes('"CLB.demo"')));

    await vscode.window.showTextDocument(read);
    await setText(read, JSON.stringify({ $schema: schema, operation: 'getCollaboration', path: { collaboration_id: 'CLB.nosuch' }, query: {} }, null, 2));
    assert.equal(await vscode.commands.executeCommand('iql.request.send'), undefined, 'a refusal answers nothing');
    const problem = await waitFor('the refusal in the file', () => vscode.languages.getDiagnostics(read.uri).find((diagnostic) => diagnostic.source === 'iql'));
    assert.match(problem.message, /Get Collaboration was refused/);
  });

  // A file left with unsaved edits would hold up the page's unload in the next phase: save and close, pass or fail.
  teardown(async () => {
    for (const document of vscode.workspace.textDocuments.filter((candidate) => candidate.uri.path.endsWith('.iqlrequest.json'))) {
      if (document.isDirty) await document.save();
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
