/**
 * Where an activation segment may be exported (seed 001 §4.5): List Activation Segment
 * Destinations and Get Activation Segment Destination Push Schema. Both need membership of
 * the collaboration, like reading the segment. The list holds the collaboration's destinations
 * an export of this segment would accept — those whose owner the segment's target dataset
 * lists in `exportable_to_members` — so that choosing from it never ends in a 403.
 */
import type { CatalogCollaboration } from '../../data/catalog-schema';
import type { DestinationInstanceRecord } from '../../destinations/destination-instances';
import { pushSchemaOf } from '../../destinations/push-schema';
import type { SegmentRecord } from '../../state/emulator-state';
import { targetOf } from '../../views/v2-segment-view';
import { requireWellFormedId } from '../management-policy';
import { collaborationDatasets, requireCollaboration } from '../query-scope';
import { destinationOverviewPage, reachableDestinations } from '../reachable-destinations';
import { notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { findSegment } from './v2-segment-routes';

/** The destinations an export of the segment may go to. */
export function exportTargets(context: RouteContext, collaboration: CatalogCollaboration, segment: SegmentRecord): DestinationInstanceRecord[] {
  return reachableDestinations(context, collaboration, targetOf(segment, collaborationDatasets(context.data, collaboration))?.name ?? '');
}

export const listActivationSegmentDestinationsRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const segment = findSegment(context, collaboration);
  return destinationOverviewPage(context, exportTargets(context, collaboration, segment));
};

export const getActivationSegmentDestinationPushSchemaRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const segment = findSegment(context, collaboration);
  const id = requireWellFormedId(param(context, 'destination_id'), 'destination_id');
  const instance = exportTargets(context, collaboration, segment).find((candidate) => candidate.id === id);
  // One answer for a destination not in the collaboration and one this segment may not reach.
  if (!instance) throw notFound(`unknown destination ${quote(id)} for activation segment ${quote(segment.id)} in collaboration ${quote(collaboration.id)}`);
  return { push_schema: pushSchemaOf(instance) };
};
