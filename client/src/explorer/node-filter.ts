/**
 * The explorer's filter: one text the user types, matched case-insensitively as a substring
 * of a node's names (private ID, public name, collaboration name, ID).
 */
import type { CollaborationSummary, Dataset } from '../../../common/api';

/** The filter as stored: trimmed; the empty string means "no filter". Never throws. */
export function normalizeFilter(text: string | undefined): string {
  return (text ?? '').trim();
}

/** True when `filter` is empty or a case-insensitive substring of one of `fields`. */
export function matchesFilter(filter: string, fields: readonly (string | undefined)[]): boolean {
  if (filter === '') return true;
  const needle = filter.toLowerCase();
  return fields.some((field) => field !== undefined && field.toLowerCase().includes(needle));
}

/** The names of a 1.0 dataset a filter matches: its private ID and its public name. */
export function datasetFilterFields(dataset: Dataset): string[] {
  return [dataset.private_id, dataset.public_name ?? ''];
}

/** The names of a collaboration a filter matches: its name and its ID. */
export function collaborationFilterFields(collaboration: CollaborationSummary): string[] {
  return [collaboration.name ?? '', collaboration.id];
}
