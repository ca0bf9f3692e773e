/**
 * Where an activation segment may be exported (seed 001 §4.5): List Activation Segment
 * Destinations and Get Activation Segment Destination Push Schema. Both need membership of
 * the collaboration, like reading the segment. The list holds the collaboration's destinations
 * an export of this segment would accept — those whose owner the segment's target dataset
 * lists in `exportable_to_members` — so that choosing from it never ends in a 403.
 */
import { mayExportTo } from '../../access/access-rules';
import type { CatalogCollaboration } from '../../data/catalog-schema';
import type { DestinationInstanceRecord } from '../../destinations/destination-instances';
import { pushSchemaOf } from '../../destinations/push-schema';
import type { SegmentRecord } from '../../state/emulator-state';
import { targetOf } from '../../views/v2-segment-view';
import { destinationInstances } from '../destination-access';
import { applyListParams } from '../list-params';
import type { ListFields } from '../list-params';
import { requireWellFormedId } from '../management-policy';
import { paginate, readPageRequest } from '../pagination';
import { collaborationDatasets, requireCollaboration } from '../query-scope';
import { notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { findSegment } from './v2-segment-routes';

/** The swagger's order_by columns; filters on the type and owner are what a picker needs. */
const FIELDS: ListFields = {
  filter: { destination_type_id: 'destination_type_id', owner_id: 'owner_id' },
  orderBy: ['name', 'created_time', 'destination_type_id'],
};

function exportTargets(context: RouteContext, collaboration: CatalogCollaboration, segment: SegmentRecord): DestinationInstanceRecord[] {
  const target = targetOf(segment, collaborationDatasets(context.data, collaboration))?.name ?? '';
  const instances = destinationInstances(context);
  return collaboration.destinations
    .flatMap((destination) => instances.find(destination.id) ?? [])
    .filter((instance) => mayExportTo(collaboration, target, instance.ownerCompanyId));
}

export const listActivationSegmentDestinationsRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const segment = findSegment(context, collaboration);
  const items = exportTargets(context, collaboration, segment).map((instance) => ({
    created_time: instance.createdTime,
    description: instance.description,
    destination_type_id: instance.destinationTypeId,
    id: instance.id,
    name: instance.name,
    owner_id: instance.ownerCompanyId,
  }));
  // The swagger's default order is `created_time DESC`; the sort is stable, so equal times keep their order.
  if (!context.query.get('order_by')) items.reverse();
  const page = paginate(applyListParams(items, context.query, FIELDS), readPageRequest(context.query));
  return { destinations: page.items, pagination: page.pagination };
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
