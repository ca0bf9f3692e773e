/**
 * The 403 answers of the collaboration rules that are not about rights: who may receive a
 * dataset's rows (`exportable_to_members`) and who may change a segment. The rules themselves
 * live in access/access-rules.ts; this file only words the refusal, the same way for every
 * route that applies them. The messages avoid naming a right (operator, contributor, detailed
 * logs): the service client reads such a word in a 403 as "this right is missing".
 */
import { exportableMembers, mayChangeSegment, mayExportTo } from '../access/access-rules';
import type { Caller } from '../access/access-rules';
import type { CatalogCollaboration } from '../data/catalog-schema';
import { forbidden, quote } from './reply-error';

/**
 * Refuses (403) unless rows of the collaboration dataset `datasetName` may go to `companyId`.
 * `recipient` says who would receive them, for the message: "your company 'CMP.x'",
 * "destinations of 'CMP.y'".
 */
export function requireExportable(collaboration: CatalogCollaboration, datasetName: string, companyId: string, recipient: string): void {
  if (mayExportTo(collaboration, datasetName, companyId)) return;
  const listed = exportableMembers(collaboration, datasetName);
  const reason =
    listed.length === 0
      ? 'its exportable_to_members list is empty, so no activation query may target it'
      : `its exportable_to_members lists only ${listed.map(quote).join(', ')}`;
  throw forbidden(`dataset ${quote(datasetName)} may not be exported to ${recipient}: ${reason}`);
}

/** Refuses (403) unless `caller` created the segment or owns the collaboration. */
export function requireSegmentOwner(
  collaboration: CatalogCollaboration,
  caller: Caller,
  segment: { readonly id: string; readonly creatorCompanyId: string },
  action: string,
): void {
  if (mayChangeSegment(collaboration, caller, segment.creatorCompanyId)) return;
  throw forbidden(
    `activation segment ${quote(segment.id)} was created by ${quote(segment.creatorCompanyId)}: only that company ` +
      `or the collaboration's owner ${quote(collaboration.owner_company_id)} may ${action} it`,
  );
}

/** How a message names the caller's company as the receiver of rows. */
export function yourCompany(caller: Caller): string {
  return `your company ${quote(caller.companyId)}`;
}
