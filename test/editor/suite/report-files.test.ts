import assert from 'node:assert/strict';
import * as os from 'node:os';
import * as path from 'node:path';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { GetInsightReportStatusResponse } from '../../../common/api';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { REPORT_EXPORT_CSV_COMMAND, REPORT_PANELS_STATE_COMMAND } from '../../../client/src/reports/report-commands';
import type { ReportPanelState } from '../../../client/src/webviews/report-panel';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

/** The labels the editor's completion offers at `position` of `document`, without their quotes. */
async function completionLabels(document: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label).replace(/^"|"$/g, ''));
}

/** The titles of the code lenses on `document`. */
async function lensTitles(document: vscode.TextDocument): Promise<string[]> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
  return lenses.map((lens) => lens.command?.title ?? '').filter((title) => title !== '');
}

suite('report files', () => {
  let services: ExtensionServices;

  suiteSetup(async () => {
    services = (await activateExtension()).exports as ExtensionServices;
  });

  test('an insight report written with dataset id completion is created on the service from its code lens, followed to COMPLETED and its results opened in the report panel', async () => {
    const profile = services.profiles.defaultProfile();
    assert.ok(profile, 'the editor suite has a default profile');
    const client = await services.service.forProfile(profile);
    assert.ok(client.ok, client.ok ? '' : client.error.message);
    const owned = await client.value.listAll('listDatasetsV2', {});
    assert.ok(owned.ok && owned.value.length > 0, 'the company owns datasets');
    const retail = owned.value.find((dataset) => dataset.private_id === 'Retail') ?? owned.value[0]!;

    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const target = vscode.Uri.joinPath(folder.uri, 'reports', `scenario-${Date.now()}.iqlreport.json`);
    const name = `Scenario report ${Date.now()}`;
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('iql.report.new', { name, target });
    assert.ok(document, 'a report file is opened');
    assert.equal(document.uri.toString(), target.toString());
    assert.match(document.getText(), /"\$schema": "iql-schema:\/[^"]+\/reports\/insight\.schema\.json"/);

    // The editor's JSON support reads the report schema from the extension: the seed's dataset id completes the company's datasets.
    const marker = '"seed": {\n    "dataset_id": "';
    assert.ok(document.getText().includes(marker), document.getText());
    const inSeedId = document.positionAt(document.getText().indexOf(marker) + marker.length);
    const offered = await waitFor('dataset ids offered inside "seed": {"dataset_id": "', async () => {
      const labels = await completionLabels(document, inSeedId);
      return labels.includes(retail.dataset_id) ? labels : undefined;
    }, 40_000);
    assert.ok(offered.length >= 1, offered.join(', '));

    // Before it exists at the service, the lens offers to create it.
    await waitFor('the Create on Service lens', async () => ((await lensTitles(document)).some((title) => title.includes('Create on Service')) ? true : undefined));

    const file = JSON.parse(document.getText()) as Record<string, unknown>;
    const text = `${JSON.stringify({ ...file, seed: { dataset_id: retail.dataset_id }, seed_filter: "Gender = 'Female'", baseline: { dataset_id: retail.dataset_id }, baseline_filter: '', categories: ['Region', 'Loyalty Member'] }, null, 2)}\n`;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text);
    assert.ok(await vscode.workspace.applyEdit(edit));

    const id = await vscode.commands.executeCommand<string | undefined>('iql.report.create', document.uri);
    assert.ok(id, 'the report was created');
    assert.equal(JSON.parse(document.getText()).id, id, 'the id is written into the file');
    assert.equal(JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(target)).toString('utf8')).id, id, 'and kept on disk at once');
    await waitFor('the Refresh Status lens', async () => ((await lensTitles(document)).some((title) => title.includes('Refresh Status')) ? true : undefined));

    const status = await waitFor('the report COMPLETED', async () => {
      const answer = await vscode.commands.executeCommand<GetInsightReportStatusResponse | undefined>('iql.report.refreshStatus', document.uri);
      assert.notEqual(answer?.status, 'FAILED', JSON.stringify(answer));
      return answer?.status === 'COMPLETED' ? answer : undefined;
    }, 40_000);
    assert.equal(status.progress?.completion_percentage, 100);
    const titles = await waitFor('the status in the lens', async () => {
      const found = await lensTitles(document);
      return found.some((title) => title.includes('COMPLETED')) ? found : undefined;
    });
    assert.ok(titles.some((title) => title.includes('Open Results')), titles.join(' | '));

    const state = await vscode.commands.executeCommand<ReportPanelState | undefined>('iql.report.openResults', document.uri);
    assert.ok(state?.view, 'Open Results resolves to the panel state with its view');
    const results = state.results;
    assert.equal(results.report_id, id);
    assert.deepEqual(results.singles.map((single) => single.category), ['Region', 'Loyalty Member']);
    const values = results.singles.flatMap((single) => single.values);
    assert.ok(values.length > 0 && values.every((value) => /^\d+$/.test(value.index)), JSON.stringify(values.slice(0, 3)));
    assert.ok(results.cross && results.cross.values.length > 0, 'two categories: the cross result of the first two');
    assert.deepEqual(state.view.pair, ['Region', 'Loyalty Member']);
    assert.equal(state.view.loading, false);
    assert.equal(state.view.crossError, undefined, state.view.crossError);
    assert.ok(state.view.cross && state.view.cross.cells.length > 0, 'the heat map has rows');
    const viewId = state.view.id;
    const drawn = await waitFor(`the report page to draw ${viewId}`, async () => {
      const states = await vscode.commands.executeCommand<ReportPanelState[]>(REPORT_PANELS_STATE_COMMAND);
      return states.find((candidate) => candidate.panel.rendered?.id === viewId);
    });
    const pageText = drawn.panel.rendered?.text ?? '';
    for (const category of ['Region', 'Loyalty Member', 'Cross categories']) assert.ok(pageText.includes(category), `the page shows ${category}`);
    assert.ok(pageText.includes(values[0]!.index), `the page shows the index ${values[0]!.index}`);

    const csvTarget = vscode.Uri.file(path.join(os.tmpdir(), `iql-report-${process.pid}-${Date.now()}.csv`));
    const exported = await vscode.commands.executeCommand<ReportPanelState | undefined>(REPORT_EXPORT_CSV_COMMAND, id, csvTarget);
    assert.equal(exported?.exported, csvTarget.toString());
    const csv = new TextDecoder().decode(await vscode.workspace.fs.readFile(csvTarget));
    assert.match(csv, /^category,value,baseline_background,intersection_background,baseline_foreground,intersection_foreground,index\r?\n/);
    assert.equal(csv.trim().split(/\r?\n/).length, values.length + 1, 'one row per single-category value');
    await vscode.workspace.fs.delete(csvTarget);
  });

  // A file left with unsaved edits would hold up the page's unload in the next phase: save and close, pass or fail.
  teardown(async () => {
    for (const document of vscode.workspace.textDocuments.filter((candidate) => candidate.uri.path.endsWith('.iqlreport.json'))) {
      if (document.isDirty) await document.save();
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
