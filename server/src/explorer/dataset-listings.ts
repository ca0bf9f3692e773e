import { LRUCache } from 'lru-cache';
import type { Dataset } from '../../../common/api';
import {
  datasetFilterFields,
  matchesFilter,
  normalizeFilter,
  type DatasetGroup,
  type DatasetGroupCount,
  type DatasetListing,
  type DatasetPage,
  type DatasetPageParams,
  type DatasetPlace,
} from '../../../common/protocol';
import { cancelledError, fail, succeed, type ServiceClient, type ServiceError, type ServiceResult } from '../../../service/src';
import type { PagedPrefix } from '../../../common/paged-prefix';
import { comparePrivateIds, ownedPrefix } from './owned-pages';

/** How long the lists are reused before List Datasets is asked again: the catalog's time. */
const LISTS_TTL_MS = 5 * 60_000;

const GROUPS: readonly DatasetGroup[] = ['owned', 'shared'];
const OWNERSHIP: Readonly<Record<DatasetGroup, 'OWNED' | 'NOT_OWNED'>> = { owned: 'OWNED', shared: 'NOT_OWNED' };

/** A group's datasets as the 1.0 list answers them: every one, slimmed, in the view's order. */
type WholeList = readonly DatasetListing[];
interface ListContext {
  readonly client: ServiceClient;
  readonly group: DatasetGroup;
}

/**
 * The Datasets view's lists, held here rather than in the extension host: per profile, the
 * owned and the shared datasets, in private-ID order, served a filtered page at a time.
 * The owned group unfiltered — what the view opens on — comes from the paged List Datasets
 * 2.0, a page more as the view shows more (`ownedPrefix`); filtered, from 1.0 calls the
 * service filters. The shared group and finding a dataset need a whole list: List Datasets
 * 1.0 (no paging), one call per group, read as a stream and slimmed as it arrives. Loads are
 * coalesced; a failure is not kept.
 */
export class DatasetListings {
  private readonly wholeLists = new LRUCache<string, WholeList, ListContext>({
    max: 20,
    ttl: LISTS_TTL_MS,
    fetchMethod: async (_key, _stale, { context, signal }) => {
      const loaded = await context.client.listDatasetsConverted(toListing, { 'filter.ownership': OWNERSHIP[context.group] }, { signal });
      if (!loaded.ok) throw new ListsFailure(loaded.error);
      return loaded.value.sort(comparePrivateIds);
    },
  });
  private readonly ownedPrefixes = new LRUCache<string, PagedPrefix<DatasetListing>>({ max: 10, ttl: LISTS_TTL_MS });
  /** The owned datasets a filter keeps, by profile and filter: the service filters them (1.0 `filter.datasets.*`). */
  private readonly ownedMatches = new LRUCache<string, WholeList, { readonly client: ServiceClient; readonly filter: string }>({
    max: 50,
    ttl: LISTS_TTL_MS,
    fetchMethod: async (_key, _stale, { context, signal }) => {
      const loaded = await loadOwnedMatches(context.client, context.filter, signal);
      if (!loaded.ok) throw new ListsFailure(loaded.error);
      return loaded.value;
    },
  });

  /** One page of `params.group` for the profile `profileKey` identifies. Never throws. */
  async page(profileKey: string, client: ServiceClient, params: DatasetPageParams, signal?: AbortSignal): Promise<ServiceResult<DatasetPage>> {
    if (params.reload) this.forget(profileKey);
    const filter = normalizeFilter(params.filter);
    const offset = Math.max(0, Math.floor(params.offset));
    const limit = Math.max(0, Math.floor(params.limit));
    const wanted = params.group === 'owned' && limit > 0 ? offset + limit : 0;
    const [owned, shared] = await Promise.all([
      filter === '' ? this.ownedUnfiltered(profileKey, client, wanted, signal) : this.ownedFiltered(profileKey, client, filter, signal),
      this.filtered(profileKey, client, 'shared', filter, signal),
    ]);
    if (!owned.ok) return owned;
    if (!shared.ok) return shared;
    const counts = { owned: owned.value.count, shared: shared.value.count };
    const shown = params.group === 'owned' ? owned.value.items : shared.value.items;
    const items = limit === 0 ? [] : shown.slice(offset, offset + limit);
    return succeed({ counts, items });
  }

  /** Where dataset `name` is listed: exact private ID first, then ignoring case. Never throws. */
  async find(profileKey: string, client: ServiceClient, name: string, filterText: string, signal?: AbortSignal): Promise<ServiceResult<DatasetPlace | null>> {
    const [owned, shared] = await Promise.all(GROUPS.map((group) => this.whole(profileKey, client, group, signal)));
    if (!owned!.ok) return owned!;
    if (!shared!.ok) return shared!;
    const lists: Readonly<Record<DatasetGroup, WholeList>> = { owned: owned!.value, shared: shared!.value };
    const filter = normalizeFilter(filterText);
    const lower = name.toLowerCase();
    const matchers: ((dataset: DatasetListing) => boolean)[] = [(d) => d.private_id === name, (d) => d.private_id.toLowerCase() === lower];
    for (const matches of matchers) {
      for (const group of GROUPS) {
        const found = lists[group].find(matches);
        if (found === undefined) continue;
        return succeed({ group, privateId: found.private_id, index: visible(lists[group], filter).findIndex(matches) });
      }
    }
    return succeed(null);
  }

  /** Forgets every list (profiles or keys changed). */
  clear(): void {
    this.wholeLists.clear();
    this.ownedPrefixes.clear();
    this.ownedMatches.clear();
  }

  private forget(profileKey: string): void {
    for (const group of GROUPS) this.wholeLists.delete(wholeKey(profileKey, group));
    this.ownedPrefixes.delete(profileKey);
    for (const key of [...this.ownedMatches.keys()]) if (key.startsWith(`${profileKey}\u0000`)) this.ownedMatches.delete(key);
  }

  /**
   * The owned datasets `filter` keeps: cut from the whole list when it is kept, else asked of
   * the service (two filtered 1.0 calls, answering only the matches) with the count of all
   * from the first 2.0 page; a filter no longer reads the whole catalog.
   */
  private async ownedFiltered(profileKey: string, client: ServiceClient, filter: string, signal?: AbortSignal): Promise<ServiceResult<Shown>> {
    const kept = this.wholeLists.get(wholeKey(profileKey, 'owned'));
    if (kept !== undefined) return succeed(shownOf(kept, filter));
    const [all, matches] = await Promise.all([this.ownedUnfiltered(profileKey, client, 0, signal), this.matchesOf(profileKey, client, filter, signal)]);
    if (!all.ok) return all;
    if (!matches.ok) return matches;
    return succeed({ count: { total: all.value.count.total, matching: matches.value.length }, items: matches.value });
  }

  private async matchesOf(profileKey: string, client: ServiceClient, filter: string, signal?: AbortSignal): Promise<ServiceResult<WholeList>> {
    if (signal?.aborted) return fail(cancelledError('Listing the datasets'));
    try {
      const key = `${profileKey}\u0000${filter.toLowerCase()}`;
      const list = await this.ownedMatches.fetch(key, { context: { client, filter }, ...(signal ? { signal } : {}) });
      return list ? succeed(list) : fail({ kind: 'server', message: 'The list of datasets could not be read.' });
    } catch (error) {
      if (error instanceof ListsFailure) return fail(error.error);
      return fail(cancelledError('Listing the datasets'));
    }
  }

  /** The first `wanted` owned datasets and the count, from the whole list when it is already kept, else from 2.0 pages. */
  private async ownedUnfiltered(profileKey: string, client: ServiceClient, wanted: number, signal?: AbortSignal): Promise<ServiceResult<Shown>> {
    const kept = this.wholeLists.get(wholeKey(profileKey, 'owned'));
    if (kept !== undefined) return succeed(shownOf(kept, ''));
    let prefix = this.ownedPrefixes.get(profileKey);
    if (prefix === undefined) this.ownedPrefixes.set(profileKey, (prefix = ownedPrefix(client)));
    const read = await prefix.prefix(wanted, signal);
    if (!read.ok) {
      if (read.error.kind !== 'cancelled') this.ownedPrefixes.delete(profileKey);
      return read;
    }
    return succeed({ count: { total: read.value.total, matching: read.value.total }, items: read.value.items });
  }

  private async filtered(profileKey: string, client: ServiceClient, group: DatasetGroup, filter: string, signal?: AbortSignal): Promise<ServiceResult<Shown>> {
    const list = await this.whole(profileKey, client, group, signal);
    return list.ok ? succeed(shownOf(list.value, filter)) : list;
  }

  private async whole(profileKey: string, client: ServiceClient, group: DatasetGroup, signal?: AbortSignal): Promise<ServiceResult<WholeList>> {
    // lru-cache reacts to the abort event only: a request cancelled before it got here would load anyway.
    if (signal?.aborted) return fail(cancelledError('Listing the datasets'));
    try {
      const list = await this.wholeLists.fetch(wholeKey(profileKey, group), { context: { client, group }, ...(signal ? { signal } : {}) });
      return list ? succeed(list) : fail({ kind: 'server', message: 'The list of datasets could not be read.' });
    } catch (error) {
      if (error instanceof ListsFailure) return fail(error.error);
      return fail(cancelledError('Listing the datasets'));
    }
  }
}

/**
 * The owned datasets whose private ID or public name contains `filter` (any case): 1.0's
 * `filter.datasets.private_ids` and `…public_names` (contains, case-insensitive; two fields
 * in one call must both match, so one call each), merged, in the view's order.
 */
async function loadOwnedMatches(client: ServiceClient, filter: string, signal: AbortSignal): Promise<ServiceResult<WholeList>> {
  const [byId, byName] = await Promise.all([
    client.listDatasetsConverted(toListing, { 'filter.ownership': 'OWNED', 'filter.datasets.private_ids': [filter] }, { signal }),
    client.listDatasetsConverted(toListing, { 'filter.ownership': 'OWNED', 'filter.datasets.public_names': [filter] }, { signal }),
  ]);
  if (!byId.ok) return byId;
  if (!byName.ok) return byName;
  const merged = new Map([...byId.value, ...byName.value].map((listing) => [listing.private_id, listing]));
  return succeed(visible([...merged.values()], filter).slice().sort(comparePrivateIds));
}

/** What one group contributes to a page: its count and the datasets the filter keeps, in order. */
interface Shown {
  readonly count: DatasetGroupCount;
  readonly items: readonly DatasetListing[];
}

function shownOf(list: WholeList, filter: string): Shown {
  const items = visible(list, filter);
  return { count: { total: list.length, matching: items.length }, items };
}

function wholeKey(profileKey: string, group: DatasetGroup): string {
  return `${group}\u0000${profileKey}`;
}

/** Carries a failed load out of lru-cache's fetch, which reports failures by rejecting. */
class ListsFailure extends Error {
  constructor(readonly error: ServiceError) {
    super(error.message);
  }
}

/** A dataset without its statistics: what the tree shows before the dataset is expanded. */
export function toListing(dataset: Dataset): DatasetListing {
  const { stats, ...rest } = dataset;
  const firstCategory = stats?.categories?.[0]?.label;
  return { ...rest, ...(stats?.row_count !== undefined ? { rowCount: stats.row_count } : {}), ...(firstCategory ? { firstCategory } : {}) };
}

function visible(listings: readonly DatasetListing[], filter: string): readonly DatasetListing[] {
  return filter === '' ? listings : listings.filter((dataset) => matchesFilter(filter, datasetFilterFields(dataset)));
}
