import { DatasetPageRequest, FindDatasetRequest, type DatasetPageParams, type FindDatasetParams } from '../../../common/protocol';
import type { ServiceResult } from '../../../service/src';
import type { DatasetListings } from '../explorer/dataset-listings';
import type { ServerContext } from './server-context';

/** The explorer's large lists, a page at a time (see DatasetListings). */
export function registerExplorerRequests(context: ServerContext, listings: DatasetListings): void {
  const { connection, targets } = context;

  connection.onRequest(DatasetPageRequest, async (params: DatasetPageParams, token): Promise<ServiceResult<unknown>> => {
    const found = await targets.profileClient(params.profile);
    if (!found.ok) return found;
    return targets.withSignal(token, (signal) => listings.page(found.value.profileKey, found.value.client, params, signal));
  });

  connection.onRequest(FindDatasetRequest, async (params: FindDatasetParams, token): Promise<ServiceResult<unknown>> => {
    const found = await targets.profileClient(params.profile);
    if (!found.ok) return found;
    return targets.withSignal(token, (signal) => listings.find(found.value.profileKey, found.value.client, String(params.name), params.filter ?? '', signal));
  });
}
