/**
 * Who may see and change a destination instance. An instance belongs to the company that owns
 * it: only that company lists, reads, changes or deletes it. Another company's instance is
 * 404, worded as for one that does not exist, unless the caller already knows of it through a
 * collaboration both belong to (List Destinations shows it there): then it is 403, because
 * hiding what the caller has seen would only confuse, and the right it lacks is ownership.
 */
import type { Caller } from '../access/access-rules';
import { visibleCollaborations } from '../access/access-rules';
import { DestinationInstances } from '../destinations/destination-instances';
import type { DestinationInstanceRecord } from '../destinations/destination-instances';
import { companyUserId } from '../views/company-user';
import { forbidden, notFound, quote } from './reply-error';
import type { RouteContext } from './route-context';
import { EMULATOR_EPOCH } from './wire-time';

/** This server's destination instances, made from its collaborations on first use. */
export function destinationInstances(context: RouteContext): DestinationInstances {
  context.state.destinationInstances ??= new DestinationInstances(
    context.data.catalog.collaborations,
    (companyId) => companyUserId(context.data, companyId),
    EMULATOR_EPOCH,
  );
  return context.state.destinationInstances;
}

/** The instances the caller's company owns, in creation order. */
export function ownedInstances(context: RouteContext): DestinationInstanceRecord[] {
  return destinationInstances(context).all().filter((instance) => instance.ownerCompanyId === context.caller.companyId);
}

/** The instance `id` if the caller's company owns it; 403 or 404 otherwise (see above). */
export function requireOwnedInstance(context: RouteContext, id: string, action: string): DestinationInstanceRecord {
  const instance = destinationInstances(context).find(id);
  if (instance?.ownerCompanyId === context.caller.companyId) return instance;
  if (instance !== undefined && knowsThroughCollaboration(context, context.caller, id)) {
    throw forbidden(`destination ${quote(id)} belongs to another company: only its owner may ${action} it`);
  }
  throw notFound(`unknown destination instance ${quote(id)}`);
}

function knowsThroughCollaboration(context: RouteContext, caller: Caller, id: string): boolean {
  return visibleCollaborations(context.data, caller).some((collaboration) => collaboration.destinations.some((destination) => destination.id === id));
}

/** The collaborations whose destinations name the instance, for refusing to delete one in use. */
export function collaborationsUsing(context: RouteContext, id: string): string[] {
  return context.data.catalog.collaborations
    .filter((collaboration) => collaboration.destinations.some((destination) => destination.id === id))
    .map((collaboration) => collaboration.id);
}
