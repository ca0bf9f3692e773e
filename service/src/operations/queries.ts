/**
 * The typed calls of API 1.0 queries: validate, explain, create, status and result. Validate and explain are retried on transient failures; create is sent once.
 * Each is `client.call` with its input built from plain arguments; the contract is `call`'s: a
 * `ServiceResult`, never a throw, prompt stop when `options.signal` aborts.
 */
import type {
  CreateQueryRequest,
  CreateQueryResponse,
  ExplainQueryRequest,
  ExplainQueryResponse,
  GetQueryResponse,
  QueryResult,
  ValidateActivationRequest,
  ValidateQueryRequest,
  ValidationResponse,
} from '../../../common/api';
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient } from '../service-client';
import type { CallOptions } from '../service-transport';

type Answer<T> = Promise<ServiceResult<T>>;

export function validateQuery(client: ServiceClient, body: ValidateQueryRequest, options?: CallOptions): Answer<ValidationResponse> {
  return client.call('validateQuery', { body }, options);
}

export function validateActivationQuery(client: ServiceClient, body: ValidateActivationRequest, options?: CallOptions): Answer<ValidationResponse> {
  return client.call('validateActivationQuery', { body }, options);
}

export function explainQuery(client: ServiceClient, body: ExplainQueryRequest, options?: CallOptions): Answer<ExplainQueryResponse> {
  return client.call('explainQuery', { body }, options);
}

export function createQuery(client: ServiceClient, body: CreateQueryRequest, options?: CallOptions): Answer<CreateQueryResponse> {
  return client.call('createQuery', { body }, options);
}

export function getQuery(client: ServiceClient, queryId: string, options?: CallOptions): Answer<GetQueryResponse> {
  return client.call('getQuery', { params: { query_id: queryId } }, options);
}

/** 404 (`not-found`) while the result is not ready yet. */
export function getQueryResult(client: ServiceClient, queryId: string, options?: CallOptions): Answer<QueryResult> {
  return client.call('getQueryResult', { params: { query_id: queryId } }, options);
}
