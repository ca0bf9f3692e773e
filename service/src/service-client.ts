/**
 * `ServiceClient`: one object per profile, the way every operation of the table is sent —
 * `call('op', input)` through `ServiceTransport` (retries, timeouts, error mapping). Its
 * contract is the transport's: it resolves to a `ServiceResult`, never throws, and stops
 * promptly when `options.signal` aborts. The typed calls that build an operation's input from
 * plain arguments live beside it, one module per area (`operations/`), as functions taking
 * the client, so this class does not grow with the operation table.
 *
 * Bodies and answers use the wire types of common/api (snake_case, 64-bit counts as strings).
 */
import type { Dataset, ListDatasetsQuery, OperationId, OperationResponse } from '../../common/api';
import { api } from './lazy-api';
import { readItemsStreamed } from './read-items-streamed';
import { DATASET_CATEGORIES } from './dataset-categories';
import type { ServiceResult } from '../../common/service-result';
import type { ServiceProfile } from '../../common/service-profile';
import { ServiceTransport } from './service-transport';
import type { CallOptions, ServiceClientOptions } from './service-transport';
import type { CallInput } from '../../common/service-call';

type Answer<T> = Promise<ServiceResult<T>>;

export type { SegmentRef } from '../../common/protocol/jobs';

export class ServiceClient {
  private constructor(private readonly transport: ServiceTransport) {}

  /**
   * Builds a client for one profile. Fails (without throwing) with `misconfigured` when the
   * base URL is not https (plain http is allowed only for loopback hosts) or is malformed, and
   * with `unauthorized` when the key is empty. Call `close()` when the profile is dropped.
   */
  static create(profile: ServiceProfile, options: ServiceClientOptions): ServiceResult<ServiceClient> {
    const transport = ServiceTransport.create(profile, options);
    return transport.ok ? { ok: true, value: new ServiceClient(transport.value) } : transport;
  }

  get profileName(): string {
    return this.transport.profile.name;
  }

  /** Any operation of the table, by id: what every typed call of `operations/` sends. */
  call<K extends OperationId>(operation: K, input: CallInput<K>, options?: CallOptions): Answer<OperationResponse<K>> {
    return this.transport.call(operation, input, options);
  }

  /** Releases the connection pool of this profile. Later calls fail with `misconfigured`. */
  close(): Promise<void> {
    return this.transport.close();
  }

  /**
   * List Datasets read as it arrives: each dataset is checked on its own and handed to
   * `convert`, and only what `convert` returns is kept, so the whole answer (about 70 MB of
   * JSON for 10,000 datasets of 50 categories) is never in memory at once. Resolves to the
   * converted datasets in the service's order; fails as `listDatasets` does. After a failed
   * attempt that is retried, `convert` sees the datasets again from the first.
   */
  listDatasetsConverted<T>(convert: (dataset: Dataset) => T, query?: ListDatasetsQuery, options?: CallOptions): Answer<T[]> {
    return this.transport.callReading('listDatasets', { query }, readItemsStreamed('datasets', api().DatasetSchema, convert, DATASET_CATEGORIES), options);
  }
}
