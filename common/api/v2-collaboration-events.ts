/**
 * The collaboration event log (seed 001 §2.8, §6): List Collaboration Events (paged; filter
 * on `event_type` and `company_id`, order by `event_date_time`) and Export Collaboration
 * Events (the same events as CSV text). Schemas are the generated ones, with the event and
 * entity types read as open strings: seed 001 §2.8 says their full sets are not shown, so a
 * value the swagger does not list must not make a whole page unreadable.
 */
import { z } from 'zod';
import {
  zCollaborationManagementCollaborationEvent, zCollaborationManagementEventEntity, zExportCollaborationEventsResponse,
  zListCollaborationEventsResponse,
} from './generated/v2-in-use/zod.gen';

export const CollaborationEventEntitySchema = zCollaborationManagementEventEntity.extend({ type: z.string().optional() });
export type CollaborationEventEntity = z.output<typeof CollaborationEventEntitySchema>;

export const CollaborationEventSchema = zCollaborationManagementCollaborationEvent.extend({
  entities: z.array(CollaborationEventEntitySchema).optional(),
  type: z.string().optional(),
});
export type CollaborationEvent = z.output<typeof CollaborationEventSchema>;

export const ListCollaborationEventsResponseSchema = zListCollaborationEventsResponse.extend({
  events: z.array(CollaborationEventSchema).default([]),
});
export type ListCollaborationEventsResponse = z.output<typeof ListCollaborationEventsResponseSchema>;

/** The CSV text of Export Collaboration Events (the swagger's free-form byte stream). */
export const ExportCollaborationEventsResponseSchema = zExportCollaborationEventsResponse;
export type ExportCollaborationEventsResponse = z.output<typeof ExportCollaborationEventsResponseSchema>;
