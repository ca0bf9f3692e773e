import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import { EMULATOR_PROFILE } from '../../../client/src/connections/emulator-profile';
import { DEMO_PROFILE } from '../../../emulator/src/demo/demo-profile';
import type { ProfileEntry } from '../../../client/src/connections/profile-store';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';
import { ancestorNamed, filesContaining } from './files-containing';

suite('connections', () => {
  let services: ExtensionServices;
  const cleanups: Array<() => Thenable<unknown>> = [];

  suiteSetup(async () => {
    services = (await activateExtension()).exports as ExtensionServices;
    assert.ok(services?.profiles, 'the extension exports its services');
  });

  teardown(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  test('iql.setApiKey keeps the key in secret storage only: not in settings, not in logs', async () => {
    const name = `scenario_${randomUUID().slice(0, 8)}`;
    const key = `scenario-key-${randomUUID()}`;
    const added = await vscode.commands.executeCommand<string | undefined>('iql.addProfile', name, 'http://127.0.0.1:9');
    assert.equal(added, name);
    cleanups.push(() => vscode.commands.executeCommand('iql.removeProfile', name, { skipConfirmation: true }));

    assert.equal(await vscode.commands.executeCommand('iql.setApiKey', name, key), name);
    assert.equal(await services.profiles.apiKey(name), key, 'the key is readable from secret storage');

    // User settings live in <user data>/User/settings.json; machine-scoped ones, as profiles
    // are, go to <user data>/Machine/settings.json when the extension host is remote (code-server).
    const userData = vscode.Uri.joinPath(ancestorNamed(services.context.globalStorageUri, 'User'), '..');
    const read: string[] = [];
    const holdingProfile: string[] = [];
    for (const folder of ['User', 'Machine']) {
      const file = vscode.Uri.joinPath(userData, folder, 'settings.json');
      const text = await vscode.workspace.fs.readFile(file).then((data) => Buffer.from(data).toString('utf8'), () => undefined);
      if (text === undefined) continue;
      read.push(file.fsPath);
      assert.ok(!text.includes(key), `the key is not in ${file.fsPath}`);
      if (text.includes(name)) holdingProfile.push(file.fsPath);
    }
    assert.ok(holdingProfile.length > 0, `the profile itself is in a settings file (read: ${read.join(', ') || 'none'})`);
    assert.ok((await filesContaining(userData, name)).length > 0, 'the scan finds the profile name, so it would find the key');
    assert.deepEqual(await filesContaining(userData, key), [], `no file of the editor's user data (${userData.fsPath}) holds the key`);
    const logs = ancestorNamed(services.context.logUri, 'logs');
    if (!logs.path.startsWith(`${userData.path}/`)) assert.deepEqual(await filesContaining(logs, key), [], 'no log holds the key');

    assert.equal(await vscode.commands.executeCommand('iql.clearApiKey', name), name);
    assert.equal(await services.profiles.apiKey(name), undefined, 'the key is gone after iql.clearApiKey');
  });

  test('with the message trace on (iql.trace.server verbose, log level Trace), no key reaches the trace', async () => {
    const name = `traced_${randomUUID().slice(0, 8)}`;
    const key = `traced-key-${randomUUID()}`;
    // An open IQL document keeps the language client running, whatever ran before.
    const document = await openQueryFile('trace-scenario.iql', 'SELECT COUNT() FROM Retail\n');
    await waitFor('the document to have a status', () => services.statuses.get(document.uri.toString()));
    const settings = vscode.workspace.getConfiguration('iql.trace');
    // The language client writes its trace only when its channel logs at Trace level.
    await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'trace');
    await settings.update('server', 'verbose', vscode.ConfigurationTarget.Global);
    cleanups.push(async () => {
      await settings.update('server', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'info');
    });
    assert.equal(await vscode.commands.executeCommand<string | undefined>('iql.addProfile', name, 'http://127.0.0.1:9'), name);
    cleanups.push(() => vscode.commands.executeCommand('iql.removeProfile', name, { skipConfirmation: true }));
    // Setting the key makes the server ask for the profiles again: the answer carries the key.
    assert.equal(await vscode.commands.executeCommand('iql.setApiKey', name, key), name);

    const logs = ancestorNamed(services.context.logUri, 'logs');
    const userData = vscode.Uri.joinPath(ancestorNamed(services.context.globalStorageUri, 'User'), '..');
    // The trace really was written (and names the profile), so a key in it would be found.
    const traced = await waitFor('the iql/profiles answer naming the profile in the trace', async () => {
      const files = await filesContaining(logs, `"name": "${name}"`);
      return files.length > 0 ? files : undefined;
    });
    assert.ok(traced.length > 0);
    assert.deepEqual(await filesContaining(logs, key), [], `no log under ${logs.fsPath} holds the key`);
    assert.deepEqual(await filesContaining(userData, key), [], `no file of the user data holds the key`);
  });

  test('iql.startEmulator runs the bundled emulator and points the "Local emulator" profile at it', async () => {
    const before: ProfileEntry | undefined = services.profiles.get(EMULATOR_PROFILE);
    const defaultBefore = services.profiles.defaultProfile();
    cleanups.push(async () => {
      await vscode.commands.executeCommand('iql.stopEmulator');
      if (before) await services.profiles.saveProfile({ name: before.name, baseUrl: before.baseUrl });
      else await vscode.commands.executeCommand('iql.removeProfile', EMULATOR_PROFILE, { skipConfirmation: true });
    });

    const url = await vscode.commands.executeCommand<string | undefined>('iql.startEmulator');
    assert.match(url ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    const profile = await waitFor('the emulator profile in settings', () => (services.profiles.get(EMULATOR_PROFILE)?.baseUrl === url ? true : undefined));
    assert.ok(profile);
    assert.equal(await services.profiles.apiKey(EMULATOR_PROFILE), DEMO_PROFILE.apiKey);
    if (defaultBefore) assert.equal(services.profiles.defaultProfile(), defaultBefore, 'an existing default is kept');
    const answer = await fetch(`${url}/api/v1/datasets`, { headers: { Authorization: DEMO_PROFILE.apiKey } });
    assert.equal(answer.status, 200, 'the emulator answers');

    assert.equal(await vscode.commands.executeCommand('iql.stopEmulator'), true);
    await assert.rejects(fetch(`${url}/api/v1/datasets`), 'the emulator is gone after iql.stopEmulator');
  });
});
