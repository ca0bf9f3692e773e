/**
 * The collaboration event log (seed 001 §4.4, §6): List Collaboration Events (paged) and
 * Export Collaboration Events (CSV). Both need the `detailed_logs` right (seed 001 §5 names
 * them for it) and stay readable after the collaboration is closed; a company that left is no
 * longer a member and gets 404. Filters and order columns are the swagger's: `event_type` and
 * `company_id`, `event_date_time`. Without `order_by` the log reads oldest first.
 */
import { stringify } from 'csv-stringify/sync';
import type { CollaborationEvent } from '../../../../common/api';
import { applyListParams } from '../list-params';
import type { ListFields } from '../list-params';
import { memberCollaboration, requireRight } from '../management-policy';
import { paginate, readPageRequest } from '../pagination';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';

const EVENT_FIELDS: ListFields = { filter: { event_type: 'type', company_id: 'company_id' }, orderBy: ['event_date_time'] };

/** The events the request asks for, filtered and ordered, after the membership and right checks. */
function selectedEvents(context: RouteContext): CollaborationEvent[] {
  const collaboration = memberCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  requireRight(collaboration, context.caller, 'detailed_logs', 'read its event log');
  return applyListParams(context.state.management.events.eventsOf(context.data, collaboration), context.query, EVENT_FIELDS);
}

export const listCollaborationEventsRoute: RouteHandler = (context) => {
  const page = paginate(selectedEvents(context), readPageRequest(context.query));
  return { events: page.items, pagination: page.pagination };
};

/**
 * One row per event under a header; entities and metadata are JSON in their cells, so nothing
 * of an event is lost. Cells that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`)
 * are escaped: names and messages carry text that members chose.
 */
export const exportCollaborationEventsRoute: RouteHandler = (context) =>
  stringify(
    selectedEvents(context).map((event) => [
      event.event_date_time ?? '',
      event.type ?? '',
      event.company_id ?? '',
      event.message ?? '',
      JSON.stringify(event.entities ?? []),
      JSON.stringify(event.metadata ?? {}),
    ]),
    { header: true, columns: ['event_date_time', 'type', 'company_id', 'message', 'entities', 'metadata'], escape_formulas: true },
  );
