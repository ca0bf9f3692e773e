/**
 * The access rules of DATA-FORMAT.md, in one place. Every route asks here; no route decides
 * visibility on its own, so a rule cannot be enforced in one handler and forgotten in another.
 *
 * - A user sees the datasets its company owns and those with an accepted permission to its
 *   company. Any other dataset does not exist for it.
 * - A collaboration is visible to its owner company and its members only. Rights come from
 *   `creator_rights` for the owner and `members[].rights` for a member.
 * - A collaboration dataset's rows go only to the companies its `exportable_to_members` lists.
 * - An activation segment is changed or deleted only by the company that created it or by the
 *   collaboration's owner (emulator/README.md says why this rule was chosen).
 */
import type { CatalogCollaboration, CatalogUser, MemberRights } from '../data/catalog-schema';
import type { EmulatorData, LoadedDataset } from '../data/loaded-data';

/** The caller, once its API key is known. */
export interface Caller {
  readonly user: CatalogUser;
  readonly companyId: string;
}

/**
 * The user whose API key is the `Authorization` header, or undefined. The header holds the
 * raw key (no `Bearer` prefix); legacy 1.0 keys `<public>/<private>` are keys like any other.
 */
export function findCaller(data: EmulatorData, authorization: string | undefined): Caller | undefined {
  const key = authorization?.trim();
  if (!key) return undefined;
  const user = data.catalog.users.find((candidate) => candidate.api_key === key);
  return user ? { user, companyId: user.company_id } : undefined;
}

/** True when `caller` may see the dataset with this private ID. */
export function canSeeDataset(data: EmulatorData, caller: Caller, dataset: LoadedDataset): boolean {
  return mayBeSeen(dataset, caller, acceptedGrants(data, caller));
}

/** The datasets `caller` may see, in catalog order. */
export function visibleDatasets(data: EmulatorData, caller: Caller): LoadedDataset[] {
  // The permissions are read once for the whole list, not once per dataset.
  const grants = acceptedGrants(data, caller);
  return [...data.datasets.values()].filter((dataset) => mayBeSeen(dataset, caller, grants));
}

/** A dataset is seen by its owner's company and by a company with an accepted permission to it. */
function mayBeSeen(dataset: LoadedDataset, caller: Caller, grants: ReadonlySet<string>): boolean {
  return dataset.meta.owner_company_id === caller.companyId || grants.has(grantKey(dataset.meta.owner_company_id, dataset.meta.private_id));
}

/** The datasets an accepted permission gives `caller`'s company, as owner and private ID. */
function acceptedGrants(data: EmulatorData, caller: Caller): Set<string> {
  const grants = new Set<string>();
  for (const permission of data.catalog.permissions) {
    if (permission.accepted && permission.recipient_company_id === caller.companyId) grants.add(grantKey(permission.owner_company_id, permission.private_id));
  }
  return grants;
}

function grantKey(ownerCompanyId: string, privateId: string): string {
  return `${ownerCompanyId}\u0000${privateId}`;
}

/**
 * The datasets `caller`'s company owns, in catalog order: what 2.0 dataset management lists
 * and reads (Document 3 §2.1: a dataset's `private_id` is for use inside the owner company, so
 * another company's dataset is not shown there even when a permission lets the caller query it).
 */
export function ownedDatasets(data: EmulatorData, caller: Caller): LoadedDataset[] {
  return [...data.datasets.values()].filter((dataset) => dataset.meta.owner_company_id === caller.companyId);
}

/** The visible dataset with this private ID, or undefined (absent and invisible look the same). */
export function findVisibleDataset(data: EmulatorData, caller: Caller, privateId: string): LoadedDataset | undefined {
  const dataset = data.datasets.get(privateId);
  return dataset !== undefined && canSeeDataset(data, caller, dataset) ? dataset : undefined;
}

/** The visible dataset with this 2.0 dataset ID, or undefined. */
export function findVisibleDatasetById(data: EmulatorData, caller: Caller, datasetId: string): LoadedDataset | undefined {
  return visibleDatasets(data, caller).find((dataset) => dataset.meta.dataset_id === datasetId);
}

/** The rights of `caller` in `collaboration`, or undefined when it is neither owner nor member. */
export function rightsIn(collaboration: CatalogCollaboration, caller: Caller): MemberRights | undefined {
  if (collaboration.owner_company_id === caller.companyId) return collaboration.creator_rights;
  return collaboration.members.find((member) => member.company_id === caller.companyId)?.rights;
}

/** The collaborations `caller` belongs to, in catalog order. */
export function visibleCollaborations(data: EmulatorData, caller: Caller): CatalogCollaboration[] {
  return data.catalog.collaborations.filter((collaboration) => rightsIn(collaboration, caller) !== undefined);
}

/** The collaboration with this ID if `caller` belongs to it, else undefined (absent and invisible look the same). */
export function findVisibleCollaboration(data: EmulatorData, caller: Caller, id: string): CatalogCollaboration | undefined {
  const collaboration = data.catalog.collaborations.find((candidate) => candidate.id === id);
  return collaboration !== undefined && rightsIn(collaboration, caller) !== undefined ? collaboration : undefined;
}

/**
 * The companies whose destinations may receive rows of the collaboration dataset named
 * `datasetName` (its `exportable_to_members`; none for an unknown name). Document 2, Add
 * Dataset: "when empty, no activation query can target the dataset, so nothing is exported
 * from it" — so the dataset's owner is not an exception: it exports only when listed.
 */
export function exportableMembers(collaboration: CatalogCollaboration, datasetName: string): readonly string[] {
  return collaboration.datasets.find((entry) => entry.collaboration_dataset_name === datasetName)?.exportable_to_members ?? [];
}

/** True when rows of the collaboration dataset `datasetName` may go to `companyId`. */
export function mayExportTo(collaboration: CatalogCollaboration, datasetName: string, companyId: string): boolean {
  return exportableMembers(collaboration, datasetName).includes(companyId);
}

/**
 * True when `caller` may change or delete a segment that `creatorCompanyId` created: the
 * documents leave the mapping of segment operations to roles open, and letting any member
 * delete another company's work is the one reading that cannot be right.
 */
export function mayChangeSegment(collaboration: CatalogCollaboration, caller: Caller, creatorCompanyId: string): boolean {
  return caller.companyId === creatorCompanyId || caller.companyId === collaboration.owner_company_id;
}
