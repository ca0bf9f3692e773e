import { LRUCache } from 'lru-cache';
import type { CollaborationChoice } from '../../../language/src';
import { collectAllPages, succeed, type ServiceClient, type ServiceResult } from '../../../service/src';

/** How long a profile's list of collaborations is trusted: the same as the catalog's. */
const CHOICES_TTL_MS = 5 * 60_000;

/**
 * The collaborations a profile belongs to and the dataset names each one uses, for the quick
 * fix that inserts `-- @collaboration` when an unknown dataset name is a collaboration's name.
 * Loaded only when such a fix is wanted, once per profile key, concurrent asks coalesced.
 */
export class CollaborationChoices {
  private readonly cache = new LRUCache<string, readonly CollaborationChoice[], ServiceClient>({
    max: 20,
    ttl: CHOICES_TTL_MS,
    fetchMethod: async (_key, _stale, { context, signal }) => {
      const loaded = await loadCollaborationChoices(context, signal);
      // A failure is not cached: the next quick-fix request tries again.
      if (!loaded.ok) throw new Error(loaded.error.message);
      return loaded.value;
    },
  });

  /**
   * The choices for a profile (`profileKey` identifies profile, URL and key), or an empty list
   * when the service cannot say. Never throws.
   */
  async get(profileKey: string, client: ServiceClient, signal?: AbortSignal): Promise<readonly CollaborationChoice[]> {
    // lru-cache reacts to the abort event only: a request cancelled before it got here would load anyway.
    if (signal?.aborted) return [];
    try {
      return (await this.cache.fetch(profileKey, { context: client, ...(signal ? { signal } : {}) })) ?? [];
    } catch {
      return [];
    }
  }

  clear(): void {
    this.cache.clear();
  }
}

/** Lists every collaboration and, for each, its datasets' collaboration names. Never throws. */
export async function loadCollaborationChoices(client: ServiceClient, signal?: AbortSignal): Promise<ServiceResult<CollaborationChoice[]>> {
  const collaborations = await collectAllPages(client, 'listCollaborations', {}, { signal });
  if (!collaborations.ok) return collaborations;
  const choices: CollaborationChoice[] = [];
  for (const collaboration of collaborations.value) {
    const datasets = await collectAllPages(client, 'listCollaborationDatasets', { params: { collaboration_id: collaboration.id } }, { signal });
    // A collaboration whose datasets this key may not list simply offers no fix.
    if (!datasets.ok) continue;
    choices.push({ id: collaboration.id, name: collaboration.name ?? collaboration.id, datasetNames: datasets.value.map((d) => d.collaboration_dataset_name) });
  }
  return succeed(choices);
}
