import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { ExtensionServices } from '../../../client/src/extension-services';
import type { PublishOutcome } from '../../../client/src/supply/publish-wizard';
import { ancestorNamed, filesContaining } from './files-containing';
import { completionLabels, lensTitles, setText } from './json-file-editing';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

/** 12 people: 7 Female, 5 Male; every e-mail written with stray case and spaces, as exports often are. */
const MEMBERS = [
  'Email,Gender,Age,Member',
  ...Array.from({ length: 12 }, (_, index) => ` Person${index}@Example.com ,${index < 7 ? 'Female' : 'Male'},${20 + index * 3},M${index}`),
  '',
].join('\n');

suite('data supply', () => {
  let services: ExtensionServices;
  /** What the wizard made, for the scenario that runs the files' lenses over the same vault. */
  let published: PublishOutcome | undefined;
  let importedFiles: string[] = [];

  suiteSetup(async () => {
    services = (await activateExtension()).exports as ExtensionServices;
  });

  test('Publish a Dataset from Files… takes a folder of CSV files to a dataset a query counts', async function () {
    // Six stages, each followed to its end with growing waits between reads.
    this.timeout(150_000);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const stamp = Date.now();
    const files = join(folder.uri.fsPath, `club-files-${stamp}`, 'exports');
    mkdirSync(files, { recursive: true });
    writeFileSync(join(files, 'members-a.csv'), MEMBERS);
    const privateId = `Club${stamp % 100000}`;

    const outcome = await vscode.commands.executeCommand<PublishOutcome | undefined>('iql.supply.publishFromFiles', {
      folder: vscode.Uri.file(files),
      publicName: `Club members ${stamp}`,
      privateId,
      redactionThreshold: 3,
      // Every column keeps the role its name suggests: Email a key, Gender and Age categories, Member an export column.
      roles: {},
      openQuery: true,
    });
    assert.ok(outcome, 'the wizard answered');
    assert.equal(outcome.published, true, JSON.stringify(outcome));
    assert.ok(outcome.datasetId && outcome.vaultId && outcome.normalizedId);
    published = outcome;

    // The query the wizard opened names the new dataset and the profile.
    const editor = vscode.window.activeTextEditor;
    assert.equal(editor?.document.languageId, 'iql');
    assert.match(editor?.document.getText() ?? '', new RegExp(`SELECT COUNT\\(\\) FROM ${privateId}`));

    const profile = services.profiles.defaultProfile();
    assert.ok(profile);
    const client = await services.service.forProfile(profile);
    assert.ok(client.ok, client.ok ? '' : client.error.message);
    const count = await client.value.runJob({ kind: 'insightQuery', body: { query: `SELECT COUNT() FROM ${privateId}` } });
    assert.ok(count.ok, count.ok ? '' : count.error.message);
    assert.equal(String(count.value.result.audience), '12');
    const byGender = await client.value.runJob({ kind: 'insightQuery', body: { query: `SELECT AGGREGATE(${privateId}.Gender) FROM ${privateId}` } });
    assert.ok(byGender.ok, byGender.ok ? '' : byGender.error.message);
    assert.deepEqual(
      byGender.value.result.dimensions.map((dimension) => Number(dimension.count)).sort((a, b) => a - b),
      [5, 7],
    );
    const inVault = await client.value.listAll('listVaultFiles', { params: { cloud_vault_id: outcome.vaultId, name: '' } });
    importedFiles = inVault.ok ? inVault.value.flatMap((file) => (file.name?.endsWith('.csv') && !file.name.startsWith('Recordsets/') ? [file.name] : [])) : [];
    const lineage = await client.value.call('getDatasetLineage', { params: { dataset_id: outcome.datasetId } });
    assert.ok(lineage.ok && lineage.value.cloud_vault_id === outcome.vaultId, JSON.stringify(lineage));
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('a connector file keeps "$secret": the password given when saving is sent once and written in no file, setting or log', async function () {
    this.timeout(60_000);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const stamp = Date.now();
    const target = vscode.Uri.joinPath(folder.uri, 'supply', `partner-${stamp}.iqlconnector.json`);
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('iql.supply.newFile', { kind: 'connector', name: `Partner SFTP ${stamp}`, target });
    assert.ok(document, 'a connector file is opened');
    assert.match(document.getText(), /"password": "\$secret"/);
    await waitFor('the Save to Service lens', async () => ((await lensTitles(document)).some((title) => title.includes('Save to Service')) ? true : undefined));

    const secret = `typed-password-${randomUUID()}`;
    // With the message trace on, the request carrying the secret is written to the log: it must be without it.
    const trace = vscode.workspace.getConfiguration('iql.trace');
    await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'trace');
    await trace.update('server', 'verbose', vscode.ConfigurationTarget.Global);
    let id: string | undefined;
    try {
      id = await vscode.commands.executeCommand<string | undefined>('iql.supply.saveFile', document.uri, { secrets: [secret] });
    } finally {
      await trace.update('server', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('_extensionTests.setLogLevel', 'info');
    }
    assert.ok(id, 'the connector was created');
    assert.match(document.getText(), new RegExp(`"id": "${id.replace('.', '\\.')}"`), 'the new ID is written into the file');
    assert.match(document.getText(), /"password": "\$secret"/, 'the file still holds the placeholder');
    assert.equal(document.isDirty, false, 'the file was saved with its ID');

    const profile = services.profiles.defaultProfile();
    assert.ok(profile);
    const client = await services.service.forProfile(profile);
    assert.ok(client.ok);
    const read = await client.value.call('getImportConnector', { params: { config_id: id } });
    assert.ok(read.ok, JSON.stringify(read));
    assert.ok(!JSON.stringify(read.value).includes(secret), 'the service never answers the secret');

    const userData = vscode.Uri.joinPath(ancestorNamed(services.context.globalStorageUri, 'User'), '..');
    const logs = ancestorNamed(services.context.logUri, 'logs');
    assert.ok((await filesContaining(folder.uri, `Partner SFTP ${stamp}`)).length > 0, 'the scan finds the file by its name, so it would find the secret');
    assert.ok((await filesContaining(logs, `Partner SFTP ${stamp}`)).length > 0, 'the trace logged the request that carried the secret, so a secret in it would be found');
    assert.deepEqual(await filesContaining(folder.uri, secret), [], 'no workspace file holds the secret');
    assert.deepEqual(await filesContaining(userData, secret), [], 'no file of the user data (settings, state, history) holds the secret');
    if (!logs.path.startsWith(`${userData.path}/`)) assert.deepEqual(await filesContaining(logs, secret), [], 'no log holds the secret');
  });

  test('recordset, normalization and prepare files: saved from their lens and run from it over the vault the wizard filled', async function () {
    this.timeout(150_000);
    assert.ok(published?.vaultId && published.datasetId && importedFiles.length > 0, 'the wizard scenario ran first');
    const vaultId = published.vaultId;
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const stamp = Date.now();
    const fileOf = async (kind: string, name: string, suffix: string): Promise<vscode.TextDocument> => {
      const target = vscode.Uri.joinPath(folder.uri, 'supply', `${kind}-${stamp}${suffix}`);
      const document = await vscode.commands.executeCommand<vscode.TextDocument>('iql.supply.newFile', { kind, name, target });
      assert.ok(document, `a ${kind} file is opened`);
      return document;
    };
    const saveAndRun = async (document: vscode.TextDocument, given: Record<string, unknown>): Promise<{ status: string; resultId?: string; error?: string }> => {
      const id = await vscode.commands.executeCommand<string | undefined>('iql.supply.saveFile', document.uri, { secrets: [] });
      assert.ok(id, `${document.uri.path} was saved`);
      await waitFor('the Run lens', async () => ((await lensTitles(document)).some((title) => title.includes('Run') || title.includes('Create Recordset')) ? true : undefined));
      const state = await vscode.commands.executeCommand<{ status: string; resultId?: string; error?: string } | undefined>('iql.supply.runFile', document.uri, given);
      assert.ok(state, 'the run was followed');
      return state;
    };

    const read = await saveAndRun(await fileOf('recordsetConfig', `Club CSV ${stamp}`, '.iqlrecordset.json'), { vaultId, files: importedFiles, outputName: `Club raw ${stamp}` });
    assert.equal(read.status, 'COMPLETED', read.error);

    // A normalization file that names the recordset it reads is offered that recordset's columns.
    const target = vscode.Uri.joinPath(folder.uri, 'supply', `normalization-${stamp}.iqlnormalization.json`);
    const normalization = await vscode.commands.executeCommand<vscode.TextDocument>('iql.supply.newFile', {
      kind: 'normalization',
      name: `Club normalization ${stamp}`,
      target,
      input: { vaultId, recordsetId: read.resultId },
    });
    assert.ok(normalization, 'a normalization file is opened');
    const mapping = JSON.parse(normalization.getText()) as Record<string, unknown>;
    const draft = { ...mapping, normalizer_config: { keys: [{ input_column: '' }], categories: [], export_columns: [] } };
    await setText(normalization, `${JSON.stringify(draft, null, 2)}\n`);
    const marker = '"input_column": "';
    const inColumn = normalization.positionAt(normalization.getText().indexOf(marker) + marker.length);
    await waitFor('the recordset columns offered inside "input_column": "', async () => ((await completionLabels(normalization, inColumn)).some((label) => label.includes('Email')) ? true : undefined), 40_000);
    mapping.normalizer_config = { keys: [{ input_column: 'Email', global_schema_id: await emailKeyId(), functions: [{ name: 'trim' }, { name: 'lowercase' }] }], categories: [{ input_column: 'Gender', output_column: 'Gender' }], export_columns: [] };
    await setText(normalization, `${JSON.stringify(mapping, null, 2)}\n`);
    await normalization.save();
    const normalized = await saveAndRun(normalization, { vaultId, recordsetId: read.resultId, outputName: `Club normalized ${stamp}` });
    assert.equal(normalized.status, 'COMPLETED', normalized.error);

    const prepared = await saveAndRun(await fileOf('prepare', `Club prepare ${stamp}`, '.iqlprepare.json'), { vaultId, recordsetId: normalized.resultId, datasetId: published.datasetId });
    assert.equal(prepared.status, 'COMPLETED', prepared.error);
  });

  async function emailKeyId(): Promise<number> {
    const profile = services.profiles.defaultProfile();
    assert.ok(profile);
    const client = await services.service.forProfile(profile);
    assert.ok(client.ok);
    const keys = await client.value.listAll('listGlobalSchemaKeys', {});
    assert.ok(keys.ok);
    const email = keys.value.find((key) => key.name === 'email');
    assert.ok(email?.id !== undefined, 'the global schema has the e-mail key');
    return Number(email.id);
  }
});
