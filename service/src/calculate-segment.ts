/**
 * Recalculates an activation segment and reads the audience it produced: Calculate Activation
 * Segment (2.0) answers a 1.0 query id, which is then followed like any query.
 */
import { Poller } from './progress';
import type { RunOptions } from './progress';
import type { QueryRun } from './run-insight-query';
import type { SegmentRef, ServiceClient } from './service-client';
import { succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import { waitForQueryResult } from './wait-for-query';
import { calculateActivationSegment } from './operations/segments';

/**
 * Calculates `segment` (sent once, never re-sent), polls its query until done and returns the
 * result with the query id. Same progress, cancellation and error contract as
 * runInsightQuery. Never throws.
 */
export async function calculateSegment(client: ServiceClient, segment: SegmentRef, options: RunOptions = {}): Promise<ServiceResult<QueryRun>> {
  const poller = new Poller(options, 'Calculate Activation Segment');
  poller.report('submit');
  const calculated = await calculateActivationSegment(client, segment, { signal: options.signal });
  if (!calculated.ok) return calculated;
  const queryId = calculated.value.query_id;
  const result = await waitForQueryResult(client, { query_id: queryId, done: false }, poller);
  return result.ok ? succeed({ queryId, result: result.value }) : result;
}
