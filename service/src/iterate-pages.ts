/**
 * Walks every page of a 2.0 list. The service pages its lists (`pagination.page`,
 * `pagination.per_page` ≤ 500) and says in `pagination.next_page` where to go next.
 */
import { api } from './lazy-api';
import type { OperationDefinition, PagedItem, PagedOperationId, PaginationResponse, V2ListParams } from '../../common/api';
import type { ServiceClient } from './service-client';
import { fail, succeed } from '../../common/service-result';
import type { ServiceResult } from '../../common/service-result';
import type { CallOptions } from './service-transport';
import type { CallInput } from '../../common/service-call';

export interface Page<T> {
  readonly items: readonly T[];
  /** The 1-based number of this page. */
  readonly page: number;
  readonly pagination?: PaginationResponse;
}

export interface IteratePagesOptions extends CallOptions {
  /** `filter`, `orderBy` and page size; `perPage` defaults to the maximum, 500. */
  readonly list?: Omit<V2ListParams, 'page'>;
  /** Upper bound on pages read, a guard against a service that never says "last page". */
  readonly maxPages?: number;
}

/**
 * Yields each page of `operation` in order, starting at page 1 with 500 items per page, and
 * follows `pagination.next_page` until the last page. A failure (including cancellation) is
 * yielded as a failed result and ends the iteration. Never throws.
 *
 * Example: `for await (const page of iteratePages(client, 'listCollaborations', {})) {…}`
 */
export async function* iteratePages<K extends PagedOperationId>(
  client: ServiceClient,
  operation: K,
  input: Omit<CallInput<K>, 'query'>,
  options: IteratePagesOptions = {},
): AsyncGenerator<ServiceResult<Page<PagedItem<K>>>, void, undefined> {
  const { findNextPage, MAX_PER_PAGE, operations, toV2ListQuery } = api();
  const definition: OperationDefinition = operations[operation];
  const itemsField = definition.itemsField ?? '';
  // List Activation Query Pushes names its page object `pagination_response`.
  const paginationField = definition.paginationField ?? 'pagination';
  const maxPages = options.maxPages ?? 10_000;
  let page = 1;
  for (let read = 0; read < maxPages; read++) {
    const query = toV2ListQuery({ perPage: MAX_PER_PAGE, ...options.list, page });
    const answer = await client.call(operation, { ...input, query } as CallInput<K>, { signal: options.signal });
    if (!answer.ok) {
      yield fail(answer.error);
      return;
    }
    const value = answer.value as unknown as Record<string, unknown>;
    const items = (Array.isArray(value[itemsField]) ? value[itemsField] : []) as PagedItem<K>[];
    const pagination = value[paginationField] as PaginationResponse | undefined;
    yield succeed({ items, page, pagination });
    const next = findNextPage(pagination, page);
    // An empty page cannot be followed by a useful one; stopping also ends a confused walk.
    if (next === undefined || items.length === 0) return;
    page = next;
  }
}

/**
 * Reads every page of `operation` and returns all items, or the first failure. Never throws.
 */
export async function collectAllPages<K extends PagedOperationId>(
  client: ServiceClient,
  operation: K,
  input: Omit<CallInput<K>, 'query'>,
  options: IteratePagesOptions = {},
): Promise<ServiceResult<PagedItem<K>[]>> {
  const all: PagedItem<K>[] = [];
  for await (const page of iteratePages(client, operation, input, options)) {
    if (!page.ok) return fail(page.error);
    all.push(...page.value.items);
  }
  return succeed(all);
}
