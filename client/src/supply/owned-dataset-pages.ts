/**
 * The company's datasets (List Datasets 2.0) as the editor lists them where it may have
 * thousands: a page at a time in private-ID order, read only as far as the user looks (the
 * Data Supply view's "Show more…", the dataset pickers' "Show more…"). No 'vscode'.
 */
import type { PagedItem } from '../../../common/api';
import { datasetsInPrivateIdOrder, type PagedPrefix } from '../../../common/paged-prefix';
import type { ProfileService } from '../service/profile-service';

export type OwnedDataset = PagedItem<'listDatasetsV2'>;

/** Read `perPage` at a time; a dataset without an ID (nothing could be done with it) is left out. */
export function ownedDatasetPages(client: Pick<ProfileService, 'call'>, perPage: number): PagedPrefix<OwnedDataset> {
  return datasetsInPrivateIdOrder((operation, input, options) => client.call(operation, input, options), perPage, (dataset) => (dataset.dataset_id !== '' ? dataset : undefined));
}

/** A row of a dataset picker: a dataset, or "Show more…" when the company has more than are shown. */
export interface DatasetPickRow {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly dataset?: OwnedDataset;
}

/** The rows of a picker showing `items` of `total`, each described by `describe`. */
export function datasetPickRows(items: readonly OwnedDataset[], total: number, describe: (dataset: OwnedDataset) => Omit<DatasetPickRow, 'dataset'>): DatasetPickRow[] {
  const rows: DatasetPickRow[] = items.map((dataset) => ({ ...describe(dataset), dataset }));
  if (total > items.length) rows.push({ label: 'Show more…', description: `${items.length.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} shown` });
  return rows;
}
