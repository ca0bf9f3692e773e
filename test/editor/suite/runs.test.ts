import assert from 'node:assert/strict';
import { join } from 'node:path';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { QueryCommandArgs } from '../../../common/protocol';
import { HistoryStore } from '../../../client/src/runs/history-store';
import { createResultFiles, RESULTS_FOLDER } from '../../../client/src/runs/result-archive';
import type { RunRecord } from '../../../client/src/runs/run-record';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { askDirectly } from './direct-answer';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

suite('runs', () => {
  let services: ExtensionServices;
  /** A fresh store on the extension's own storage: what the next session would read. */
  const reloadHistory = (): HistoryStore =>
    new HistoryStore(services.context.globalState, { archive: createResultFiles(join(services.context.globalStorageUri.fsPath, RESULTS_FOLDER)) });

  suiteSetup(async () => {
    services = (await activateExtension()).exports as ExtensionServices;
  });

  test("Run Query records a succeeded run with the emulator's audience, and the history keeps it across a reload", async () => {
    const query = 'SELECT COUNT() FROM Retail INTERSECT Bank';
    const document = await openQueryFile('runs.iql', `-- a demo query\n${query}\n`);
    const uri = document.uri.toString();
    // The server reports the target ready once it has the profiles; before that it is offline.
    await waitFor('the document to be connected', () => (services.statuses.get(uri)?.state === 'ready' ? true : undefined));
    const known = new Set(reloadHistory().list().map((entry) => entry.record.id));

    const args: QueryCommandArgs = { uri, offset: document.getText().indexOf(query) };
    const finished = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', args);
    assert.equal(finished?.status, 'succeeded', finished?.message);

    const entry = await waitFor('the run to appear in the history as succeeded', () =>
      reloadHistory().list().find((candidate) => !known.has(candidate.record.id) && candidate.record.status === 'succeeded'),
    );
    assert.equal(entry.record.id, finished?.id);
    assert.equal(entry.record.query, query);
    assert.equal(entry.record.documentUri, uri);

    // The emulator's own answer to the same query, asked directly.
    const direct = await askDirectly(services, entry.record.target.profile, query);
    assert.equal(entry.record.audience, String(direct.result.audience));

    // A new store reads the same run back from globalState, and its result from the files.
    const reloaded = reloadHistory();
    assert.deepEqual(reloaded.get(entry.record.id)?.record, entry.record);
    assert.equal(reloaded.get(entry.record.id)?.resultKept, true);
    const withResult = await reloaded.loadResult(entry.record.id);
    assert.deepEqual(withResult?.result?.audience, direct.result.audience);
  });
});
