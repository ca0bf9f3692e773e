import { LRUCache } from 'lru-cache';
import type { Dataset } from '../../../common/api';
import {
  datasetFilterFields,
  matchesFilter,
  normalizeFilter,
  type DatasetGroup,
  type DatasetListing,
  type DatasetPage,
  type DatasetPageParams,
  type DatasetPlace,
} from '../../../common/protocol';
import { cancelledError, fail, succeed, type ServiceClient, type ServiceError, type ServiceResult } from '../../../service/src';

/** How long the lists are reused before List Datasets is asked again: the catalog's time. */
const LISTS_TTL_MS = 5 * 60_000;

type DatasetLists = Readonly<Record<DatasetGroup, readonly DatasetListing[]>>;

const GROUPS: readonly DatasetGroup[] = ['owned', 'shared'];
const OWNERSHIP: Readonly<Record<DatasetGroup, 'OWNED' | 'NOT_OWNED'>> = { owned: 'OWNED', shared: 'NOT_OWNED' };
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The Datasets view's lists, held here rather than in the extension host: per profile, the
 * owned and the shared datasets (two List Datasets calls, read as streams and slimmed as they
 * arrive), sorted by private ID, served a filtered page at a time. Loads of one profile are
 * coalesced; a failure is not kept.
 */
export class DatasetListings {
  private readonly lists = new LRUCache<string, DatasetLists, ServiceClient>({
    max: 10,
    ttl: LISTS_TTL_MS,
    fetchMethod: async (_key, _stale, { context, signal }) => {
      const loaded = await loadDatasetLists(context, signal);
      if (!loaded.ok) throw new ListsFailure(loaded.error);
      return loaded.value;
    },
  });

  /** One page of `params.group` for the profile `profileKey` identifies. Never throws. */
  async page(profileKey: string, client: ServiceClient, params: DatasetPageParams, signal?: AbortSignal): Promise<ServiceResult<DatasetPage>> {
    if (params.reload) this.lists.delete(profileKey);
    const lists = await this.get(profileKey, client, signal);
    if (!lists.ok) return lists;
    const filter = normalizeFilter(params.filter);
    const counts = { owned: countOf(lists.value.owned, filter), shared: countOf(lists.value.shared, filter) };
    const offset = Math.max(0, Math.floor(params.offset));
    const limit = Math.max(0, Math.floor(params.limit));
    const items = limit === 0 ? [] : visible(lists.value[params.group] ?? [], filter).slice(offset, offset + limit);
    return succeed({ counts, items });
  }

  /** Where dataset `name` is listed: exact private ID first, then ignoring case. Never throws. */
  async find(profileKey: string, client: ServiceClient, name: string, filterText: string, signal?: AbortSignal): Promise<ServiceResult<DatasetPlace | null>> {
    const lists = await this.get(profileKey, client, signal);
    if (!lists.ok) return lists;
    const filter = normalizeFilter(filterText);
    const lower = name.toLowerCase();
    const matchers: ((dataset: DatasetListing) => boolean)[] = [(d) => d.private_id === name, (d) => d.private_id.toLowerCase() === lower];
    for (const matches of matchers) {
      for (const group of GROUPS) {
        const found = lists.value[group].find(matches);
        if (found === undefined) continue;
        return succeed({ group, privateId: found.private_id, index: visible(lists.value[group], filter).findIndex(matches) });
      }
    }
    return succeed(null);
  }

  /** Forgets every list (profiles or keys changed). */
  clear(): void {
    this.lists.clear();
  }

  private async get(profileKey: string, client: ServiceClient, signal?: AbortSignal): Promise<ServiceResult<DatasetLists>> {
    // lru-cache reacts to the abort event only: a request cancelled before it got here would load anyway.
    if (signal?.aborted) return fail(cancelledError('Listing the datasets'));
    try {
      const lists = await this.lists.fetch(profileKey, { context: client, ...(signal ? { signal } : {}) });
      return lists ? succeed(lists) : fail({ kind: 'server', message: 'The list of datasets could not be read.' });
    } catch (error) {
      if (error instanceof ListsFailure) return fail(error.error);
      return fail(cancelledError('Listing the datasets'));
    }
  }
}

/** Carries a failed load out of lru-cache's fetch, which reports failures by rejecting. */
class ListsFailure extends Error {
  constructor(readonly error: ServiceError) {
    super(error.message);
  }
}

/** Reads the owned and the shared datasets (two streamed calls, in parallel), slimmed and sorted. */
async function loadDatasetLists(client: ServiceClient, signal: AbortSignal): Promise<ServiceResult<DatasetLists>> {
  const [owned, shared] = await Promise.all(
    GROUPS.map((group) => client.listDatasetsConverted(toListing, { 'filter.ownership': OWNERSHIP[group] }, { signal })),
  );
  if (!owned!.ok) return owned!;
  if (!shared!.ok) return shared!;
  return succeed({ owned: sortListings(owned!.value), shared: sortListings(shared!.value) });
}

/** A dataset without its statistics: what the tree shows before the dataset is expanded. */
export function toListing(dataset: Dataset): DatasetListing {
  const { stats, ...rest } = dataset;
  const firstCategory = stats?.categories?.[0]?.label;
  return { ...rest, ...(stats?.row_count !== undefined ? { rowCount: stats.row_count } : {}), ...(firstCategory ? { firstCategory } : {}) };
}

function sortListings(listings: DatasetListing[]): DatasetListing[] {
  return listings.sort((a, b) => collator.compare(a.private_id, b.private_id));
}

function visible(listings: readonly DatasetListing[], filter: string): readonly DatasetListing[] {
  return filter === '' ? listings : listings.filter((dataset) => matchesFilter(filter, datasetFilterFields(dataset)));
}

function countOf(listings: readonly DatasetListing[], filter: string): { total: number; matching: number } {
  return { total: listings.length, matching: filter === '' ? listings.length : visible(listings, filter).length };
}
