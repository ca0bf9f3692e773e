/**
 * List users' display name and company name (Document 2 §4.1). `filter` is required and names
 * user IDs: `user_id eq USR.a`, several joined by `or`. A caller learns the names of the users
 * of companies it already deals with — its own, those it shares a collaboration with, and
 * those a dataset permission links it to. Other IDs are left out of the answer exactly like IDs
 * that name no one (the operation lists no 404), so the list never tells whether they exist.
 */
import type { Caller } from '../../access/access-rules';
import type { EmulatorData } from '../../data/loaded-data';
import { requireWellFormedId } from '../management-policy';
import { paginate, readPageRequest } from '../pagination';
import { badRequest } from '../reply-error';
import type { RouteHandler } from '../route-context';

const FILTER_EXAMPLE = "user_id eq USR.a or user_id eq USR.b";

export const listDisplayNamesRoute: RouteHandler = (context) => {
  const page = readPageRequest(context.query);
  const wanted = readUserIds(context.query.get('filter') ?? '');
  const known = knownCompanies(context.data, context.caller);
  const companyNames = new Map(context.data.catalog.companies.map((company) => [company.id, company.name]));
  const users = context.data.catalog.users
    .filter((user) => wanted.has(user.id) && known.has(user.company_id))
    .map((user) => ({
      company_id: user.company_id,
      company_name: companyNames.get(user.company_id) ?? '',
      user_display_name: user.display_name,
      user_id: user.id,
    }));
  const { items, pagination } = paginate(users, page);
  return { pagination, users: items };
};

/** The user IDs a filter names; 400 when there is none or a condition is not `user_id eq <ID>`. */
function readUserIds(filter: string): Set<string> {
  if (filter.trim() === '') throw badRequest(`filter is required: name the users, e.g. ${FILTER_EXAMPLE}`);
  const ids = new Set<string>();
  for (const condition of filter.trim().split(/\s+or\s+/i)) {
    const match = /^user_id\s+eq\s+(\S+)$/i.exec(condition.trim());
    if (match === null) throw badRequest(`filter: cannot read '${condition.slice(0, 80)}'; name user IDs, e.g. ${FILTER_EXAMPLE}`);
    ids.add(requireWellFormedId(match[1], 'filter user_id'));
  }
  return ids;
}

/** The companies whose users the caller may name: its own, collaboration partners, permission partners. */
function knownCompanies(data: EmulatorData, caller: Caller): Set<string> {
  const known = new Set([caller.companyId]);
  for (const collaboration of data.catalog.collaborations) {
    const companies = [collaboration.owner_company_id, ...collaboration.members.map((member) => member.company_id)];
    if (companies.includes(caller.companyId)) companies.forEach((company) => known.add(company));
  }
  for (const permission of data.catalog.permissions) {
    if (permission.owner_company_id === caller.companyId) known.add(permission.recipient_company_id);
    if (permission.recipient_company_id === caller.companyId) known.add(permission.owner_company_id);
  }
  return known;
}
