/**
 * Pagination of API 2.0 lists (seed 000, section 4.2): requests carry `pagination.page` and
 * `pagination.per_page` (at most 500) as query parameters; responses carry a `pagination`
 * object. A missing or zero `next_page` means there is no further page.
 */
import { z } from 'zod';

/** The largest page the service serves. */
export const MAX_PER_PAGE = 500;
/** The page size the service uses when none is asked for. */
export const DEFAULT_PER_PAGE = 100;

export const PaginationResponseSchema = z.object({
  next_page: z.number().int().optional(),
  results: z.number().int().optional(),
  total_results: z.number().int().optional(),
});
export type PaginationResponse = z.infer<typeof PaginationResponseSchema>;

/** Common list parameters of API 2.0. `filter` and `order_by` use the service's own syntax. */
export interface V2ListParams {
  /** 1-based page number; the service's default is 1. */
  readonly page?: number;
  /** Records per page, 1 to `MAX_PER_PAGE`; the service's default is `DEFAULT_PER_PAGE`. */
  readonly perPage?: number;
  /** Comma-separated `<column> [ASC|DESC]` items. */
  readonly orderBy?: string;
  /** A logic expression such as `status eq EXPORT_STATUS_SUCCESSFUL`. */
  readonly filter?: string;
}

/**
 * Turns common list parameters into the wire query parameters (`pagination.page`, …).
 * Contract: never throws; `perPage` is clamped to 1…`MAX_PER_PAGE`, `page` to ≥ 1.
 */
export function toV2ListQuery(params: V2ListParams | undefined): Record<string, string> {
  const query: Record<string, string> = {};
  if (params === undefined) return query;
  if (params.page !== undefined) query['pagination.page'] = String(Math.max(1, Math.trunc(params.page)));
  if (params.perPage !== undefined) {
    query['pagination.per_page'] = String(Math.min(MAX_PER_PAGE, Math.max(1, Math.trunc(params.perPage))));
  }
  if (params.orderBy !== undefined) query.order_by = params.orderBy;
  if (params.filter !== undefined) query.filter = params.filter;
  return query;
}

/**
 * The page to ask for after `pagination`, or undefined when `pagination` describes the last
 * page. `current` is the page just read; a `next_page` that does not move forward ends the
 * walk, so a confused service cannot make a caller loop forever.
 */
export function findNextPage(pagination: PaginationResponse | undefined, current: number): number | undefined {
  const next = pagination?.next_page;
  if (next === undefined || next <= current) return undefined;
  return next;
}
