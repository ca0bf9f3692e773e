import { MAX_PER_PAGE, type DatasetV2 } from '../../../common/api';
import type { DatasetListing } from '../../../common/protocol';
import { cancelledError, fail, succeed, type ServiceClient, type ServiceResult } from '../../../service/src';

/**
 * The order the view shows a group in: the service's `order_by=private_id` (List Datasets
 * 2.0), so a page read from 2.0 and one cut from a whole 1.0 list agree on every position.
 */
export function comparePrivateIds(a: Pick<DatasetListing, 'private_id'>, b: Pick<DatasetListing, 'private_id'>): number {
  return a.private_id < b.private_id ? -1 : a.private_id > b.private_id ? 1 : 0;
}

/**
 * The datasets the company owns, unfiltered, as far as the view has asked: read from the
 * paged List Datasets 2.0 (`MAX_PER_PAGE` a request, in private-ID order), a page more only
 * when a longer prefix is wanted. The first page of the view costs one small request, not
 * the whole 1.0 answer (every dataset with its statistics) that 1.0's lack of paging forces.
 */
export class OwnedPrefix {
  private readonly items: DatasetListing[] = [];
  private total: number | undefined;
  private nextPage: number | undefined = 1;
  private reading: Promise<ServiceResult<void>> | undefined;

  constructor(private readonly client: ServiceClient) {}

  /**
   * The first `wanted` owned datasets (fewer when the company owns fewer) and how many it
   * owns. Concurrent asks share the reads; a failure keeps what was read. Never throws.
   */
  async prefix(wanted: number, signal?: AbortSignal): Promise<ServiceResult<{ readonly total: number; readonly items: readonly DatasetListing[] }>> {
    while (this.nextPage !== undefined && (this.total === undefined || this.items.length < Math.min(wanted, this.total))) {
      if (signal?.aborted) return fail(cancelledError('Listing the datasets'));
      const read = (this.reading ??= this.readNextPage(signal).finally(() => (this.reading = undefined)));
      const answer = await read;
      // Another caller's cancelled read is not ours: read again with our own signal.
      if (!answer.ok && (answer.error.kind !== 'cancelled' || signal?.aborted)) return answer;
    }
    return succeed({ total: this.total ?? this.items.length, items: this.items.slice(0, Math.max(0, wanted)) });
  }

  private async readNextPage(signal?: AbortSignal): Promise<ServiceResult<void>> {
    const page = this.nextPage ?? 1;
    const answer = await this.client.call(
      'listDatasetsV2',
      { query: { 'pagination.page': page, 'pagination.per_page': MAX_PER_PAGE, order_by: 'private_id' } },
      signal ? { signal } : {},
    );
    if (!answer.ok) return answer;
    const datasets = answer.value.datasets;
    for (const dataset of datasets) {
      const listing = listingOfV2(dataset);
      if (listing !== undefined) this.items.push(listing);
    }
    const pagination = answer.value.pagination;
    this.total = pagination?.total_results ?? this.items.length;
    this.nextPage = pagination?.next_page !== undefined && pagination.next_page > page && datasets.length > 0 ? pagination.next_page : undefined;
    if (this.nextPage === undefined) this.total = Math.max(this.total, this.items.length);
    return succeed(undefined);
  }
}

/**
 * An owned dataset of List Datasets 2.0 as the view lists it. 2.0 has no statistics: the row
 * count and first category stay unknown (the dataset's page and expansion read them); the
 * type tells an activation dataset (IDENTITY, or UNIFIED which supports activation).
 */
export function listingOfV2(dataset: DatasetV2): DatasetListing | undefined {
  if (!dataset.private_id) return undefined;
  const type = dataset.dataset_type ?? '';
  const activation = type === 'DATASET_TYPE_IDENTITY' || type === 'DATASET_TYPE_UNIFIED';
  return {
    private_id: dataset.private_id,
    ...(dataset.public_name ? { public_name: dataset.public_name } : {}),
    ...(dataset.description ? { public_description: dataset.description } : {}),
    ...(dataset.created_date_time ? { create_time: dataset.created_date_time } : {}),
    product: activation ? 'IDENTITY' : 'INSIGHT',
  };
}
