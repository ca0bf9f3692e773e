/**
 * Follows an activation segment's export from its ID to its end: Get Activation Segment Export
 * read with growing waits (progress.ts) until the status is no longer RUNNING, so that the rows
 * sent and rejected are known. The service computes exports asynchronously; a list read does
 * not move one along, and a client that never reads the export sees it running forever.
 */
import type { ActivationExport } from '../../common/api';
import { isFinalExportStatus } from '../../common/api/export-status';
import type { SegmentExportRef } from '../../common/protocol/jobs';
import { fail, succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import { Poller } from './progress';
import type { RunOptions } from './progress';
import type { ServiceClient } from './service-client';

/**
 * Reads the export until it has ended and returns its last view; a FAILED export is a success
 * of this call (its `export_error` carries the service's message). Each read is a progress event
 * with the status it showed. Cancellation and time-outs are failures, as for every runner.
 * Never throws.
 */
export async function followSegmentExport(client: ServiceClient, ref: SegmentExportRef, options: RunOptions = {}): Promise<ServiceResult<ActivationExport>> {
  const poller = new Poller(options, 'Export Activation Segment');
  poller.id = ref.exportId;
  const params = { collaboration_id: ref.collaborationId, activation_segment_id: ref.segmentId, export_id: ref.exportId };
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) {
      const stop = await poller.waitBeforePoll();
      if (stop !== undefined) return fail(stop);
    }
    const answer = await client.call('getActivationSegmentExport', { params }, { signal: options.signal });
    if (!answer.ok) return answer;
    const record = answer.value.export_details;
    try {
      options.onProgress?.({ phase: 'poll', attempt, elapsedMs: poller.elapsedMs, id: ref.exportId, ...(record.status ? { status: record.status } : {}) });
    } catch {
      // A failing display must not abandon the follow.
    }
    if (isFinalExportStatus(record.status)) return succeed(record);
  }
}
