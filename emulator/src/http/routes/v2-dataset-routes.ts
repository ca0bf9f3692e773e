/** API 2.0 dataset management: the caller's visible datasets, listed and by ID. */
import { findVisibleDatasetById, visibleDatasets } from '../../access/access-rules';
import { toV2Dataset } from '../../views/v2-dataset-view';
import { notFound, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { param } from '../route-context';
import { pagedList } from './v2-collaboration-routes';

export const listDatasetsV2Route: RouteHandler = (context) =>
  pagedList(context, 'datasets', visibleDatasets(context.data, context.caller).map(toV2Dataset));

export const getDatasetV2Route: RouteHandler = (context) => {
  const id = param(context, 'dataset_id');
  const dataset = findVisibleDatasetById(context.data, context.caller, id);
  if (!dataset) throw notFound(`unknown dataset ${quote(id)}`);
  return { dataset: toV2Dataset(dataset) };
};
