/**
 * The refusals of collaboration management (seed 001 §3, §5), worded the same way for every
 * route: an identifier that cannot be one (400), a collaboration the caller does not belong to
 * (404, like one that does not exist), a missing right (403 naming it, which the service
 * client reads as "this right is missing"), an owner-only operation, a closed collaboration
 * (403: it accepts no changes, as it accepts no queries or exports, see query-scope.ts).
 */
import { rightsIn } from '../access/access-rules';
import type { Caller } from '../access/access-rules';
import type { CatalogCollaboration, MemberRights } from '../data/catalog-schema';
import type { EmulatorData } from '../data/loaded-data';
import { requireCollaboration } from './query-scope';
import { badRequest, forbidden, quote } from './reply-error';

/**
 * Anything an identifier may not hold: path separators, `..`, white space and control
 * characters, quotes and angle brackets. No ID of the service or of a data folder holds them,
 * so such a value is a malformed request (400), never an unknown object (404).
 */
const NOT_IN_AN_ID = /[/\\\s"'<>`\p{Cc}]|\.\./u;

/** Refuses (400) a value that cannot be an identifier; `field` names it in the message. */
export function requireWellFormedId(value: string, field: string): string {
  if (value === '' || NOT_IN_AN_ID.test(value)) {
    throw badRequest(`${field}: ${quote(value)} is not an ID (IDs hold no '/', '..', spaces, quotes or angle brackets)`);
  }
  return value;
}

/** The collaboration of the path, if the caller belongs to it: 400 for a malformed ID, else 404. */
export function memberCollaboration(data: EmulatorData, caller: Caller, collaborationId: string): CatalogCollaboration {
  return requireCollaboration(data, caller, requireWellFormedId(collaborationId, 'collaboration_id'));
}

/** Refuses (403, naming the right) unless the caller holds `right` in the collaboration. */
export function requireRight(collaboration: CatalogCollaboration, caller: Caller, right: keyof MemberRights, action: string): void {
  if (rightsIn(collaboration, caller)?.[right] === true) return;
  throw forbidden(`you need the ${right} right in collaboration ${quote(collaboration.id)} to ${action}; ask its owner to grant it`);
}

/** Refuses (403) unless the caller's company owns the collaboration. */
export function requireOwner(collaboration: CatalogCollaboration, caller: Caller, action: string): void {
  if (collaboration.owner_company_id === caller.companyId) return;
  throw forbidden(`only the collaboration's owner ${quote(collaboration.owner_company_id)} may ${action} collaboration ${quote(collaboration.id)}`);
}

/** Refuses (403) any change to a closed collaboration: closing is irreversible (seed 001 §3). */
export function requireOpen(collaboration: CatalogCollaboration): void {
  if (collaboration.status !== 'STATUS_CLOSED') return;
  throw forbidden(`collaboration ${quote(collaboration.id)} is closed: it accepts no changes (its assets and log stay readable)`);
}
