/**
 * A new user's first hour: the welcome on first launch, Ctrl+Enter in a file that opens with a
 * comment, Set API Key telling at once whether the key works, and Start Local Emulator beside
 * the emulator `npm start` runs.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import { EMULATOR_PROFILE, SHARED_EMULATOR_VARIABLE } from '../../../client/src/connections/emulator-profile';
import { WELCOMED_STATE_KEY } from '../../../client/src/connections/first-launch';
import type { ExtensionApi } from '../../../client/src/extension';
import type { RunRecord } from '../../../client/src/runs/run-record';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

/** Every tab's label, with whether it shows a text document. */
function tabs(): { label: string; text: boolean }[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => ({ label: tab.label, text: tab.input instanceof vscode.TabInputText })));
}

suite('the first hour', () => {
  let api: ExtensionApi;
  const cleanups: Array<() => Thenable<unknown> | void> = [];

  suiteSetup(async () => {
    api = (await activateExtension()).exports as ExtensionApi;
  });

  teardown(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test('first launch opens the walkthrough and a demo query, and only once', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await api.firstLaunch.forget();
    cleanups.push(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

    assert.equal(await api.firstLaunch.showOnce(), true, 'the first time, the welcome shows');
    assert.equal(api.context.globalState.get(WELCOMED_STATE_KEY), true, 'remembered in global state');
    const walkthrough = await waitFor('the walkthrough tab', () => tabs().find((tab) => !tab.text && /welcome|get started|walkthrough/i.test(tab.label)));
    assert.ok(walkthrough, JSON.stringify(tabs()));
    const query = await waitFor('a demo query in an editor', () => vscode.window.visibleTextEditors.find((editor) => editor.document.languageId === 'iql'));
    assert.match(query.document.getText(), /SELECT/);

    const before = JSON.stringify(tabs());
    assert.equal(await api.firstLaunch.showOnce(), false, 'the second time, nothing shows');
    assert.equal(JSON.stringify(tabs()), before, 'no tab was opened again');
  });

  test('Ctrl+Enter with the cursor on the leading comment runs the query that follows', async () => {
    const query = 'SELECT COUNT() FROM Retail INTERSECT Publisher1';
    const document = await openQueryFile('first-hour-comment.iql', `-- How many RetailCo customers also read the Courier?\n${query}\n`);
    const uri = document.uri.toString();
    await waitFor('the document to be connected', () => (api.statuses.get(uri)?.state === 'ready' ? true : undefined));
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 3, 0, 3);

    const finished = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery');
    assert.equal(finished?.status, 'succeeded', finished?.message);
    assert.equal(finished?.query, query);
    assert.match(finished?.audience ?? '', /^[1-9]\d*$/, 'the demo answers with an audience');
  });

  test('Set API Key tests the key at once: a working key is stored, a refused one is not kept', async () => {
    const baseUrl = process.env.IQL_BASE_URL;
    assert.ok(baseUrl, 'the editor suite runs with the emulator in IQL_BASE_URL');
    // A name with a space, as the emulator's own "Local emulator" has.
    const name = `Key test ${randomUUID().slice(0, 6)}`;
    assert.equal(await vscode.commands.executeCommand<string | undefined>('iql.addProfile', name, baseUrl), name);
    cleanups.push(() => vscode.commands.executeCommand('iql.removeProfile', name, { skipConfirmation: true }));

    assert.equal(await vscode.commands.executeCommand('iql.setApiKey', name, 'demo-key-ana'), name, 'the service accepts the demo key');
    assert.equal(await api.profiles.apiKey(name), 'demo-key-ana');

    const refused = await vscode.commands.executeCommand('iql.setApiKey', name, `wrong-${randomUUID()}`, { keepIfRefused: false });
    assert.equal(refused, undefined, 'a refused key is not kept');
    assert.equal(await api.profiles.apiKey(name), 'demo-key-ana', 'the working key is back');

    // The profile, spaces and all, is what a file's directive names.
    const document = await openQueryFile('first-hour-profile.iql', `-- @profile ${name}\nSELECT COUNT() FROM Retail\n`);
    await waitFor('the file on the new profile to be connected', () => (api.statuses.get(document.uri.toString())?.state === 'ready' ? true : undefined));
  });

  test('Start Local Emulator reuses the emulator npm start runs instead of adding a second profile', async () => {
    const before = api.profiles.get(EMULATOR_PROFILE);
    process.env[SHARED_EMULATOR_VARIABLE] = '1';
    cleanups.push(() => {
      delete process.env[SHARED_EMULATOR_VARIABLE];
    });
    const url = await vscode.commands.executeCommand<string | undefined>('iql.startEmulator');
    assert.equal(url, process.env.IQL_BASE_URL, 'the running emulator is reused');
    assert.deepEqual(api.profiles.get(EMULATOR_PROFILE), before, `no '${EMULATOR_PROFILE}' profile was added or moved`);
  });
});
