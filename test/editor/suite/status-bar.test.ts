import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import type { ExtensionServices } from '../../../client/src/extension-services';
import * as vscode from 'vscode';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

const QUERY = 'SELECT COUNT() FROM Retail\n';

suite('status bar', () => {
  let services: ExtensionServices;

  suiteSetup(async () => {
    services = (await activateExtension()).exports as ExtensionServices;
  });

  test('iql.pickTarget writes, replaces and removes the file\'s directives, and the server follows', async () => {
    const document = await openQueryFile('status-bar-target.iql', QUERY);
    const uri = document.uri.toString();

    assert.equal(await vscode.commands.executeCommand('iql.pickTarget', { uri, profile: 'environment', collaboration: 'CLB.demo' }), true);
    assert.equal(document.getText(), `-- @profile environment\n-- @collaboration CLB.demo\n${QUERY}`);
    await waitFor('the server to report the new target', () => {
      const target = services.statuses.get(uri)?.target;
      return target?.profile === 'environment' && target.collaboration === 'CLB.demo' ? true : undefined;
    });

    assert.equal(await vscode.commands.executeCommand('iql.pickTarget', { uri, profile: 'environment', collaboration: 'CLB.finance' }), true);
    assert.equal(document.getText(), `-- @profile environment\n-- @collaboration CLB.finance\n${QUERY}`);

    assert.equal(await vscode.commands.executeCommand('iql.pickTarget', { uri, profile: null, collaboration: null }), true);
    assert.equal(document.getText(), QUERY);
    await waitFor('the server to report no collaboration', () => (services.statuses.get(uri)?.target.collaboration === undefined ? true : undefined));
    await document.save();
  });
});
