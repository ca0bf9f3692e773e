/**
 * A page of an API 2.0 list whose operation names the fields `filter` and `order_by` may use
 * (seed 002 §4.5, §4.6, §4.8): others are refused with a 400 naming the valid ones.
 */
import type { ListFields } from './list-params';
import { applyListParams } from './list-params';
import { paginate, readPageRequest } from './pagination';
import type { RouteContext } from './route-context';

export function fieldedList<T extends object>(context: RouteContext, field: string, items: readonly T[], fields: ListFields): Record<string, unknown> {
  const page = paginate(applyListParams(items, context.query, fields), readPageRequest(context.query));
  return { [field]: page.items, pagination: page.pagination };
}

/** The fields of a list that may be filtered and ordered by the same names. */
export function sameFields(...names: string[]): ListFields {
  return { filter: Object.fromEntries(names.map((name) => [name, name])), orderBy: names };
}
