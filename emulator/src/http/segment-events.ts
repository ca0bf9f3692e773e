/**
 * The events a segment's work appends to its collaboration's log (seed 001 §2.8, §6):
 * TYPE_ACTIVATION_SEGMENT_CALCULATED and TYPE_ACTIVATION_SEGMENT_EXPORTED. Each is appended
 * when the work is asked for, not when it ends: the log says who did what in the
 * collaboration, and the calculation or export itself reports how it went (status and its
 * ErrorInfo, §7). `metadata` carries the ID that work is polled by.
 */
import type { CollaborationEventEntity } from '../../../common/api';
import type { CatalogCollaboration, CatalogDestination } from '../data/catalog-schema';
import type { SegmentRecord } from '../state/emulator-state';
import { actorEntities, actorName } from './event-actors';
import type { RouteContext } from './route-context';

function segmentEntity(segment: SegmentRecord): CollaborationEventEntity {
  return { company_id: segment.creatorCompanyId, id: segment.id, name: segment.name, type: 'ENTITY_ACTIVATION_SEGMENT' };
}

export function appendSegmentCalculated(context: RouteContext, collaboration: CatalogCollaboration, segment: SegmentRecord, queryId: string): void {
  context.state.management.events.append(context.data, collaboration, {
    type: 'TYPE_ACTIVATION_SEGMENT_CALCULATED',
    companyId: context.caller.companyId,
    message: `${actorName(context)} calculated the activation segment '${segment.name}'`,
    entities: [...actorEntities(context), segmentEntity(segment)],
    metadata: { query_id: queryId },
  });
}

export function appendSegmentExported(
  context: RouteContext, collaboration: CatalogCollaboration, segment: SegmentRecord, destination: CatalogDestination, exportId: string,
): void {
  context.state.management.events.append(context.data, collaboration, {
    type: 'TYPE_ACTIVATION_SEGMENT_EXPORTED',
    companyId: context.caller.companyId,
    message: `${actorName(context)} exported the activation segment '${segment.name}' to the destination '${destination.name}'`,
    entities: [
      ...actorEntities(context),
      segmentEntity(segment),
      { company_id: destination.owner_company_id, id: destination.id, name: destination.name, type: 'ENTITY_DESTINATION' },
    ],
    metadata: { export_id: exportId, destination_id: destination.id },
  });
}
