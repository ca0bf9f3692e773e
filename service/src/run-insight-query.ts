/**
 * Runs an insight query end to end: Create a Query, poll Get a Query, Get a Result.
 */
import type { CreateQueryRequest } from '../../common/api';
import type { QueryRun } from '../../common/protocol/jobs';
import { Poller } from './progress';
import type { RunOptions } from './progress';
import type { ServiceClient } from './service-client';
import { succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import { waitForQueryResult } from './wait-for-query';
import { createQuery } from './operations/queries';

export type { QueryRun } from '../../common/protocol/jobs';

/**
 * Creates the query (sent once, never re-sent), polls until it is done with a growing wait,
 * and returns its result. Progress goes to `options.onProgress`; `options.signal` stops the
 * run within moments, even mid-wait (the query itself keeps running at the service). A failed
 * query becomes a ServiceError with the service's message. Never throws.
 */
export async function runInsightQuery(client: ServiceClient, body: CreateQueryRequest, options: RunOptions = {}): Promise<ServiceResult<QueryRun>> {
  const poller = new Poller(options, 'Query');
  poller.report('submit');
  const created = await createQuery(client, body, { signal: options.signal });
  if (!created.ok) return created;
  const result = await waitForQueryResult(client, created.value, poller);
  return result.ok ? succeed({ queryId: created.value.query_id, result: result.value }) : result;
}
