/**
 * The first items of a paged API 2.0 list, read a page at a time only as far as someone asks:
 * a view that shows 100 of 10,000 reads one page, and "Show more…" one page more. Used where a
 * list may be as large as the catalog (the company's datasets), so that what is held grows
 * with what is shown, not with the list. Safe to import alone.
 */
import type { OperationResponse, PagedItem } from './api/operations';
import type { PaginationResponse } from './api/pagination';
import type { CallInput } from './service-call';
import { cancelledError, fail, succeed, type ServiceResult } from './service-result';

/** One page of the list: `page` is 1-based, `perPage` the page size every read uses. */
export type PageReader<T> = (page: number, perPage: number, signal?: AbortSignal) => Promise<ServiceResult<{ readonly items: readonly T[]; readonly pagination?: PaginationResponse }>>;

export class PagedPrefix<T> {
  private readonly items: T[] = [];
  private total: number | undefined;
  private nextPage: number | undefined = 1;
  private reading: Promise<ServiceResult<void>> | undefined;

  constructor(
    private readonly readPage: PageReader<T>,
    private readonly perPage: number,
    private readonly operation = 'Listing',
  ) {}

  /**
   * The first `wanted` items (fewer when the list is shorter) and how many the list has.
   * Concurrent asks share the reads; a failure keeps what was read. Never throws.
   */
  async prefix(wanted: number, signal?: AbortSignal): Promise<ServiceResult<{ readonly total: number; readonly items: readonly T[] }>> {
    while (this.nextPage !== undefined && (this.total === undefined || this.items.length < wanted)) {
      if (signal?.aborted) return fail(cancelledError(this.operation));
      const read = (this.reading ??= this.readNextPage(signal).finally(() => (this.reading = undefined)));
      const answer = await read;
      // Another caller's cancelled read is not ours: read again with our own signal.
      if (!answer.ok && (answer.error.kind !== 'cancelled' || signal?.aborted)) return answer;
    }
    return succeed({ total: this.total ?? this.items.length, items: this.items.slice(0, Math.max(0, wanted)) });
  }

  private async readNextPage(signal?: AbortSignal): Promise<ServiceResult<void>> {
    const page = this.nextPage ?? 1;
    const answer = await this.readPage(page, this.perPage, signal);
    if (!answer.ok) return answer;
    this.items.push(...answer.value.items);
    const pagination = answer.value.pagination;
    const next = pagination?.next_page;
    this.nextPage = next !== undefined && next > page && answer.value.items.length > 0 ? next : undefined;
    this.total = this.nextPage === undefined ? this.items.length : Math.max(pagination?.total_results ?? 0, this.items.length);
    return succeed(undefined);
  }
}

/** A call of List Datasets 2.0: the service client's `call`, or the extension's, which goes through the language server. */
export type ListDatasetsV2Call = (
  operation: 'listDatasetsV2',
  input: CallInput<'listDatasetsV2'>,
  options: { readonly signal?: AbortSignal },
) => Promise<ServiceResult<OperationResponse<'listDatasetsV2'>>>;

/**
 * The company's datasets, a page of `perPage` at a time in the service's private-ID order
 * (the order every dataset list of the editor shows), each kept as `keep` makes it (undefined:
 * left out). One reader for the language server's Datasets view and the extension's pickers.
 */
export function datasetsInPrivateIdOrder<T>(call: ListDatasetsV2Call, perPage: number, keep: (dataset: PagedItem<'listDatasetsV2'>) => T | undefined): PagedPrefix<T> {
  return new PagedPrefix<T>(
    async (page, size, signal) => {
      const answer = await call('listDatasetsV2', { query: { 'pagination.page': page, 'pagination.per_page': size, order_by: 'private_id' } }, signal ? { signal } : {});
      if (!answer.ok) return answer;
      const { datasets, pagination } = answer.value;
      const items = datasets.flatMap((dataset) => {
        const kept = keep(dataset);
        return kept === undefined ? [] : [kept];
      });
      return succeed({ items, ...(pagination ? { pagination } : {}) });
    },
    perPage,
    'Listing the datasets',
  );
}
