/**
 * The Events panel: one page of a collaboration's event log at a time, one panel per
 * collaboration (reused when opened again). Each page is one List Collaboration Events call
 * made here, in the extension host, when the page asks for it (`eventsQuery`); the latest
 * request wins, and a failure shows the service's own message in the panel while the
 * previous page stays.
 */
import type * as vscode from 'vscode';
import type { CollaborationMember, ListCollaborationEventsResponse } from '../../../common/api';
import type { ServiceResult } from '../../../common/service-result';
import { DEFAULT_EVENTS_QUERY } from '../../../common/webview/events-view';
import type { EventRow, EventsQuery, EventsView } from '../../../common/webview/events-view';
import { buildEventsView, companyNames, eventRows, eventsQueryString, hasNextPage } from './events-view-model';
import type { EventsPageState } from './events-view-model';
import { WebviewPanelHost } from './webview-panel-host';
import type { EventsAction, PanelState } from './webview-panel-host';

export const EVENTS_VIEW_TYPE = 'iql.events';

/** What a panel needs of the service and the commands, for one collaboration. */
export interface EventsSource {
  readonly collaboration: { readonly id: string; readonly name: string };
  /** One page of the log (List Collaboration Events with this query string). */
  listEvents(query: Record<string, string>): Promise<ServiceResult<ListCollaborationEventsResponse>>;
  /** The collaboration's members and owner, for the company names (Get Collaboration). */
  members(): Promise<ServiceResult<{ members: readonly CollaborationMember[]; owner?: CollaborationMember }>>;
  /** Runs Export Event Log as CSV… for the collaboration. */
  exportEvents(): void;
}

/** What a panel last asked for and showed: the answer of Show Events, for tests and diagnostics. */
export interface EventsPanelState {
  readonly collaborationId: string;
  /** The query of the last page asked for, and its query string as sent. */
  readonly sentQuery?: EventsQuery;
  readonly sentQueryString?: Record<string, string>;
  /** The last view sent to the page: the rows it draws. */
  readonly view?: EventsView;
  readonly panel: PanelState;
}

export interface EventsPanelServices {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
}

class EventsPanel {
  readonly host: WebviewPanelHost;
  private state: EventsPageState;
  private sequence = 0;
  private sent: { query: EventsQuery; queryString: Record<string, string> } | undefined;
  private view: EventsView | undefined;
  private loaded: Promise<void> = Promise.resolve();

  constructor(
    private source: EventsSource,
    private readonly services: EventsPanelServices,
  ) {
    this.state = {
      collaboration: source.collaboration,
      query: DEFAULT_EVENTS_QUERY,
      rows: [],
      hasMore: false,
      seenTypes: new Set(),
      names: new Map(),
      memberIds: [],
      loading: true,
    };
    this.host = new WebviewPanelHost({
      viewType: EVENTS_VIEW_TYPE,
      title: this.title(),
      bundle: 'events',
      extensionUri: services.context.extensionUri,
      log: services.log,
      onAction: (action) => services.log.warn(`The events panel asked for '${action.type}', which it does not offer; ignored.`),
      onEventsAction: (action) => this.act(action),
    });
  }

  /** Takes the latest source (a reopened panel may come from another row of the same collaboration). */
  use(source: EventsSource): void {
    this.source = source;
  }

  /** Reads the members' names, then the page `query`; resolves when that page (or its failure) is shown. */
  async open(query: EventsQuery): Promise<void> {
    await this.loadMembers();
    await this.load(query);
  }

  /** Asks for the page `query`; resolves when its answer is shown, or dropped for a newer request. */
  load(query: EventsQuery): Promise<void> {
    const sequence = ++this.sequence;
    const queryString = eventsQueryString(query);
    this.sent = { query, queryString };
    this.update({ ...this.state, loading: true }, false);
    const loading = this.source.listEvents(queryString).then(
      (answer) => {
        if (sequence !== this.sequence || this.host.isDisposed) return;
        if (!answer.ok) {
          const message = answer.error.serviceMessage ?? answer.error.message;
          this.services.log.info(`Events of ${this.state.collaboration.id}: ${message}`);
          this.update({ ...this.state, loading: false, error: message }, true);
          return;
        }
        const rows: EventRow[] = eventRows(answer.value.events, this.state.names);
        const seenTypes = new Set(this.state.seenTypes);
        for (const row of rows) if (row.type !== '') seenTypes.add(row.type);
        const kept = withoutOutcome(this.state);
        const total = answer.value.pagination?.total_results;
        const hasMore = hasNextPage(answer.value.pagination, query.page);
        this.update({ ...kept, query, rows, hasMore, seenTypes, loading: false, ...(total === undefined ? {} : { totalResults: total }) }, true);
      },
      (error: unknown) => {
        // A call returns a result; a throw here is a bug, shown calmly like a failure.
        if (sequence === this.sequence) this.update({ ...this.state, loading: false, error: error instanceof Error ? error.message : String(error) }, true);
      },
    );
    this.loaded = loading;
    return loading;
  }

  /** Resolves once the page last asked for is shown. */
  settled(): Promise<void> {
    return this.loaded;
  }

  snapshot(): EventsPanelState {
    return {
      collaborationId: this.state.collaboration.id,
      ...(this.sent ? { sentQuery: this.sent.query, sentQueryString: this.sent.queryString } : {}),
      ...(this.view ? { view: this.view } : {}),
      panel: this.host.state(),
    };
  }

  reveal(): void {
    this.host.panel.reveal(undefined, false);
  }

  private async loadMembers(): Promise<void> {
    const answer = await this.source.members();
    if (!answer.ok) {
      this.services.log.info(`Members of ${this.state.collaboration.id} for the events panel: ${answer.error.message}`);
      return;
    }
    const names = companyNames(answer.value.members, answer.value.owner);
    const memberIds = [...answer.value.members, ...(answer.value.owner ? [answer.value.owner] : [])].flatMap((member) => (member.id ? [member.id] : []));
    // Rows already drawn take the names too.
    const rows = this.state.rows.map((row) => ({ ...row, company: names.get(row.companyId) ?? row.company }));
    this.state = { ...this.state, names, memberIds, rows };
  }

  private update(next: EventsPageState, reveal: boolean): void {
    this.state = next;
    this.view = buildEventsView(this.state, `${this.state.collaboration.id}#${this.sequence}${this.state.loading ? ':loading' : ''}`);
    this.host.show({ type: 'showEvents', view: this.view }, this.title(), reveal);
  }

  private title(): string {
    return `Events · ${this.state.collaboration.name}`;
  }

  private act(action: EventsAction): void {
    if (action.type === 'exportEvents') {
      this.source.exportEvents();
      return;
    }
    void this.load(action.query);
  }
}

/** The state without the previous answer's error and total. */
function withoutOutcome({ error, totalResults, ...kept }: EventsPageState): EventsPageState {
  void error;
  void totalResults;
  return kept;
}

/** The open Events panels, one per profile and collaboration. */
export class EventsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, EventsPanel>();

  constructor(private readonly services: EventsPanelServices) {}

  /**
   * Opens (or reveals) the panel of `key` and shows `query`: a new panel starts at the default
   * query, a reopened one keeps its own unless `query` is given. Resolves to the panel's state
   * once that page is shown.
   */
  async open(key: string, source: EventsSource, query?: EventsQuery): Promise<EventsPanelState> {
    const panel = this.panels.get(key);
    if (panel === undefined || panel.host.isDisposed) {
      const created = new EventsPanel(source, this.services);
      created.host.onDidDispose(() => {
        if (this.panels.get(key) === created) this.panels.delete(key);
      });
      this.panels.set(key, created);
      await created.open(query ?? DEFAULT_EVENTS_QUERY);
      return created.snapshot();
    }
    panel.use(source);
    panel.reveal();
    if (query !== undefined) await panel.load(query);
    else await panel.settled();
    return panel.snapshot();
  }

  /** The current query of the panel of `key`, if it is open. */
  currentQuery(key: string): EventsQuery | undefined {
    return this.panels.get(key)?.snapshot().view?.query;
  }

  states(): EventsPanelState[] {
    return [...this.panels.values()].map((panel) => panel.snapshot());
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.host.dispose();
    this.panels.clear();
  }
}
