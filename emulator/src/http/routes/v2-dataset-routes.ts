/**
 * API 2.0 dataset management: the datasets the caller's company owns, listed and by ID. A
 * dataset of another company answers 404 like one that does not exist, even when a
 * permission lets the caller query it (that is what the 1.0 List Datasets shows). Datasets
 * made with Create Dataset are among them from creation (v2-dataset-management-routes.ts).
 */
import { ownedDatasets } from '../../access/access-rules';
import type { LoadedDataset } from '../../data/loaded-data';
import { toV2Dataset } from '../../views/v2-dataset-view';
import { compareValues } from '../list-params';
import { paginate, readPageRequest } from '../pagination';
import { notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { pagedList } from './v2-collaboration-routes';

/** `order_by` naming the private ID alone, with its direction if any. */
const PRIVATE_ID_ORDER = /^private_id(?:\s+(asc|desc))?$/i;

export const listDatasetsV2Route: RouteHandler = (context) => {
  const owned = ownedDatasets(context.data, context.caller);
  const query = context.query;
  const filter = query.get('filter')?.trim();
  const orderBy = query.get('order_by')?.trim();
  const byPrivateId = orderBy ? PRIVATE_ID_ORDER.exec(orderBy) : null;
  if (filter || (orderBy && !byPrivateId)) return pagedList(context, 'datasets', owned.map((dataset) => view(context, dataset)));
  // Unfiltered, in catalog or private-ID order (what the editor's Datasets view reads), a page
  // shows only its own datasets: only those are made wire objects, whatever the catalog's size.
  if (byPrivateId) {
    const descending = byPrivateId[1]?.toUpperCase() === 'DESC';
    owned.sort((a, b) => (descending ? -1 : 1) * compareValues(a.meta.private_id, b.meta.private_id));
  }
  const page = paginate(owned, readPageRequest(query));
  return { datasets: page.items.map((dataset) => view(context, dataset)), pagination: page.pagination };
};

export const getDatasetV2Route: RouteHandler = (context) => {
  const id = param(context, 'dataset_id');
  const dataset = ownedDatasets(context.data, context.caller).find((candidate) => candidate.meta.dataset_id === id);
  if (!dataset) throw notFound(`unknown dataset ${quote(id)}`);
  return { dataset: view(context, dataset) };
};

function view(context: RouteContext, dataset: LoadedDataset): ReturnType<typeof toV2Dataset> {
  return toV2Dataset(context.data, dataset, context.state.supply.datasets.get(dataset.meta.dataset_id));
}
