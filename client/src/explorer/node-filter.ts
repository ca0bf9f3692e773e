/**
 * The explorer's filter: one text the user types, matched case-insensitively as a substring
 * of a node's names (private ID, public name, collaboration name, ID). The datasets are
 * filtered by the language server, which holds their list, with the same shared functions.
 */
import type { CollaborationSummary } from '../../../common/api';
export { datasetFilterFields, matchesFilter, normalizeFilter } from '../../../common/protocol/explorer';

/** The names of a collaboration a filter matches: its name and its ID. */
export function collaborationFilterFields(collaboration: CollaborationSummary): string[] {
  return [collaboration.name ?? '', collaboration.id];
}
