/**
 * Runs one RunRecord against the service (through the language server), without the editor: insight queries through Create
 * a Query and polling, activation queries through Queue an Activation and polling. The
 * commands wrap this with a progress notification, the history and the results panel.
 */
import type { QueueActivationRequest, CreateQueryRequest } from '../../../common/api';
import type { ProgressEvent } from '../../../common/protocol';
import type { ProfileService } from '../service/profile-service';
import type { RunRecord } from './run-record';
import { completeActivationRun, completeInsightRun, failRunRecord, withServiceId } from './run-transitions';

export interface ExecuteRunOptions {
  /** Aborting it stops the run at once, even mid-wait; the record ends `cancelled`. */
  readonly signal?: AbortSignal;
  /** Every progress event of the service layer, with the record as it then stands. */
  readonly onProgress?: (event: ProgressEvent, record: RunRecord) => void;
  /** Called once when the service first names the query or activation (the record gains `serviceId`). */
  readonly onServiceId?: (record: RunRecord) => void;
  /** The clock, for tests. */
  readonly now?: () => number;
}

/**
 * Sends `record` (a `running` record from createRunRecord) with `service` and resolves with the
 * finished record: `succeeded` with the result or activation, `failed` with the service's
 * message, or `cancelled` when `options.signal` aborted. The collaboration of the record's
 * target goes along as `collaboration_id`. Never rejects: even an unexpected exception becomes
 * a failed record.
 */
export async function executeRun(service: ProfileService, record: RunRecord, options: ExecuteRunOptions = {}): Promise<RunRecord> {
  const now = options.now ?? Date.now;
  let current = record;
  const onProgress = (event: ProgressEvent): void => {
    if (event.id !== undefined && current.serviceId !== event.id) {
      current = withServiceId(current, event.id);
      options.onServiceId?.(current);
    }
    options.onProgress?.(event, current);
  };
  const runOptions = { ...(options.signal ? { signal: options.signal } : {}), onProgress };
  const collaboration = record.target.collaboration ? { collaboration_id: record.target.collaboration } : {};
  try {
    if (record.kind === 'activation') {
      const body: QueueActivationRequest = { query: record.query, campaign_name: campaignName(record), ...collaboration };
      const run = await service.runJob({ kind: 'activation', body }, runOptions);
      return run.ok ? completeActivationRun(current, run.value, now()) : failRunRecord(current, run.error, now());
    }
    const body: CreateQueryRequest = { query: record.query, ...collaboration };
    const run = await service.runJob({ kind: 'insightQuery', body }, runOptions);
    return run.ok ? completeInsightRun(current, run.value, now()) : failRunRecord(current, run.error, now());
  } catch (error) {
    // The service layer promises results, not exceptions; this guards the promise of this function.
    const reason = error instanceof Error ? error.message : String(error);
    return failRunRecord(current, { kind: 'server', message: `The run stopped on an unexpected error: ${reason}. Try again; if it persists, report it with the IQL log.` }, now());
  }
}

/** Names the activation so that it can be found again in List Activations. */
function campaignName(record: RunRecord): string {
  return `IQL editor run ${new Date(record.startedAt).toISOString()}`;
}
