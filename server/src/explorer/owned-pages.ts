import type { DatasetV2 } from '../../../common/api';
import { datasetsInPrivateIdOrder, type PagedPrefix } from '../../../common/paged-prefix';
import type { DatasetListing } from '../../../common/protocol';
import { api, type ServiceClient } from '../../../service/src';

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
export function ownedPrefix(client: ServiceClient): PagedPrefix<DatasetListing> {
  return datasetsInPrivateIdOrder((operation, input, options) => client.call(operation, input, options), api().MAX_PER_PAGE, listingOfV2);
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
