/**
 * Follows a 1.0 query (from Create a Query or Calculate Activation Segment) until it is done,
 * then reads its result.
 */
import type { QueryError, QueryResult, QueryStatus } from '../../common/api';
import { mapAsyncFailure } from './error-mapping';
import type { Poller } from './progress';
import type { ServiceClient } from './service-client';
import { fail, succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import { getQuery, getQueryResult } from './operations/queries';

/** True when a 1.0 `query_error` describes an actual failure (protobuf sends empty ones as `{}`). */
export function isQueryFailure(error: QueryError | undefined): error is QueryError {
  return error !== undefined && ((error.code !== undefined && error.code !== 0) || (error.message !== undefined && error.message !== ''));
}

/**
 * Polls Get a Query until `done` (or a `query_error`), then reads Get a Result, which may
 * answer 404 for a short while after `done`; that is polled too. A failed query becomes a
 * `ServiceError` carrying the service's message. Never throws.
 */
export async function waitForQueryResult(client: ServiceClient, initial: QueryStatus, poller: Poller): Promise<ServiceResult<QueryResult>> {
  const queryId = initial.query_id;
  poller.id = queryId;
  let status = initial;
  while (!status.done && !isQueryFailure(status.query_error)) {
    const stop = await poller.waitBeforePoll();
    if (stop !== undefined) return fail(stop);
    poller.report('poll');
    const answer = await poller.read((options) => getQuery(client, queryId, options));
    if (!answer.ok) return answer;
    status = answer.value;
  }
  if (isQueryFailure(status.query_error)) return fail(mapAsyncFailure(status.query_error, 'Query'));
  for (;;) {
    poller.report('result');
    const result = await poller.read((options) => getQueryResult(client, queryId, options));
    if (result.ok) return succeed(result.value);
    if (result.error.kind !== 'not-found') return result;
    const stop = await poller.waitBeforePoll();
    if (stop !== undefined) return fail(stop);
  }
}
