/**
 * Show Events on a collaboration row: opens (or reveals) that collaboration's Events panel
 * (client/src/webviews/events-panel.ts). Each page is one List Collaboration Events call for
 * the row's profile; the company names come from Get Collaboration; Export CSV… runs Export
 * Event Log as CSV… on the same row.
 *
 * For tests and scripts the command takes a query as its second argument (`{ eventType: … }`,
 * `{ page: 2 }`, `{ eventType: '' }` to clear it, …: what the panel's controls would send) and resolves to the panel's state
 * once that page is shown: the query sent and the rows drawn.
 */
import * as vscode from 'vscode';
import { DEFAULT_EVENTS_QUERY, EventsQuerySchema } from '../../../common/webview/events-view';
import type { EventsQuery } from '../../../common/webview/events-view';
import type { ExtensionServices } from '../extension-services';
import { EventsPanels } from '../webviews/events-panel';
import type { EventsPanelState, EventsSource } from '../webviews/events-panel';
import { COLLABORATION_COMMANDS } from './collaboration-commands';
import { serviceOrWarn } from './dataset-commands';
import { oneLine } from './display-text';
import type { CollaborationNode } from './explorer-node';

export const SHOW_EVENTS_COMMAND = 'iql.collaboration.showEvents';
/** Internal (not declared): the state of every open Events panel, for tests and diagnostics. */
export const EVENTS_PANELS_STATE_COMMAND = 'iql.events.state';

export function registerEventsPanel(services: ExtensionServices): vscode.Disposable[] {
  const panels = new EventsPanels(services);
  return [
    panels,
    vscode.commands.registerCommand(SHOW_EVENTS_COMMAND, (node?: CollaborationNode, query?: Partial<EventsQuery>) => showEvents(services, panels, node, query)),
    vscode.commands.registerCommand(EVENTS_PANELS_STATE_COMMAND, () => panels.states()),
  ];
}

async function showEvents(services: ExtensionServices, panels: EventsPanels, node: CollaborationNode | undefined, given: Partial<EventsQuery> | undefined): Promise<EventsPanelState | undefined> {
  if ((node as { kind?: unknown } | undefined)?.kind !== 'collaboration' || node === undefined) {
    void vscode.window.showInformationMessage('Run this command on a collaboration in the IQL Clean Room explorer.');
    return undefined;
  }
  // Say at once when there is no way to the service, rather than in an empty panel.
  if ((await serviceOrWarn(services, node.profile)) === undefined) return undefined;
  const key = `${node.profile}\n${node.collaboration.id}`;
  let query: EventsQuery | undefined;
  if (given !== undefined) {
    // The current query, changed as given; an empty filter value removes that filter.
    const merged: Partial<EventsQuery> = { ...(panels.currentQuery(key) ?? DEFAULT_EVENTS_QUERY), ...given };
    if (merged.eventType === '') delete merged.eventType;
    if (merged.companyId === '') delete merged.companyId;
    const parsed = EventsQuerySchema.safeParse(merged);
    if (!parsed.success) {
      void vscode.window.showWarningMessage(`Show Events: this query cannot be asked for: ${parsed.error.message}`);
      return undefined;
    }
    query = parsed.data;
  }
  return panels.open(key, eventsSource(services, node), query);
}

/** The service calls of one collaboration row; each asks the gateway anew, so a changed key or trust applies at once. */
function eventsSource(services: ExtensionServices, node: CollaborationNode): EventsSource {
  const collaboration_id = node.collaboration.id;
  return {
    collaboration: { id: collaboration_id, name: oneLine(node.collaboration.name || collaboration_id) },
    async listEvents(query) {
      const client = await services.service.forProfile(node.profile);
      return client.ok ? client.value.call('listCollaborationEvents', { params: { collaboration_id }, query }) : client;
    },
    async members() {
      const client = await services.service.forProfile(node.profile);
      if (!client.ok) return client;
      const answer = await client.value.call('getCollaboration', { params: { collaboration_id } });
      if (answer.ok) return { ok: true, value: { members: answer.value.collaboration.members, ...(answer.value.collaboration.owner ? { owner: answer.value.collaboration.owner } : {}) } };
      // The row's own list of members is the fallback: names are a nicety, not a reason to fail.
      return { ok: true, value: { members: node.collaboration.members, ...(node.collaboration.owner ? { owner: node.collaboration.owner } : {}) } };
    },
    exportEvents() {
      void vscode.commands.executeCommand(COLLABORATION_COMMANDS.exportEvents, node);
    },
  };
}
