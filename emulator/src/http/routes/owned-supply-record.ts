/**
 * Looking up a data-supply record by the ID a request names: another company's record answers
 * exactly as a missing one (404, same words), so IDs reveal nothing across companies.
 */
import type { Owned } from '../../supply/supply-records';
import { notFound, quote } from '../reply-error';
import type { RouteContext } from '../route-context';

/** The caller company's record of that ID; 404 `unknown <what> '<id>'` otherwise. */
export function ownedRecord<T extends Owned>(context: RouteContext, records: ReadonlyMap<string, T>, id: string, what: string): T {
  const record = records.get(id);
  if (!record || record.companyId !== context.caller.companyId) throw notFound(`unknown ${what} ${quote(id)}`);
  return record;
}

/** The caller company's records, in creation order. */
export function ownedRecords<T extends Owned>(context: RouteContext, records: ReadonlyMap<string, T>): T[] {
  return [...records.values()].filter((record) => record.companyId === context.caller.companyId);
}

/** The query with `order_by` set to `order` when the client gave none (an operation's documented default). */
export function withDefaultOrder(context: RouteContext, order: string): RouteContext {
  if (context.query.get('order_by')?.trim()) return context;
  const query = new URLSearchParams(context.query);
  query.set('order_by', order);
  return { ...context, query };
}

/** What a new record of the caller's company carries: a fresh ID of the kind, its creator, now. */
export function newOwned(context: RouteContext, prefix: string): Owned {
  const now = context.state.clock.now();
  return { id: context.state.supply.nextId(prefix), companyId: context.caller.companyId, createdBy: context.caller.user.id, createdAt: now, updatedAt: now };
}
