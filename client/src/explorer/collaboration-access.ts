/**
 * What the user's company may do in a collaboration, from its role and rights there (seed
 * 001 §2.1, §3): the owner closes, members leave, contributors add and remove their own
 * datasets and destinations, operators calculate and export segments, `detailed_logs` reads
 * dataset stats; a closed collaboration accepts no change. The company is found from what it
 * owns; when it cannot be told, every action is offered and the service decides.
 */
import type { CollaborationSummary, MemberRights } from '../../../common/api';

export interface CollaborationAccess {
  readonly role: 'owner' | 'member' | 'unknown';
  readonly active: boolean;
  readonly rights: MemberRights;
}

const ALL_RIGHTS: MemberRights = { contributor: true, operator: true, detailed_logs: true };

/** The access of company `companyId` (undefined: not known) to `collaboration`. */
export function collaborationAccess(collaboration: CollaborationSummary, companyId: string | undefined): CollaborationAccess {
  const active = (collaboration.status ?? 'STATUS_ACTIVE').toUpperCase() === 'STATUS_ACTIVE';
  if (companyId === undefined) return { role: 'unknown', active, rights: ALL_RIGHTS };
  if (collaboration.owner?.id === companyId) return { role: 'owner', active, rights: collaboration.owner.rights ?? ALL_RIGHTS };
  const member = collaboration.members.find((candidate) => candidate.id === companyId);
  // Listed without rights (a detail that could not be read): let the service decide.
  return { role: member === undefined ? 'unknown' : 'member', active, rights: member?.rights ?? ALL_RIGHTS };
}

/**
 * The context value of a collaboration row, `iql.collaboration:<state>:<role>[:contributor][:operator][:logs]`;
 * package.json's menus match it with regular expressions, so an action the user may not take is not offered.
 */
export function collaborationContextValue(access: CollaborationAccess): string {
  const rights = [access.rights.contributor && 'contributor', access.rights.operator && 'operator', access.rights.detailed_logs && 'logs'].filter(Boolean);
  return ['iql.collaboration', access.active ? 'active' : 'closed', access.role, ...rights].join(':');
}

/** Whether the company may remove an asset owned by `ownerId` (its own, as a contributor, while open). */
export function mayRemoveOwnAsset(access: CollaborationAccess | undefined, ownerId: string | undefined, companyId: string | undefined): boolean {
  if (access === undefined) return true;
  if (!access.active || !access.rights.contributor) return false;
  return companyId === undefined || ownerId === undefined || ownerId === companyId;
}
