/**
 * The destination instances a company owns, for Add Destination. Until the emulator keeps
 * destination instances of its own (Document 2 §4.6), they are the destinations its catalog
 * attaches to any collaboration, found by ID; a company may attach only its own.
 */
import type { Caller } from '../access/access-rules';
import type { CatalogDestination } from '../data/catalog-schema';
import type { EmulatorData } from '../data/loaded-data';

/** The destination with this ID owned by the caller's company, or undefined. */
export function findOwnedDestination(data: EmulatorData, caller: Caller, destinationId: string): CatalogDestination | undefined {
  for (const collaboration of data.catalog.collaborations) {
    const found = collaboration.destinations.find((destination) => destination.id === destinationId && destination.owner_company_id === caller.companyId);
    if (found) return found;
  }
  return undefined;
}
