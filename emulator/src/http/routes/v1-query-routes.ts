/**
 * API 1.0 insight queries: ValidateQuery, ExplainQuery, Create a Query, Get a Query, Get a
 * Result. Create validates at once (400 with the position), computes on the next tick, and
 * reports `done` only after polling (see polled-job.ts).
 */
import type { CreateQueryRequest, ExplainQueryRequest, QueryStatus, ValidateQueryRequest } from '../../../../common/api';
import { hashId } from '../../state/emulator-state';
import { PublishedDatasets } from '../../state/published-datasets';
import type { QueryJob } from '../../state/emulator-state';
import { spendCredits } from '../credit-spend';
import { resolveQueryScope } from '../query-scope';
import { ReplyError, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { queryProblemError } from './query-problem';

export const validateQueryRoute: RouteHandler = (context) => {
  const body = context.body as ValidateQueryRequest;
  const scope = resolveQueryScope(context.data, context.caller, body.collaboration_id);
  const outcome = context.engine.validate(body.query, scope.datasets, 'insight');
  if (!outcome.ok) throw queryProblemError(outcome.problem);
  return { success: true };
};

export const explainQueryRoute: RouteHandler = (context) => {
  const body = context.body as ExplainQueryRequest;
  const scope = resolveQueryScope(context.data, context.caller, body.collaboration_id);
  const outcome = context.engine.explain(body.query, scope.datasets);
  if (!outcome.ok) throw queryProblemError(outcome.problem);
  return outcome.value;
};

export const createQueryRoute: RouteHandler = (context) => {
  const body = context.body as CreateQueryRequest;
  const scope = resolveQueryScope(context.data, context.caller, body.collaboration_id);
  const valid = context.engine.validate(body.query, scope.datasets, 'insight');
  if (!valid.ok) throw queryProblemError(valid.problem);
  // After a dataset was created, published, renamed or deleted, the same query is a new one.
  const generation = PublishedDatasets.of(context.data).generation;
  const id = hashId('Q', [context.caller.companyId, body.collaboration_id ?? '', body.query, String(body.sample ?? false), ...(generation === 0 ? [] : [String(generation)])]);
  if (!context.state.queries.has(id)) {
    const { engine } = context;
    spendCredits(context, scope.datasets, valid.value);
    context.state.queries.set(id, {
      id,
      companyId: context.caller.companyId,
      job: context.state.startJob(() => engine.runInsight(body.query, scope.datasets)),
    });
  }
  const answer: QueryStatus = { query_id: id, done: false };
  return answer;
};

export const getQueryRoute: RouteHandler = (context) => {
  const query = findQuery(context);
  const done = query.job.observe();
  const answer: QueryStatus = { query_id: query.id, done };
  const outcome = query.job.result;
  if (done && outcome && !outcome.ok) answer.query_error = { code: 3, message: outcome.problem.message, details: [] };
  return answer;
};

export const getQueryResultRoute: RouteHandler = (context) => {
  const query = findQuery(context);
  const outcome = query.job.result;
  if (outcome === undefined) {
    throw notFound(`the result of query ${quote(query.id)} is not ready yet: poll Get a Query until done is true`);
  }
  if (!outcome.ok) throw new ReplyError(500, `query ${quote(query.id)} failed: ${outcome.problem.message}`);
  return outcome.value;
};

/** The caller's company's query with the path's `query_id`, else 404. */
export function findQuery(context: RouteContext): QueryJob {
  const id = param(context, 'query_id');
  const query = context.state.queries.get(id);
  if (!query || query.companyId !== context.caller.companyId) throw notFound(`unknown query ${quote(id)}`);
  return query;
}
