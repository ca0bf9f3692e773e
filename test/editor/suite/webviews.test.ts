import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { QueryCommandArgs } from '../../../common/protocol';
import type { ResultsView } from '../../../common/webview/results-view';
import type { RunRecord } from '../../../client/src/runs/run-record';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { WEBVIEWS_STATE_COMMAND } from '../../../client/src/webviews/register-plans';
import { groupDigits } from '../../../client/src/webviews/results-view-model';
import type { PanelState } from '../../../client/src/webviews/webview-panel-host';
import type { WebviewsState } from '../../../client/src/webviews/webview-panels';
import { askDirectly } from './direct-answer';
import { activateExtension, openQueryFile } from './query-files';
import { waitFor } from './wait-for';

/** What the panels last sent and what their pages reported drawing. */
async function webviewsState(): Promise<WebviewsState> {
  return vscode.commands.executeCommand<WebviewsState>(WEBVIEWS_STATE_COMMAND);
}

/** The run a results panel shows (its tab on show), if it shows one. */
function shownRun(panel: PanelState | undefined): ResultsView | undefined {
  if (panel?.sent?.type !== 'showResults') return undefined;
  const { views, selected } = panel.sent.page;
  return views.find((view) => view.runId === selected);
}

function webviewTabs(label: RegExp): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview && label.test(tab.label));
}

suite('results and plan webviews', () => {
  let services: ExtensionServices;

  suiteSetup(async () => {
    services = (await activateExtension()).exports as ExtensionServices;
  });

  test("a run opens the results panel, which draws the emulator's audience", async () => {
    const query = 'SELECT AGGREGATE(Retail.Gender) FROM Retail INTERSECT Publisher1';
    const document = await openQueryFile('webviews-results.iql', `-- results panel scenario\n${query}\n`);
    const uri = document.uri.toString();
    await waitFor('the document to be connected', () => (services.statuses.get(uri)?.state === 'ready' ? true : undefined));

    const args: QueryCommandArgs = { uri, offset: document.getText().indexOf(query) };
    const finished = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', args);
    assert.equal(finished?.status, 'succeeded', finished?.message);

    // The page itself reports what it drew: the finished run, not the "running" view before it.
    const panel: PanelState = await waitFor('the results page to draw the finished run', async () =>
      (await webviewsState()).results.find((state) => state.rendered?.id === finished?.id && state.rendered.text.includes('Succeeded')),
    );
    const view = shownRun(panel);
    assert.ok(view);
    assert.equal(view.query, query);
    assert.equal(view.status, 'succeeded');

    // The emulator's own answer to the same query, asked directly.
    const direct = await askDirectly(services, finished?.target.profile, query);
    const audience = String(direct.result.audience);
    assert.equal(view.insight?.audience?.value, audience);
    assert.ok(panel.rendered?.text.includes(groupDigits(audience)), `the page shows the audience ${audience}: ${panel.rendered?.text.slice(0, 400)}`);
    for (const bin of direct.result.dimensions) assert.ok(panel.rendered?.text.includes(bin.value ?? '?'), `the page shows the bin ${bin.value}`);
    assert.deepEqual(view.actions, { table: true, json: true, markdown: true, cancel: false, rerun: true });
    assert.ok(webviewTabs(/^IQL Result/).length > 0, 'a results tab is open');
  });

  test('a run into the results panel while it is hidden behind another tab draws without loading its page again', async () => {
    const query = 'SELECT COUNT() FROM Retail INTERSECT Publisher1';
    const document = await openQueryFile('webviews-hidden.iql', `${query}\n`);
    const uri = document.uri.toString();
    await waitFor('the document to be connected', () => (services.statuses.get(uri)?.state === 'ready' ? true : undefined));
    const args: QueryCommandArgs = { uri, offset: 0 };
    const first = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', args);
    assert.equal(first?.status, 'succeeded', first?.message);
    const drawn = (): Promise<{ index: number; panel: PanelState } | undefined> =>
      webviewsState().then((state) => {
        const index = state.results.findIndex((panel) => panel.rendered?.id === first?.id);
        const panel = state.results[index];
        return panel ? { index, panel } : undefined;
      });
    const before = await waitFor('the results page to draw the first run', drawn);

    // Another editor in the panel's group hides it.
    const column = vscode.window.tabGroups.all.find((group) => group.tabs.some((tab) => tab.input instanceof vscode.TabInputWebview && /^IQL Result/.test(tab.label)))?.viewColumn;
    assert.ok(column !== undefined, 'the results panel has a tab');
    // A saved file, so that nothing is left unsaved for the scenarios after this one.
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs in a workspace');
    const notes = vscode.Uri.joinPath(folder.uri, 'webviews-hidden-notes.txt');
    await vscode.workspace.fs.writeFile(notes, new TextEncoder().encode('notes beside the results\n'));
    await vscode.window.showTextDocument(notes, { viewColumn: column, preserveFocus: true });
    await waitFor('the results panel to be hidden', async () => ((await webviewsState()).results[before.index]?.visible === false ? true : undefined));

    const second = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', args);
    assert.equal(second?.status, 'succeeded', second?.message);
    const after = await waitFor('the results page to draw the second run', async () => {
      const panel = (await webviewsState()).results[before.index];
      return panel?.rendered?.id === second?.id ? panel : undefined;
    });
    assert.equal(after.visible, true, 'the run showed the panel again');
    // A page that was unloaded while hidden would have started again (and said `ready` again).
    assert.equal(after.pageLoads, before.panel.pageLoads, 'the page was kept while hidden, not loaded again');
  });

  test('with iql.results.panel set to perRun, each run gets its own panel', async () => {
    const query = 'SELECT COUNT() FROM Retail';
    const document = await openQueryFile('webviews-per-run.iql', `${query}\n`);
    const uri = document.uri.toString();
    await waitFor('the document to be connected', () => (services.statuses.get(uri)?.state === 'ready' ? true : undefined));
    const settings = vscode.workspace.getConfiguration('iql.results');
    await settings.update('panel', 'perRun', vscode.ConfigurationTarget.Global);
    try {
      const before = (await webviewsState()).results.length;
      const args: QueryCommandArgs = { uri, offset: 0 };
      const first = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', args);
      const second = await vscode.commands.executeCommand<RunRecord | undefined>('iql.runQuery', args);
      assert.ok(first && second && first.id !== second.id);
      // Each run went to a panel of its own; the visible (second) one is drawn. The first is
      // hidden behind it, and a hidden page draws only when shown again (it asks with `ready`).
      const state = await waitFor('both runs in panels of their own, the visible one drawn', async () => {
        const current = await webviewsState();
        const shown = [first.id, second.id].map((id) => current.results.find((panel) => shownRun(panel)?.runId === id));
        const drawn = current.results.some((panel) => panel.rendered?.id === second.id);
        if (shown.every((panel) => panel !== undefined) && shown[0] !== shown[1] && drawn) return current;
        // Thrown, not returned: waitFor names the last state it saw when it times out.
        throw new Error(`panels: ${JSON.stringify(current.results.map((panel) => ({ visible: panel.visible, sent: shownRun(panel) ? `${shownRun(panel)?.runId} ${shownRun(panel)?.status}` : panel.sent?.type, rendered: panel.rendered?.id })))}; runs ${first.id}, ${second.id}`);
        // A new panel's page loads and builds its grid while the machine may be busy with the
        // rest of the suite: give it the time a slow CI machine needs.
      }, 40_000);
      assert.equal(state.results.length, before + 2);
    } finally {
      await settings.update('panel', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('Explain Query and the hover link open the plan panel, which draws the join path', async () => {
    const query = "SELECT AGGREGATE(Retail.Gender) FROM Retail INTERSECT Publisher1 WHERE Retail.Region = 'Scotland'";
    const document = await openQueryFile('webviews-plan.iql', `${query}\n`);
    const uri = document.uri.toString();
    await waitFor('the document to be connected', () => (services.statuses.get(uri)?.state === 'ready' ? true : undefined));

    // At the cursor, as the keybinding runs it.
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 3, 0, 3);
    await vscode.commands.executeCommand('iql.explainQuery');
    const drawn = await waitFor('the plan page to draw the plan', async () => {
      const plan = (await webviewsState()).plan;
      return plan?.sent?.type === 'showPlan' && plan.rendered?.id === plan.sent.view.id ? plan : undefined;
    });
    assert.ok(drawn.sent?.type === 'showPlan');
    const view = drawn.sent.view;
    assert.equal(view.query, query);
    assert.equal(view.audience, 'Retail INTERSECT Publisher1');
    assert.deepEqual(view.graph.nodes.map((node) => node.label), ['Retail', 'Publisher1']);
    assert.equal(view.graph.edges.length, 1);
    assert.equal(view.filter, "Retail.Region = 'Scotland'");
    assert.ok(view.thresholds.some((fact) => fact.label === 'Redaction threshold'));
    for (const text of ['Retail', 'Publisher1', 'overlap', 'Redaction threshold', 'inferred']) {
      assert.ok(drawn.rendered?.text.includes(text), `the page shows '${text}': ${drawn.rendered?.text.slice(0, 400)}`);
    }
    assert.ok(webviewTabs(/^IQL Plan$/).length === 1, 'one plan tab');

    // With {uri, offset}, as the hover's "Open full plan" link passes them: the same panel, a new plan.
    const args: QueryCommandArgs = { uri, offset: 0 };
    await vscode.commands.executeCommand('iql.openPlan', args);
    const again = await waitFor('the plan page to draw the plan again', async () => {
      const plan = (await webviewsState()).plan;
      return plan?.sent?.type === 'showPlan' && plan.sent.view.id !== view.id && plan.rendered?.id === plan.sent.view.id ? plan : undefined;
    });
    assert.ok(again.sent?.type === 'showPlan' && again.sent.view.query === query);
    assert.ok(webviewTabs(/^IQL Plan$/).length === 1, 'the plan panel is reused');
  });
});
