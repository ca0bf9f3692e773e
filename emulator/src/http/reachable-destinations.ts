/**
 * The destinations rows of a collaboration dataset may reach, and how a list of them is shown
 * (seed 001 §4.5: List Activation Segment Destinations and the deprecated List Activation
 * Destinations). A destination qualifies when its owner is among the dataset's
 * `exportable_to_members`, so choosing from such a list never ends in a 403.
 */
import { mayExportTo } from '../access/access-rules';
import type { CatalogCollaboration } from '../data/catalog-schema';
import type { DestinationInstanceRecord } from '../destinations/destination-instances';
import { destinationInstances } from './destination-access';
import { applyListParams } from './list-params';
import type { ListFields } from './list-params';
import { paginate, readPageRequest } from './pagination';
import type { RouteContext } from './route-context';

/** The swagger's order_by columns; filters on the type and owner are what a picker needs. */
const FIELDS: ListFields = {
  filter: { destination_type_id: 'destination_type_id', owner_id: 'owner_id' },
  orderBy: ['name', 'created_time', 'destination_type_id'],
};

/** The collaboration's destination instances that rows of its dataset `datasetName` may go to. */
export function reachableDestinations(context: RouteContext, collaboration: CatalogCollaboration, datasetName: string): DestinationInstanceRecord[] {
  const instances = destinationInstances(context);
  return collaboration.destinations
    .flatMap((destination) => instances.find(destination.id) ?? [])
    .filter((instance) => mayExportTo(collaboration, datasetName, instance.ownerCompanyId));
}

/** One page of `instances` as destination overviews, after the request's filter and order_by (default `created_time DESC`). */
export function destinationOverviewPage(context: RouteContext, instances: readonly DestinationInstanceRecord[]): { destinations: unknown[]; pagination: unknown } {
  const items = instances.map((instance) => ({
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
}
