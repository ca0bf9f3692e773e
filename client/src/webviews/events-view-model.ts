/**
 * The Events panel's pure parts: its query as List Collaboration Events' query string (the
 * emulator's and the swagger's `filter` syntax: `<field> eq <value>` joined by `and`, on
 * `event_type` and `company_id`; `order_by=event_date_time DESC|ASC`), the service's events
 * as text rows, the filters' choices, and the view the page draws. No 'vscode' here.
 */
import type { CollaborationEvent, CollaborationEventEntity, CollaborationMember, PaginationResponse } from '../../../common/api';
import type { CollaborationManagementEventType } from '../../../common/api/generated/v2/types.gen';
import type { EventRow, EventsChoice, EventsQuery, EventsView } from '../../../common/webview/events-view';

/**
 * The swagger's event types (CollaborationManagementEventType), but TYPE_INVALID. The list is
 * written out because the client may not load the generated schemas at activation; the two
 * checks below fail the build when the swagger's enum and this list differ.
 */
export const SWAGGER_EVENT_TYPES = [
  'TYPE_COLLABORATION_CREATED', 'TYPE_DESTINATION_ADDED', 'TYPE_DESTINATION_REMOVED', 'TYPE_INSIGHT_DATASET_ADDED', 'TYPE_INSIGHT_DATASET_REMOVED',
  'TYPE_ACTIVATION_DATASET_ADDED', 'TYPE_ACTIVATION_DATASET_REMOVED', 'TYPE_COLLABORATION_CLOSED', 'TYPE_COLLABORATION_LEFT',
  'TYPE_ACTIVATION_QUERY_RESULTS_EXPORTED', 'TYPE_ACTIVATION_QUERY_SUCCESSFUL', 'TYPE_INSIGHT_QUERY_SUCCESSFUL', 'TYPE_DATASET_PUBLISHED',
  'TYPE_AUDIENCE_CREATED', 'TYPE_AUDIENCE_DELETED', 'TYPE_SEGMENT_CREATED', 'TYPE_SEGMENT_DELETED', 'TYPE_PRIVATE_PATH_ID_ROTATED',
  'TYPE_DATASET_ADDED', 'TYPE_DATASET_REMOVED', 'TYPE_ACTIVATION_SEGMENT_CALCULATED', 'TYPE_ACTIVATION_SEGMENT_EXPORTED',
  'TYPE_ACTIVATION_SEGMENT_EXPORT_AUTOMATED',
] as const satisfies readonly CollaborationManagementEventType[];
type Missing = Exclude<CollaborationManagementEventType, (typeof SWAGGER_EVENT_TYPES)[number] | 'TYPE_INVALID'>;
const allListed: [Missing] extends [never] ? true : Missing = true;
void allListed;

/** The query string of one page: `pagination.page`, `pagination.per_page`, `order_by`, and `filter` when filtered. */
export function eventsQueryString(query: EventsQuery): Record<string, string> {
  const filter = eventsFilter(query);
  return {
    'pagination.page': String(query.page),
    'pagination.per_page': String(query.perPage),
    order_by: `event_date_time ${query.order === 'desc' ? 'DESC' : 'ASC'}`,
    ...(filter === undefined ? {} : { filter }),
  };
}

/** `event_type eq X and company_id eq Y`, either part alone, or undefined without filters. */
export function eventsFilter(query: Pick<EventsQuery, 'eventType' | 'companyId'>): string | undefined {
  const conditions = [
    ...(query.eventType ? [`event_type eq ${query.eventType}`] : []),
    ...(query.companyId ? [`company_id eq ${query.companyId}`] : []),
  ];
  return conditions.length === 0 ? undefined : conditions.join(' and ');
}

/** Whether the service says another page follows the one just read (a `next_page` past it). */
export function hasNextPage(pagination: PaginationResponse | undefined, page: number): boolean {
  const next = pagination?.next_page;
  return typeof next === 'number' && next > page;
}

/** Member company ids → display names (the owner too, when listed apart). */
export function companyNames(members: readonly CollaborationMember[], owner?: CollaborationMember): Map<string, string> {
  const names = new Map<string, string>();
  for (const member of owner ? [owner, ...members] : members) {
    if (member.id && member.display_name && !names.has(member.id)) names.set(member.id, member.display_name);
  }
  return names;
}

/** One row per event, in the service's order; a missing field is an empty cell. */
export function eventRows(events: readonly CollaborationEvent[], names: ReadonlyMap<string, string>): EventRow[] {
  return events.map((event) => {
    const companyId = event.company_id ?? '';
    return {
      time: formatEventTime(event.event_date_time ?? ''),
      type: event.type ?? '',
      company: names.get(companyId) ?? companyId,
      companyId,
      message: event.message ?? '',
      entities: (event.entities ?? []).map(describeEntity),
    };
  });
}

/** `2024-05-01T10:00:00Z` → `2024-05-01 10:00:00 UTC`; any other text as it is. */
export function formatEventTime(text: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (!match) return text;
  const zone = match[3] === undefined ? '' : match[3] === 'Z' ? ' UTC' : ` ${match[3]}`;
  return `${match[1]} ${match[2]}${zone}`;
}

/** `dataset shop (DS.1)`: the entity's kind without its prefix, its name and its id, whichever exist. */
function describeEntity(entity: CollaborationEventEntity): string {
  const kind = entity.type && entity.type !== 'ENTITY_INVALID' ? entity.type.replace(/^ENTITY_/, '').replace(/_/g, ' ').toLowerCase() : '';
  const name = entity.name ?? '';
  const id = entity.id && entity.id !== name ? entity.id : '';
  return [kind, name, id && (name ? `(${id})` : id)].filter((part) => part !== '').join(' ');
}

/** `TYPE_INSIGHT_DATASET_ADDED` → `Insight dataset added`. */
export function eventTypeLabel(type: string): string {
  const words = type.replace(/^TYPE_/, '').replace(/_/g, ' ').toLowerCase();
  return words === '' ? type : words.charAt(0).toUpperCase() + words.slice(1);
}

/** The event types seen so far and the swagger's, each once, sorted by label. */
export function eventTypeChoices(seen: Iterable<string>): EventsChoice[] {
  const types = new Set<string>([...seen].filter((type) => type !== ''));
  for (const type of SWAGGER_EVENT_TYPES) types.add(type);
  return [...types].map((value) => ({ value, label: eventTypeLabel(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

/** The members as filter choices, by display name (the id when there is none). */
export function companyChoices(names: ReadonlyMap<string, string>, memberIds: Iterable<string>): EventsChoice[] {
  const ids = new Set([...names.keys(), ...memberIds]);
  return [...ids].filter((id) => id !== '').map((value) => ({ value, label: names.get(value) ?? value })).sort((a, b) => a.label.localeCompare(b.label));
}

/** What the panel knows: the page shown (with its query), what it is asking for, and the collaboration's names. */
export interface EventsPageState {
  readonly collaboration: { readonly id: string; readonly name: string };
  readonly query: EventsQuery;
  readonly rows: readonly EventRow[];
  readonly hasMore: boolean;
  readonly totalResults?: number;
  readonly seenTypes: ReadonlySet<string>;
  readonly names: ReadonlyMap<string, string>;
  readonly memberIds: readonly string[];
  readonly loading: boolean;
  readonly error?: string;
}

export function buildEventsView(state: EventsPageState, id: string): EventsView {
  return {
    id,
    collaboration: { ...state.collaboration },
    query: state.query,
    rows: [...state.rows],
    hasMore: state.hasMore,
    ...(state.totalResults === undefined ? {} : { totalResults: state.totalResults }),
    eventTypes: eventTypeChoices(state.seenTypes),
    companies: companyChoices(state.names, state.memberIds),
    loading: state.loading,
    ...(state.error === undefined ? {} : { error: state.error }),
  };
}
