/**
 * The service as the extension host sees it: one profile's operations, lists and jobs, each
 * carried out by the language server (the only owner of connections). Free of the editor API;
 * `requester` is the language client, or a fake in tests.
 */
import { randomUUID } from 'node:crypto';
import type { OperationId, OperationResponse, PagedItem, PagedOperationId } from '../../../common/api';
import {
  DatasetPageRequest,
  FindDatasetRequest,
  RunJobRequest,
  ServiceCallRequest,
  ServiceListRequest,
  type DatasetPage,
  type DatasetPageParams,
  type DatasetPlace,
  type FindDatasetParams,
  type JobOutcome,
  type JobSpec,
  type ProgressEvent,
  type RunJobParams,
  type ServiceCallParams,
  type ServiceListParams,
} from '../../../common/protocol';
import type { CallInput } from '../../../common/service-call';
import { cancelledError, fail, type ServiceResult } from '../../../common/service-result';

/** Options of every call: `signal` cancels it (the request to the server, and the server's calls). */
export interface CallOptions {
  readonly signal?: AbortSignal;
}

export interface JobOptions extends CallOptions {
  /** Every progress event of the job's runner, in order. */
  readonly onProgress?: (event: ProgressEvent) => void;
}

/** One profile's view of the service. Every method resolves to a ServiceResult; none throws. */
export interface ProfileService {
  /** The profile's name (the default profile's, when it was chosen by default). */
  readonly profile: string;
  call<K extends OperationId>(operation: K, input: CallInput<K>, options?: CallOptions): Promise<ServiceResult<OperationResponse<K>>>;
  listAll<K extends PagedOperationId>(operation: K, input: Omit<CallInput<K>, 'query'>, options?: CallOptions): Promise<ServiceResult<PagedItem<K>[]>>;
  runJob<J extends JobSpec>(job: J, options?: JobOptions): Promise<ServiceResult<JobOutcome<J['kind']>>>;
  /** One page of the profile's datasets, as the Datasets view shows them. */
  datasetPage(params: Omit<DatasetPageParams, 'profile'>, options?: CallOptions): Promise<ServiceResult<DatasetPage>>;
  /** Where a dataset is listed in the Datasets view, or null when the profile has none of that name. */
  findDataset(params: Omit<FindDatasetParams, 'profile'>, options?: CallOptions): Promise<ServiceResult<DatasetPlace | null>>;
}

/** A cancellation the language client understands, driven by an AbortSignal. */
export interface CancellationLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** What the profile service needs of the language client. */
export interface ServerRequester {
  sendRequest<R>(method: string, params: unknown, token: CancellationLike): Promise<R>;
  /** Listens to `$/progress` under `token` until disposed. */
  onJobProgress(token: string, listener: (event: ProgressEvent) => void): { dispose(): void };
}

/** The profile service of `profile`, over the language server. */
export function createProfileService(profile: string, requester: ServerRequester): ProfileService {
  return new ServerProfileService(profile, requester);
}

class ServerProfileService implements ProfileService {
  constructor(
    readonly profile: string,
    private readonly requester: ServerRequester,
  ) {}

  call<K extends OperationId>(operation: K, input: CallInput<K>, options: CallOptions = {}): Promise<ServiceResult<OperationResponse<K>>> {
    const params: ServiceCallParams<K> = { profile: this.profile, operation, input };
    return this.send(ServiceCallRequest, params, `The call ${operation}`, options.signal);
  }

  listAll<K extends PagedOperationId>(operation: K, input: Omit<CallInput<K>, 'query'>, options: CallOptions = {}): Promise<ServiceResult<PagedItem<K>[]>> {
    const params: ServiceListParams<K> = { profile: this.profile, operation, input };
    return this.send(ServiceListRequest, params, `The list ${operation}`, options.signal);
  }

  async runJob<J extends JobSpec>(job: J, options: JobOptions = {}): Promise<ServiceResult<JobOutcome<J['kind']>>> {
    const params: RunJobParams<J> = { profile: this.profile, job, progressToken: `iql-job-${randomUUID()}` };
    const listening = options.onProgress ? this.requester.onJobProgress(params.progressToken, options.onProgress) : undefined;
    try {
      return await this.send(RunJobRequest, params, JOB_TITLES[job.kind as JobSpec['kind']], options.signal);
    } finally {
      listening?.dispose();
    }
  }

  datasetPage(params: Omit<DatasetPageParams, 'profile'>, options: CallOptions = {}): Promise<ServiceResult<DatasetPage>> {
    return this.send(DatasetPageRequest, { ...params, profile: this.profile } satisfies DatasetPageParams, 'Listing the datasets', options.signal);
  }

  findDataset(params: Omit<FindDatasetParams, 'profile'>, options: CallOptions = {}): Promise<ServiceResult<DatasetPlace | null>> {
    return this.send(FindDatasetRequest, { ...params, profile: this.profile } satisfies FindDatasetParams, 'Finding the dataset', options.signal);
  }

  private async send<T>(method: string, params: unknown, what: string, signal: AbortSignal | undefined): Promise<ServiceResult<T>> {
    if (signal?.aborted) return fail(cancelledError(what));
    const cancellation = cancellationOf(signal);
    try {
      const request = this.requester.sendRequest<ServiceResult<T>>(method, params, cancellation.token);
      // A cancel is answered at once: the server is told, but a slow or stuck one is not waited for.
      return await Promise.race([request, cancellation.cancelled.then(() => fail<T>(cancelledError(what)))]);
    } catch (error) {
      // The request itself failed: the server is stopping, restarting or crashed.
      if (signal?.aborted) return fail(cancelledError(what));
      const reason = error instanceof Error ? error.message : String(error);
      return fail({ kind: 'server', message: `${what} could not be done: the IQL language server did not answer (${reason}). If it keeps happening, restart the editor and report it with the IQL log.` });
    } finally {
      cancellation.dispose();
    }
  }
}

const JOB_TITLES: Record<JobSpec['kind'], string> = {
  insightQuery: 'The query run',
  activation: 'The activation',
  segmentCalculation: 'The segment calculation',
  segmentExport: 'Following the export',
  supplyExecution: 'Following the execution',
};

/**
 * A cancellation token that fires when `signal` aborts, and a promise that resolves then (never,
 * without a signal); dispose it when the request ends.
 */
function cancellationOf(signal: AbortSignal | undefined): { token: CancellationLike; cancelled: Promise<void>; dispose(): void } {
  const listeners = new Set<() => void>();
  let cancelled = false;
  let resolveCancelled: () => void = () => undefined;
  const whenCancelled = new Promise<void>((resolve) => (resolveCancelled = resolve));
  const fire = (): void => {
    cancelled = true;
    resolveCancelled();
    for (const listener of [...listeners]) listener();
  };
  signal?.addEventListener('abort', fire, { once: true });
  return {
    cancelled: whenCancelled,
    token: {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested(listener) {
        listeners.add(listener);
        return { dispose: () => listeners.delete(listener) };
      },
    },
    dispose: () => signal?.removeEventListener('abort', fire),
  };
}
