/**
 * The destination a company may add to a collaboration (Add Destination): one of its own
 * destination instances (Document 2 §2.5, §4.6), whether the catalog attached it to a
 * collaboration or Create Destination Instance made it on this server. A collaboration keeps
 * the destination by ID; what it lists and shows is read from the instance.
 */
import type { CatalogDestination } from '../data/catalog-schema';
import { destinationInstances } from './destination-access';
import type { RouteContext } from './route-context';

/** The caller company's instance `destinationId`, as a collaboration keeps it, or undefined. */
export function findOwnedDestination(context: RouteContext, destinationId: string): CatalogDestination | undefined {
  const instance = destinationInstances(context).find(destinationId);
  if (instance?.ownerCompanyId !== context.caller.companyId) return undefined;
  return {
    id: instance.id,
    name: instance.name,
    description: instance.description,
    destination_type_id: instance.destinationTypeId,
    owner_company_id: instance.ownerCompanyId,
    config: structuredClone(instance.config),
    editable_paths: [...instance.editablePaths],
  };
}
