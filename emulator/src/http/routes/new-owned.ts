/**
 * The fields every new data-supply record starts with (supply-records.ts `Owned`): a fresh ID
 * of its kind, the caller's company and user, and now as both times.
 */
import type { Owned } from '../../supply/supply-records';
import type { RouteContext } from '../route-context';

export function newOwned(context: RouteContext, prefix: string): Owned {
  const now = context.state.clock.now();
  return { id: context.state.supply.nextId(prefix), companyId: context.caller.companyId, createdBy: context.caller.user.id, createdAt: now, updatedAt: now };
}
