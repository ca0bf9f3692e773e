import assert from 'node:assert/strict';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ExecutionOutcome } from '../../../client/src/automations/automation-commands';
import { automationsOf } from '../../../client/src/automations/automations-access';
import type { AutomationRow } from '../../../client/src/automations/automations-model';
import type { AutomationsTree } from '../../../client/src/automations/automations-tree';
import { explorerOf } from '../../../client/src/explorer/explorer-access';
import type { SegmentNode } from '../../../client/src/explorer/explorer-node';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { completionLabels, lensTitles, setText } from './json-file-editing';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

const FINAL = ['COMPLETED', 'FAILED', 'CANCELED', 'PARTIALLY_COMPLETED', 'STALE'];

suite('automation files', () => {
  let services: ExtensionServices;
  let tree: AutomationsTree;

  suiteSetup(async () => {
    const extension = await activateExtension();
    services = extension.exports as ExtensionServices;
    const found = automationsOf(extension.exports);
    if (found === undefined) throw new Error('the extension exports no Automations view');
    tree = found;
  });

  test('an automation calculating the demo segment is saved to the service from its lens, executed to its end, and listed in the Automations view with its execution', async () => {
    const profile = services.profiles.defaultProfile();
    assert.ok(profile, 'the editor suite has a default profile');
    const client = await services.service.forProfile(profile);
    assert.ok(client.ok, client.ok ? '' : client.error.message);
    const segments = await client.value.listAll('listActivationSegments', { params: { collaboration_id: 'CLB.demo' } });
    assert.ok(segments.ok, segments.ok ? '' : segments.error.message);
    const segment = segments.value.find((candidate) => candidate.name === 'Cyclists and runners');
    assert.ok(segment, 'the demo segment is listed');

    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const stamp = Date.now();
    const target = vscode.Uri.joinPath(folder.uri, 'automations', `scenario-${stamp}.iqlauto.json`);
    const name = `Scenario automation ${stamp}`;
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('iql.automation.new', { name, target });
    assert.ok(document, 'an automation file is opened');
    assert.equal(document.uri.toString(), target.toString());
    const written = JSON.parse(document.getText()) as Record<string, unknown>;
    assert.match(String(written.$schema), /^iql-schema:\/[^/]+\/automations\/config\.schema\.json$/);
    assert.deepEqual([written.enabled, written.cron_timer, written.automation_steps], [false, '0 6 * * 1', []]);
    assert.equal(written.timezone_identifier, Intl.DateTimeFormat().resolvedOptions().timeZone);
    await waitFor('the Save to Service lens', async () => ((await lensTitles(document)).some((title) => title.includes('Save to Service')) ? true : undefined));

    // The editor's JSON support reads the automation schema from the extension: the segment id completes the service's segments.
    const draft = `${JSON.stringify({ ...written, automation_steps: [{ activation_calculation: { collaboration_id: 'CLB.demo', activation_segment_id: '' } }] }, null, 2)}\n`;
    await setText(document, draft);
    const marker = '"activation_segment_id": "';
    const inSegmentId = document.positionAt(document.getText().indexOf(marker) + marker.length);
    await waitFor('segment ids offered inside "activation_segment_id": "', async () => ((await completionLabels(document, inSegmentId)).includes(segment.id) ? true : undefined), 40_000);

    await setText(document, draft.replace('"activation_segment_id": ""', `"activation_segment_id": ${JSON.stringify(segment.id)}`));

    const id = await vscode.commands.executeCommand<string | undefined>('iql.automation.save', document.uri);
    assert.ok(id, 'the automation was created');
    assert.equal(JSON.parse(document.getText()).id, id, 'the id is written into the file');
    assert.equal(JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(target)).toString('utf8')).id, id, 'and kept on disk at once');
    await waitFor('the Execute Now lens', async () => ((await lensTitles(document)).some((title) => title.includes('Execute Now')) ? true : undefined));

    const outcome = await vscode.commands.executeCommand<ExecutionOutcome | undefined>('iql.automation.execute', document.uri);
    assert.ok(outcome?.execution?.id, 'the execution was followed');
    assert.ok(FINAL.includes(outcome.execution.current_step_status ?? ''), JSON.stringify(outcome));
    const steps = outcome.execution_steps ?? [];
    assert.equal(steps.length, 1);
    assert.ok(steps.every((step) => FINAL.includes(step.current_task_status ?? '')), JSON.stringify(steps));
    assert.equal(steps[0]?.task_type, 'TASK_TYPE_ACTIVATION_CALCULATION');

    // Enable flips the file and the service.
    assert.equal(await vscode.commands.executeCommand('iql.automation.enable', document.uri), true);
    assert.equal(JSON.parse(document.getText()).enabled, true);
    const saved = await client.value.call('getAutomationConfig', { params: { config_id: id } });
    assert.ok(saved.ok && saved.value.config?.enabled === true);
    assert.equal(await vscode.commands.executeCommand('iql.automation.disable', document.uri), false);

    await vscode.commands.executeCommand('iql.automations.refresh');
    const config = await waitFor('the automation in the Automations view', async () =>
      (await tree.getChildren()).find((row): row is Extract<AutomationRow, { kind: 'config' }> => row.kind === 'config' && row.config.id === id));
    assert.equal(tree.getTreeItem(config).label, name);
    const executions = await tree.getChildren(config);
    const execution = executions.find((row) => row.kind === 'execution' && row.execution.id === outcome.execution?.id);
    assert.ok(execution, JSON.stringify(executions));

    // Its step's row opens its subject: the calculated segment, as a query document.
    const [step] = await tree.getChildren(execution);
    assert.ok(step?.kind === 'step', JSON.stringify(step));
    assert.equal(tree.getTreeItem(step).command?.command, 'iql.automation.openStepSubject');
    const subject = await vscode.commands.executeCommand<{ kind: string; segmentId?: string } | undefined>('iql.automation.openStepSubject', step);
    assert.deepEqual(subject && [subject.kind, subject.segmentId], ['segment', segment.id]);
    await waitFor('the segment opened as a query', async () => (vscode.window.activeTextEditor?.document.languageId === 'iql' ? true : undefined));
  });

  test('Schedule… on the demo segment writes an automation that calculates it and exports it to the chosen destination', async () => {
    const explorer = explorerOf(services);
    assert.ok(explorer);
    const section = await waitFor('the segments of CLB.demo', () => explorer.collaborationsModel.findSection('CLB.demo', 'segments'));
    const segment = await waitFor('the demo segment row', async () =>
      (await explorer.collaborations.getChildren(section)).find((node): node is SegmentNode => node.kind === 'segment' && node.segment.name === 'Cyclists and runners'));
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    const target = vscode.Uri.joinPath(folder.uri, 'automations', `scheduled-${Date.now()}.iqlauto.json`);
    const document = await vscode.commands.executeCommand<vscode.TextDocument | undefined>('iql.segment.schedule', segment, { destinationId: 'DST.scenario', cron: '30 7 * * *', target });
    assert.ok(document);
    const file = JSON.parse(document.getText()) as { cron_timer: string; automation_steps: unknown[] };
    assert.equal(file.cron_timer, '30 7 * * *');
    const ids = { collaboration_id: 'CLB.demo', activation_segment_id: segment.segment.id };
    assert.deepEqual(file.automation_steps, [{ activation_calculation: ids }, { activation: { ...ids, destination_id: 'DST.scenario' } }]);
  });

  teardown(async () => {
    for (const document of vscode.workspace.textDocuments.filter((candidate) => candidate.uri.path.endsWith('.iqlauto.json'))) {
      if (document.isDirty) await document.save();
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
