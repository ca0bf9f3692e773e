/**
 * API 2.0 pagination (seed 000, 4.2): `pagination.page` (default 1) and
 * `pagination.per_page` (default 100, at most 500) in, a `pagination` object out.
 */
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '../../../common/api';
import type { PaginationResponse } from '../../../common/api';
import { badRequest } from './reply-error';

export interface PageRequest {
  readonly page: number;
  readonly perPage: number;
}

/** Reads the page parameters; throws a 400 `ReplyError` naming the bad one. */
export function readPageRequest(query: URLSearchParams): PageRequest {
  const page = readWholeNumber(query, 'pagination.page') ?? 0;
  const perPage = readWholeNumber(query, 'pagination.per_page') ?? 0;
  if (perPage > MAX_PER_PAGE) {
    throw badRequest(`pagination.per_page must be at most ${MAX_PER_PAGE}; ask for several pages instead`);
  }
  // Zero is protobuf's "not set": the defaults apply.
  return { page: page === 0 ? 1 : page, perPage: perPage === 0 ? DEFAULT_PER_PAGE : perPage };
}

function readWholeNumber(query: URLSearchParams, name: string): number | undefined {
  const text = query.get(name);
  if (text === null || text === '') return undefined;
  if (!/^\d{1,9}$/.test(text)) throw badRequest(`${name} must be a whole number ≥ 0, got '${text.slice(0, 20)}'`);
  return Number(text);
}

/** The items of the requested page and the `pagination` object describing it. */
export function paginate<T>(items: readonly T[], request: PageRequest): { items: T[]; pagination: PaginationResponse } {
  const start = (request.page - 1) * request.perPage;
  const pageItems = items.slice(start, start + request.perPage);
  const hasMore = start + request.perPage < items.length;
  const pagination: PaginationResponse = hasMore
    ? { next_page: request.page + 1, results: pageItems.length, total_results: items.length }
    : { results: pageItems.length, total_results: items.length };
  return { items: pageItems, pagination };
}
