import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { QueryCommandArgs } from '../../../common/protocol';
import type { ResultsView } from '../../../common/webview/results-view';
import type { ExtensionServices } from '../../../client/src/extension-services';
import type { RunRecord } from '../../../client/src/runs/run-record';
import { RESULTS_ACT_COMMAND, WEBVIEWS_STATE_COMMAND } from '../../../client/src/webviews/register-plans';
import type { ResultsActionOutcome } from '../../../client/src/webviews/results-panel';
import type { WebviewAction } from '../../../client/src/webviews/webview-panel-host';
import type { PanelState } from '../../../client/src/webviews/webview-panel-host';
import type { WebviewsState } from '../../../client/src/webviews/webview-panels';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

async function resultsPanels(): Promise<PanelState[]> {
  return (await vscode.commands.executeCommand<WebviewsState>(WEBVIEWS_STATE_COMMAND)).results;
}

/** The runs a results panel shows and the one on show. */
function pageOf(panel: PanelState | undefined): { views: ResultsView[]; selected: string } | undefined {
  return panel?.sent?.type === 'showResults' ? panel.sent.page : undefined;
}

async function act(action: WebviewAction, saveTo?: vscode.Uri): Promise<ResultsActionOutcome> {
  return vscode.commands.executeCommand<ResultsActionOutcome>(RESULTS_ACT_COMMAND, action, saveTo);
}

async function connected(services: ExtensionServices, name: string, text: string): Promise<vscode.TextDocument> {
  const document = await openQueryFile(name, text);
  const uri = document.uri.toString();
  await waitFor(`${name} to be connected`, () => (services.statuses.get(uri)?.state === 'ready' ? true : undefined));
  return document;
}

suite('results panel: Run All, copy, export, Cancel, Re-run, restore', () => {
  let services: ExtensionServices;

  suiteSetup(async () => {
    services = (await activateExtension()).exports as ExtensionServices;
  });

  test("Run All shows every query in one panel, a tab each, the failure kept with the service's message", async () => {
    const queries = ['SELECT COUNT() FROM Retail', 'SELECT COUNT() FROM NoSuchDataset', 'SELECT AGGREGATE(Retail.Gender) FROM Retail'];
    const document = await connected(services, 'run-all-tabs.iql', `${queries.join('\n\n')}\n`);
    const args: QueryCommandArgs = { uri: document.uri.toString(), offset: 0 };
    const finished = await vscode.commands.executeCommand<RunRecord[]>('iql.runAllQueries', args);
    assert.deepEqual(finished.map((record) => record.status), ['succeeded', 'failed', 'succeeded']);

    const panel = await waitFor('one panel with the three runs, the last drawn', async () => {
      const found = (await resultsPanels()).find((state) => pageOf(state)?.views.length === 3);
      return found?.rendered?.id === finished[2].id && found.rendered.text.includes('Run All: 3 queries — 2 succeeded, 1 failed.') ? found : undefined;
    }, 40_000);
    const page = pageOf(panel);
    assert.ok(page);
    assert.deepEqual(page.views.map((view) => view.query), queries);
    assert.deepEqual(page.views.map((view) => view.runId), finished.map((record) => record.id));
    const failed = page.views[1];
    assert.equal(failed.status, 'failed');
    assert.equal(failed.message, finished[1].message);
    assert.match(failed.message ?? '', /NoSuchDataset/);

    // Picking the failed tab draws its message in place.
    await act({ type: 'selectRun', runId: failed.runId });
    const drawn = await waitFor('the failed run drawn', async () => (await resultsPanels()).find((state) => state.rendered?.id === failed.runId));
    assert.ok(drawn.rendered?.text.includes(failed.message ?? '?'), drawn.rendered?.text.slice(0, 400));
  });

  test('copy and export write the rows the grid shows, in its order, with or without the headers', async () => {
    const query = 'SELECT AGGREGATE(Retail.Gender) FROM Retail';
    const document = await connected(services, 'copy-export.iql', `${query}\n`);
    const record = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', { uri: document.uri.toString(), offset: 0 });
    assert.equal(record?.status, 'succeeded', record?.message);
    const view = await waitFor('the run in a panel', async () => pageOf((await resultsPanels()).find((state) => pageOf(state)?.selected === record?.id))?.views.find((candidate) => candidate.runId === record?.id));
    const rows = view.insight?.rows ?? [];
    assert.ok(rows.length >= 2, 'two genders at least');
    // What the page sends after the user sorted the grid the other way: the last row first.
    const shown = rows.map((_, index) => rows.length - 1 - index);
    const expected = shown.map((index) => rows[index].cells.map((cell) => cell ?? ''));

    const copied = await act({ type: 'copyRows', runId: view.runId, rows: shown, headers: true });
    assert.equal(copied.copied, [['Retail.Gender', 'count'], ...expected].map((cells) => cells.join('\t')).join('\n'));
    assert.equal(await vscode.env.clipboard.readText(), copied.copied);
    const cells = await act({ type: 'copyRows', runId: view.runId, rows: [shown[0]], columns: [1], headers: false });
    assert.equal(cells.copied, expected[0][1]);

    const csvFile = vscode.Uri.file(join(tmpdir(), `iql-export-${Date.now()}.csv`));
    const excelFile = vscode.Uri.file(join(tmpdir(), `iql-export-${Date.now()}-excel.csv`));
    const jsonFile = vscode.Uri.file(join(tmpdir(), `iql-export-${Date.now()}.json`));
    try {
      assert.equal((await act({ type: 'export', runId: view.runId, format: 'csv', rows: shown }, csvFile)).exported, csvFile.toString());
      assert.equal(await readFile(csvFile.fsPath, 'utf8'), [['Retail.Gender', 'count'], ...expected].map((line) => `${line.join(',')}\n`).join(''));
      await act({ type: 'export', runId: view.runId, format: 'excel', rows: shown.slice(0, 1) }, excelFile);
      assert.equal(await readFile(excelFile.fsPath, 'utf8'), `\uFEFFsep=,\r\nRetail.Gender,count\r\n${expected[0].join(',')}\r\n`);
      await act({ type: 'export', runId: view.runId, format: 'json', rows: shown }, jsonFile);
      const json = JSON.parse(await readFile(jsonFile.fsPath, 'utf8')) as { rows: Record<string, unknown>[] };
      assert.deepEqual(json.rows.map((row) => row['Retail.Gender']), expected.map((line) => line[0]));
    } finally {
      await Promise.all([csvFile, excelFile, jsonFile].map((file) => rm(file.fsPath, { force: true })));
    }
  });

  test('Cancel in the results panel stops the run; Re-run runs the same query on the same target in its place', async () => {
    const query = 'SELECT AGGREGATE(Retail.Region) FROM Retail INTERSECT Publisher1';
    const document = await connected(services, 'cancel-rerun.iql', `${query}\n`);
    // The emulator answers this run within a few hundred milliseconds, so a cancel can land
    // after its end (the run then succeeds): the run is started again until one is cancelled.
    let started: ResultsView | undefined;
    let cancelled: RunRecord | undefined;
    for (let attempt = 1; attempt <= 5 && cancelled?.status !== 'cancelled'; attempt++) {
      const running = vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', { uri: document.uri.toString(), offset: 0 });
      const view = await waitFor(
        'the running run with Cancel enabled',
        async () => {
          for (const state of await resultsPanels()) {
            const found = pageOf(state)?.views.find((candidate) => candidate.query === query && candidate.status === 'running' && candidate.actions.cancel);
            if (found) return found;
          }
          return undefined;
        },
        20_000,
        5,
      );
      await act({ type: 'cancelRun', runId: view.runId });
      started = view;
      cancelled = await running;
      assert.equal(cancelled?.id, view.runId);
    }
    assert.ok(started);
    assert.equal(cancelled?.status, 'cancelled', 'one of five runs was caught running and cancelled');
    const startedId = started.runId;
    const shownCancelled = await waitFor('the panel to show the cancel', async () => pageOf((await resultsPanels()).find((state) => pageOf(state)?.selected === startedId))?.views.find((view) => view.runId === startedId && view.status === 'cancelled'));
    assert.equal(shownCancelled.actions.cancel, false);
    assert.equal(shownCancelled.actions.rerun, true);

    await act({ type: 'rerun', runId: startedId });
    const again = await waitFor('the re-run to finish in the same panel, in place of the cancelled run', async () => {
      for (const state of await resultsPanels()) {
        const page = pageOf(state);
        const view = page?.views.find((candidate) => candidate.runId === page.selected);
        if (page && view && view.runId !== startedId && view.query === query && view.status === 'succeeded' && !page.views.some((old) => old.runId === startedId)) return view;
      }
      return undefined;
    }, 40_000);
    assert.deepEqual(again.rerun, shownCancelled.rerun);
    assert.equal(again.target, shownCancelled.target);
  });

  test('a results panel the editor restores draws the run its page saved', async () => {
    const query = 'SELECT COUNT() FROM Retail INTERSECT Publisher1';
    const document = await connected(services, 'restore.iql', `${query}\n`);
    const record = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', { uri: document.uri.toString(), offset: 0 });
    assert.equal(record?.status, 'succeeded');
    const saved = await waitFor('the page drawn', async () => (await resultsPanels()).find((state) => state.rendered?.id === record?.id)?.sent);
    // What the serializer gets after a reload: a new panel of the view type and the page's saved state.
    const restored = vscode.window.createWebviewPanel('iql.results', 'IQL Results', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
    services.panels.results.restore(restored, saved);
    // The restored panel is the newest; its page draws the saved run, which it offers to re-run.
    const drawn = await waitFor('the restored page to draw the saved run', async () => {
      const newest = (await resultsPanels()).at(-1);
      return newest?.rendered?.id === record?.id ? newest : undefined;
    });
    const view = pageOf(drawn)?.views[0];
    assert.equal(view?.insight?.audience?.value, record?.audience);
    assert.deepEqual(view?.actions, { table: true, json: true, markdown: true, cancel: false, rerun: true });
    assert.ok(drawn.rendered?.text.includes('Succeeded'));
    // Nothing readable (a page from another version, or none) closes the panel instead of drawing nonsense.
    const empty = vscode.window.createWebviewPanel('iql.results', 'IQL Results', vscode.ViewColumn.Beside);
    let closed = false;
    empty.onDidDispose(() => (closed = true));
    services.panels.results.restore(empty, { type: 'showResults', view: 'old shape' });
    assert.equal(closed, true);
    restored.dispose();
  });
});
