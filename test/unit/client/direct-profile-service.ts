/**
 * A ProfileService for client unit tests that does in-process what the language server does
 * for the editor: the same service layer, runners and dataset listings, with every answer
 * passed through JSON as it would be over JSON-RPC. The real path is tested over JSON-RPC in
 * test/lsp/service-requests.test.ts.
 */
import type { PollOptions, ServiceClient } from '../../../service/src';
import { collectAllPages } from '../../../service/src';
import { DatasetListings } from '../../../server/src/explorer/dataset-listings';
import { runJob } from '../../../server/src/handlers/service-requests';
import type { ProfileService } from '../../../client/src/service/profile-service';

export interface DirectOptions {
  readonly profile?: string;
  /** Faster polling for tests. */
  readonly poll?: Partial<PollOptions>;
}

export function directProfileService(client: ServiceClient, options: DirectOptions = {}): ProfileService {
  const listings = new DatasetListings();
  const profileKey = 'direct';
  const viaJson = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  return {
    profile: options.profile ?? 'demo',
    call: async (operation, input, callOptions = {}) => viaJson(await client.call(operation, input, { signal: callOptions.signal })),
    listAll: async (operation, input, callOptions = {}) => viaJson(await collectAllPages(client, operation, input, { signal: callOptions.signal })),
    runJob: async (job, jobOptions = {}) =>
      viaJson(
        await runJob(client, job, {
          ...(jobOptions.signal ? { signal: jobOptions.signal } : {}),
          ...(jobOptions.onProgress ? { onProgress: jobOptions.onProgress } : {}),
          ...(options.poll ? { poll: options.poll } : {}),
        }),
      ) as never,
    datasetPage: async (params, callOptions = {}) => viaJson(await listings.page(profileKey, client, params, callOptions.signal)),
    findDataset: async (params, callOptions = {}) => viaJson(await listings.find(profileKey, client, params.name, params.filter, callOptions.signal)),
  };
}
