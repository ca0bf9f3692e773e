/**
 * A dataset named by a 2.0 request body (by its dataset ID), as the §4.1 operations read it:
 * absent or malformed is 400, and so is an ID the caller cannot see — worded exactly as for one
 * that does not exist, since a body ID is not the path's resource and these operations list
 * no 404.
 */
import { findVisibleDatasetById } from '../access/access-rules';
import type { LoadedDataset } from '../data/loaded-data';
import { requireWellFormedId } from './management-policy';
import { badRequest, quote } from './reply-error';
import type { RouteContext } from './route-context';

export function requireBodyDataset(context: RouteContext, value: string | undefined, field: string): LoadedDataset {
  if (value === undefined || value === '') throw badRequest(`${field}: name the dataset by its ID`);
  const dataset = findVisibleDatasetById(context.data, context.caller, requireWellFormedId(value, field));
  if (dataset === undefined) throw badRequest(`${field}: unknown dataset ${quote(value)}; List Datasets shows the IDs you may use`);
  return dataset;
}
