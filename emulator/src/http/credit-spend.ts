/**
 * Charges a query run to the credit ledger (state/credit-ledger.ts): one credit on each
 * dataset the query names, resolved in the scope it ran in (the caller's visible datasets, or
 * a collaboration's datasets by their collaboration names), for the caller's company.
 */
import type { NamedDataset, ValidatedQuery } from '../query-engine';
import type { RouteContext } from './route-context';

export function spendCredits(context: RouteContext, scope: readonly NamedDataset[], query: ValidatedQuery): void {
  const named = new Set(query.datasets);
  const datasets = scope
    .filter((candidate) => named.has(candidate.name))
    .map(({ dataset }) => ({ privateId: dataset.meta.private_id, ownerCompanyId: dataset.meta.owner_company_id }));
  context.state.credits.spend(datasets, context.caller.companyId);
}
