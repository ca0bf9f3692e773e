import { ProgressType } from 'vscode-languageserver';
import type { OperationId } from '../../../common/api';
import {
  RunJobRequest,
  ServiceCallRequest,
  ServiceListRequest,
  type JobSpec,
  type ProgressEvent,
  type RunJobParams,
  type ServiceCallParams,
  type ServiceListParams,
} from '../../../common/protocol';
import { api, calculateSegment, collectAllPages, fail, followSegmentExport, followSupplyExecution, runActivation, runInsightQuery, type RunOptions, type ServiceClient, type ServiceResult } from '../../../service/src';
import type { ServerContext } from './server-context';

/** The `$/progress` values of a job: one ProgressEvent per request the runner makes. */
export const JobProgress = new ProgressType<ProgressEvent>();

/**
 * The editor's service calls, made here so that the extension host never opens a connection:
 * any operation of the table (`iql/service/call`), every item of a paged list
 * (`iql/service/listAll`), and jobs followed to their end with progress (`iql/job/run`).
 * Cancelling a request aborts its calls; every answer is a ServiceResult, never an error.
 */
export function registerServiceRequests(context: ServerContext): void {
  const { connection, targets } = context;

  connection.onRequest(ServiceCallRequest, async (params: ServiceCallParams, token): Promise<ServiceResult<unknown>> => {
    if (!isOperation(params.operation)) return unknownOperation(params.operation);
    const client = await targets.clientForProfile(params.profile);
    if (!client.ok) return client;
    return targets.withSignal(token, (signal) => client.value.call(params.operation, params.input, { signal }));
  });

  connection.onRequest(ServiceListRequest, async (params: ServiceListParams, token): Promise<ServiceResult<unknown>> => {
    if (!isOperation(params.operation) || !('itemsField' in api().operations[params.operation])) return unknownOperation(params.operation);
    const client = await targets.clientForProfile(params.profile);
    if (!client.ok) return client;
    return targets.withSignal(token, (signal) => collectAllPages(client.value, params.operation, params.input, { signal }));
  });

  connection.onRequest(RunJobRequest, async (params: RunJobParams, token): Promise<ServiceResult<unknown>> => {
    const client = await targets.clientForProfile(params.profile);
    if (!client.ok) return client;
    return targets.withSignal(token, (signal) =>
      runJob(client.value, params.job, {
        signal,
        onProgress: (event) => void connection.sendProgress(JobProgress, params.progressToken, event),
      }),
    );
  });
}

/** Runs one job with the service layer's runner for its kind. Never throws. */
export function runJob(client: ServiceClient, job: JobSpec, options: RunOptions): Promise<ServiceResult<unknown>> {
  switch (job.kind) {
    case 'insightQuery':
      return runInsightQuery(client, job.body, options);
    case 'activation':
      return runActivation(client, job.body, options);
    case 'segmentCalculation':
      return calculateSegment(client, job.segment, options);
    case 'segmentExport':
      return followSegmentExport(client, job.export, options);
    case 'supplyExecution':
      return followSupplyExecution(client, job.execution.kind, job.execution.id, options);
    default:
      return Promise.resolve(fail({ kind: 'misconfigured', message: `The language server knows no job of kind '${String((job as { kind?: unknown }).kind)}'. Update the extension.` }));
  }
}

function isOperation(name: unknown): name is OperationId {
  return typeof name === 'string' && Object.hasOwn(api().operations, name);
}

function unknownOperation(name: unknown): ServiceResult<never> {
  return fail({ kind: 'misconfigured', message: `The language server knows no list or operation named '${String(name)}'. Update the extension.` });
}
