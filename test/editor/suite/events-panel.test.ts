import assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { explorerOf } from '../../../client/src/explorer/explorer-access';
import type { ExplorerHandles } from '../../../client/src/explorer/explorer-access';
import type { CollaborationNode, ExplorerNode } from '../../../client/src/explorer/explorer-node';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { EVENTS_PANELS_STATE_COMMAND } from '../../../client/src/explorer/register-events-panel';
import type { EventsPanelState } from '../../../client/src/webviews/events-panel';
import type { EventsQuery } from '../../../common/webview/events-view';
import { activateExtension } from './query-files';
import { waitFor } from './wait-for';

const SHOW_EVENTS = 'iql.collaboration.showEvents';

suite('events panel', () => {
  let handles: { services: ExtensionServices; explorer: ExplorerHandles };

  suiteSetup(async () => {
    const { exports } = await activateExtension();
    handles = { services: exports as ExtensionServices, explorer: explorerOf(exports) ?? assert.fail('the extension exports no explorer') };
  });

  /** Show Events on `node` with `query`, once the page reports drawing the view the host sent. */
  async function show(node: CollaborationNode, query?: Partial<EventsQuery>): Promise<EventsPanelState> {
    const state = await vscode.commands.executeCommand<EventsPanelState | undefined>(SHOW_EVENTS, node, query);
    assert.ok(state?.view, 'Show Events resolves to the panel state with its view');
    assert.equal(state.view.loading, false);
    assert.equal(state.view.error, undefined, state.view.error);
    const id = state.view.id;
    return waitFor(`the events page to draw ${id}`, async () => {
      const states = await vscode.commands.executeCommand<EventsPanelState[]>(EVENTS_PANELS_STATE_COMMAND);
      return states.find((candidate) => candidate.panel.rendered?.id === id);
    });
  }

  test("opens on CLB.demo newest first with the members' names, filters on an event type, and pages", async () => {
    const { services, explorer } = handles;
    const client = await services.service.forProfile(services.profiles.defaultProfile() ?? assert.fail('the editor suite has a default profile'));
    assert.ok(client.ok, client.ok ? '' : client.error.message);

    // A few events of our own: two datasets added, one removed again.
    const owned = await client.value.listAll('listDatasetsV2', {});
    assert.ok(owned.ok && owned.value.length > 0, 'the company owns datasets');
    const retail = owned.value.find((dataset) => dataset.private_id === 'Retail') ?? owned.value[0];
    const stamp = String(Date.now()).slice(-8);
    for (const name of [`evA${stamp}`, `evB${stamp}`]) {
      const added = await client.value.call('addCollaborationDataset', { params: { collaboration_id: 'CLB.demo' }, body: { dataset_id: retail.dataset_id, collaboration_dataset_name: name } });
      assert.ok(added.ok, added.ok ? '' : added.error.message);
    }
    const removed = await client.value.call('removeCollaborationDataset', { params: { collaboration_id: 'CLB.demo', dataset_id: `evB${stamp}` } });
    assert.ok(removed.ok, removed.ok ? '' : removed.error.message);

    await vscode.commands.executeCommand('iql.collaborations.refresh');
    const node = await waitFor('CLB.demo in the Collaborations view', async () =>
      (await explorer.collaborations.getChildren(undefined)).find((candidate: ExplorerNode): candidate is CollaborationNode => candidate.kind === 'collaboration' && candidate.collaboration.id === 'CLB.demo'),
    );

    // The first page: newest first, our removal on top, every event of the log (fewer than 100).
    const first = await show(node);
    assert.deepEqual(first.sentQueryString, { 'pagination.page': '1', 'pagination.per_page': '100', order_by: 'event_date_time DESC' });
    const rows = first.view?.rows ?? [];
    assert.ok(rows.length >= 4, `at least our three events and the creation: ${rows.length}`);
    assert.match(rows[0]?.message ?? '', new RegExp(`evB${stamp}`), 'the newest event first');
    assert.match(rows[0]?.type ?? '', /REMOVED/);
    const times = rows.map((row) => row.time);
    assert.deepEqual(times, [...times].sort().reverse(), 'newest first');
    const created = rows.find((row) => row.type === 'TYPE_COLLABORATION_CREATED');
    assert.ok(created && created.company !== created.companyId, `the company is named: ${created?.company}`);
    assert.ok(first.view?.companies.some((choice) => choice.value === 'CMP.pubco' || choice.label !== choice.value), 'the members are offered as companies');
    assert.ok(first.panel.rendered?.text.includes(rows[0]?.message ?? '?'), 'the page shows the newest message');
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview && /^Events/.test(tab.label));
    assert.equal(tabs.length, 1, 'one Events panel');

    // Filtered on the removal's type: only that type.
    const removedType = rows[0]?.type ?? '';
    const filtered = await show(node, { eventType: removedType });
    assert.equal(filtered.sentQueryString?.filter, `event_type eq ${removedType}`);
    assert.ok((filtered.view?.rows.length ?? 0) >= 1);
    assert.ok(filtered.view?.rows.every((row) => row.type === removedType), 'only the chosen type');
    assert.ok((filtered.view?.rows.length ?? 0) < rows.length);

    // Unfiltered again, two per page: page 1 says more follow; page 2 holds the next two.
    const page1 = await show(node, { eventType: '', perPage: 2 });
    assert.equal(page1.view?.query.page, 1);
    assert.equal(page1.view?.hasMore, true);
    assert.deepEqual(page1.view?.rows, rows.slice(0, 2));
    assert.match(page1.panel.rendered?.text ?? '', /Page 1/);
    const page2 = await show(node, { page: 2 });
    assert.equal(page2.sentQueryString?.['pagination.page'], '2');
    assert.equal(page2.sentQueryString?.['pagination.per_page'], '2');
    assert.deepEqual(page2.view?.rows, rows.slice(2, 4));
    assert.match(page2.panel.rendered?.text ?? '', /Page 2/);

    // Opened again from the row: the same panel, its query kept.
    const again = await vscode.commands.executeCommand<EventsPanelState | undefined>(SHOW_EVENTS, node);
    assert.equal(again?.view?.query.page, 2);
    assert.equal(vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview && /^Events/.test(tab.label)).length, 1);
  });
});
