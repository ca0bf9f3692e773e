/**
 * What the Events panel shows: one page of a collaboration's event log (List Collaboration
 * Events) as text rows, the query that asked for it, the choices of its filters, and whether
 * more pages exist. Built by the extension host (client/src/webviews/events-view-model.ts),
 * drawn by the webview (client/webview/events). Shared by both sides: neither 'vscode' nor
 * the DOM.
 *
 * Every string here may come from the service and is drawn as text, never as markup.
 */
import * as z from 'zod/mini';

/** The largest page the service serves (`pagination.per_page`, seed 000 §4.2). */
export const EVENTS_MAX_PER_PAGE = 500;
/** The page sizes the panel offers. */
export const EVENTS_PAGE_SIZES = [25, 50, 100, 500] as const;

/** An event type or a company id as the panel filters on it: the service's own word, no spaces. */
const FilterValueSchema = z.string().check(z.maxLength(200), z.regex(/^[^\s'"]+$/));

/** What the panel asks for: one page, its size and order, and at most one value per filter. */
export const EventsQuerySchema = z.object({
  page: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000)),
  perPage: z.number().check(z.int(), z.minimum(1), z.maximum(EVENTS_MAX_PER_PAGE)),
  /** `desc`: newest first (the panel's default); `asc`: the log's own order. */
  order: z.enum(['desc', 'asc']),
  eventType: z.optional(FilterValueSchema),
  companyId: z.optional(FilterValueSchema),
});
export type EventsQuery = z.infer<typeof EventsQuerySchema>;

export const EventRowSchema = z.object({
  time: z.string(),
  type: z.string(),
  /** The member's display name when the collaboration lists it, else the company id. */
  company: z.string(),
  companyId: z.string(),
  message: z.string(),
  /** Each entity as `type name (id)`, whatever of it the event carries. */
  entities: z.array(z.string()),
});
export type EventRow = z.infer<typeof EventRowSchema>;

export const EventsChoiceSchema = z.object({ value: z.string(), label: z.string() });
export type EventsChoice = z.infer<typeof EventsChoiceSchema>;

export const EventsViewSchema = z.object({
  /** New for every page drawn, so the page's `rendered` report names the page it drew. */
  id: z.string(),
  collaboration: z.object({ id: z.string(), name: z.string() }),
  /** The query of the rows shown (a failed query leaves the previous page and its query). */
  query: EventsQuerySchema,
  rows: z.array(EventRowSchema),
  /** Whether the service said a next page exists. */
  hasMore: z.boolean(),
  totalResults: z.optional(z.number()),
  eventTypes: z.array(EventsChoiceSchema),
  companies: z.array(EventsChoiceSchema),
  /** A page is being asked for. */
  loading: z.boolean(),
  /** The service's own message when the last page asked for could not be read. */
  error: z.optional(z.string()),
});
export type EventsView = z.infer<typeof EventsViewSchema>;

/** The first page, 100 events, newest first, unfiltered. */
export const DEFAULT_EVENTS_QUERY: EventsQuery = { page: 1, perPage: 100, order: 'desc' };

/** A change the panel's controls make to the query. */
export type EventsQueryChange =
  | { readonly kind: 'eventType' | 'companyId'; readonly value: string }
  | { readonly kind: 'perPage'; readonly value: number }
  | { readonly kind: 'next' | 'previous' | 'toggleOrder' };

/**
 * The query after `change`: a new filter, page size or order starts again at page 1 (the old
 * page number would point elsewhere); Previous never goes below page 1. An empty filter value
 * removes the filter.
 */
export function changeEventsQuery(query: EventsQuery, change: EventsQueryChange): EventsQuery {
  switch (change.kind) {
    case 'next':
      return { ...query, page: query.page + 1 };
    case 'previous':
      return { ...query, page: Math.max(1, query.page - 1) };
    case 'toggleOrder':
      return { ...query, page: 1, order: query.order === 'desc' ? 'asc' : 'desc' };
    case 'perPage':
      return { ...query, page: 1, perPage: Math.min(EVENTS_MAX_PER_PAGE, Math.max(1, Math.trunc(change.value))) };
    case 'eventType':
    case 'companyId': {
      const next: EventsQuery = { ...query, page: 1 };
      if (change.value === '') delete next[change.kind];
      else next[change.kind] = change.value;
      return next;
    }
  }
}
