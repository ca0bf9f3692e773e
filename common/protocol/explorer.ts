/**
 * The explorer's lists that may be large, served a page at a time by the language server so
 * that the extension host holds only what the tree shows (List Datasets answers ~70 MB of
 * JSON at 10,000 datasets; the server reads it as a stream and keeps a slim copy).
 */
import type { Dataset } from '../api';

/** Datasets the caller's company owns, or those shared with it (API 1.0 `filter.ownership`). */
export type DatasetGroup = 'owned' | 'shared';

/**
 * A dataset as the explorer lists it: its List Datasets entry without the statistics (loaded on
 * expand). An owned dataset read from List Datasets 2.0 (the unfiltered owned group) has no
 * `owner`, `rowCount` or `firstCategory`: 2.0 lists no statistics.
 */
export interface DatasetListing extends Omit<Dataset, 'stats'> {
  readonly rowCount?: NonNullable<Dataset['stats']>['row_count'];
  /** The label of its first category, for a starter query. */
  readonly firstCategory?: string;
}

/** How many datasets a group has, and how many of them the filter keeps. */
export interface DatasetGroupCount {
  readonly total: number;
  readonly matching: number;
}

/** client → server request: one page of a group's datasets, in the service's private-ID order (`order_by=private_id`); result: ServiceResult<DatasetPage>. */
export interface DatasetPageParams {
  readonly profile?: string;
  readonly group: DatasetGroup;
  /** Case-insensitive substring of the private ID or public name; '' for all. */
  readonly filter: string;
  readonly offset: number;
  /** Items wanted; 0 asks only for the counts. */
  readonly limit: number;
  /** Read the lists from the service again instead of the server's copy. */
  readonly reload?: boolean;
}
export interface DatasetPage {
  readonly counts: Readonly<Record<DatasetGroup, DatasetGroupCount>>;
  readonly items: readonly DatasetListing[];
}
export const DatasetPageRequest = 'iql/explorer/datasetPage';

/** client → server request: where dataset `name` is listed (exact private ID, else ignoring case); result: ServiceResult<DatasetPlace | null>. */
export interface FindDatasetParams {
  readonly profile?: string;
  readonly name: string;
  readonly filter: string;
}
export interface DatasetPlace {
  readonly group: DatasetGroup;
  readonly privateId: string;
  /** Its position among the datasets the filter keeps, or -1 when the filter hides it. */
  readonly index: number;
}
export const FindDatasetRequest = 'iql/explorer/findDataset';

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

/** The names of a dataset a filter matches: its private ID and its public name. */
export function datasetFilterFields(dataset: Pick<Dataset, 'private_id' | 'public_name'>): string[] {
  return [dataset.private_id, dataset.public_name ?? ''];
}
