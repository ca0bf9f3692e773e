/**
 * Which company the profile's key belongs to. No operation says so directly; what the company
 * owns does: the owner of its first dataset (List Datasets 2.0 lists only the caller's), else
 * of its first destination instance. Undefined when it owns neither, or the service cannot be
 * asked: the views then offer every action and let the service decide.
 */
import type { ProfileService } from '../service/profile-service';

export async function findOwnCompany(service: ProfileService, signal: AbortSignal): Promise<string | undefined> {
  const datasets = await service.call('listDatasetsV2', { query: { 'pagination.per_page': 1 } }, { signal });
  const fromDataset = datasets.ok ? datasets.value.datasets.find((dataset) => dataset.owner_id)?.owner_id : undefined;
  if (fromDataset) return fromDataset;
  const destinations = await service.call('listDestinationInstances', { query: { 'pagination.per_page': 1 } }, { signal });
  return destinations.ok ? destinations.value.destinations.find((destination) => destination.owner_id)?.owner_id || undefined : undefined;
}
