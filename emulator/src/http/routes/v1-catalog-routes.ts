/**
 * API 1.0 catalog operations: List Datasets, Get Dataset metadata, connections, permissions
 * and the health check. Only datasets the caller may see ever appear; an invisible dataset
 * answers exactly like one that does not exist.
 */
import type { LoadedDataset } from '../../data/loaded-data';
import { findVisibleDataset, visibleDatasets } from '../../access/access-rules';
import { compareText } from '../../stats/column-stats';
import { toV1Connection, bestIntersectionShare, sharedKeys } from '../../views/v1-connection-view';
import { toV1Dataset, toV1Schema, v1DatasetListingText } from '../../views/v1-dataset-view';
import { toV1Permission } from '../../views/v1-permission-view';
import { badRequest, notFound, quote } from '../reply-error';
import { StreamedJsonList } from '../streamed-json';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';

export const listDatasetsRoute: RouteHandler = (context) => {
  const query = context.query;
  const ownership = query.get('filter.ownership') ?? 'ANY_OWNERSHIP';
  if (!['ANY_OWNERSHIP', 'OWNED', 'NOT_OWNED'].includes(ownership)) {
    throw badRequest('filter.ownership must be ANY_OWNERSHIP, OWNED or NOT_OWNED');
  }
  const owned = (dataset: LoadedDataset): boolean => dataset.meta.owner_company_id === context.caller.companyId;
  const datasets = sortDatasets(
    filterDatasets(context, visibleDatasets(context.data, context.caller), 'filter.datasets.')
      .filter((dataset) => ownership === 'ANY_OWNERSHIP' || (ownership === 'OWNED') === owned(dataset)),
    context.query,
  );
  // Each dataset is serialized as it is written: the whole answer is never held at once.
  return new StreamedJsonList('datasets', datasets, (dataset) => v1DatasetListingText(context.data, dataset));
};

export const getDatasetMetadataRoute: RouteHandler = (context) => {
  const privateId = param(context, 'private_id');
  const dataset = findVisibleDataset(context.data, context.caller, privateId);
  if (!dataset) throw notFound(`unknown dataset ${quote(privateId)}`);
  return { dataset: toV1Dataset(context.data, dataset, true), schema: toV1Schema(dataset) };
};

export const listConnectionsRoute: RouteHandler = (context) => {
  const query = context.query;
  const origins = query.getAll('filter.origin_private_ids');
  const minText = query.get('filter.min_intersection');
  const minimum = minText === null || minText === '' ? 0 : Number(minText);
  if (!Number.isFinite(minimum) || minimum < 0 || minimum > 1) throw badRequest('filter.min_intersection must be a number from 0 to 1');
  const visible = visibleDatasets(context.data, context.caller);
  const owned = visible.filter((dataset) => dataset.meta.owner_company_id === context.caller.companyId);
  const granted = filterDatasets(
    context,
    visible.filter((dataset) => dataset.meta.owner_company_id !== context.caller.companyId),
    'filter.connected_datasets.',
  );
  const connections = [];
  const involved = new Map<string, LoadedDataset>();
  for (const from of owned) {
    if (origins.length > 0 && !origins.includes(from.meta.private_id)) continue;
    for (const to of granted) {
      if (sharedKeys(from, to).length === 0) continue;
      if (minimum > 0 && bestIntersectionShare(from, to) < minimum) continue;
      connections.push(toV1Connection(from, to));
      involved.set(from.meta.private_id, from);
      involved.set(to.meta.private_id, to);
    }
  }
  if (query.get('sort.order') === 'DESCENDING') connections.reverse();
  return { connections, datasets: [...involved.values()].map((dataset) => toV1Dataset(context.data, dataset, false)) };
};

export const getConnectionRoute: RouteHandler = (context) => {
  const first = param(context, 'first_private_id');
  const second = param(context, 'second_private_id');
  const from = findVisibleDataset(context.data, context.caller, first);
  if (!from) throw notFound(`unknown dataset ${quote(first)}`);
  const to = findVisibleDataset(context.data, context.caller, second);
  if (!to) throw notFound(`unknown dataset ${quote(second)}`);
  return { connection: toV1Connection(from, to) };
};

export const listPermissionsRoute: RouteHandler = (context) => {
  const query = context.query;
  const direction = query.get('filter.direction') ?? 'ANY_DIRECTION';
  const accepted = query.get('filter.accepted') ?? 'ANY_ACCEPTED';
  if (!['ANY_DIRECTION', 'INCOMING', 'OUTGOING'].includes(direction)) throw badRequest('filter.direction must be ANY_DIRECTION, INCOMING or OUTGOING');
  if (!['ANY_ACCEPTED', 'INACTIVE', 'ACTIVE'].includes(accepted)) throw badRequest('filter.accepted must be ANY_ACCEPTED, INACTIVE or ACTIVE');
  const company = context.caller.companyId;
  const permissions = context.data.catalog.permissions
    .filter((permission) => permission.owner_company_id === company || permission.recipient_company_id === company)
    .filter((permission) => direction !== 'INCOMING' || permission.recipient_company_id === company)
    .filter((permission) => direction !== 'OUTGOING' || permission.owner_company_id === company)
    .filter((permission) => accepted === 'ANY_ACCEPTED' || permission.accepted === (accepted === 'ACTIVE'))
    .map((permission) => toV1Permission(context.data, permission));
  if (query.get('sort.order') === 'DESCENDING') permissions.reverse();
  return { permissions };
};

export const checkHealthRoute: RouteHandler = () => ({ status: 'AVAILABLE' });

/** The 1.0 dataset filter (seed 000, 4.3) under `prefix`: contains-any, case-insensitive. */
function filterDatasets(context: RouteContext, datasets: readonly LoadedDataset[], prefix: string): LoadedDataset[] {
  const query = context.query;
  const lower = (values: string[]): string[] => values.map((value) => value.toLowerCase()).filter((value) => value !== '');
  const privateIds = lower(query.getAll(`${prefix}private_ids`));
  const publicNames = lower(query.getAll(`${prefix}public_names`));
  const description = (query.get(`${prefix}public_description`) ?? '').toLowerCase();
  const ownerIds = query.getAll(`${prefix}owner_ids`).filter((value) => value !== '');
  const companyOfUser = new Map(context.data.catalog.users.map((user) => [user.id, user.company_id]));
  return datasets.filter((dataset) => {
    const meta = dataset.meta;
    if (privateIds.length > 0 && !privateIds.some((part) => meta.private_id.toLowerCase().includes(part))) return false;
    if (publicNames.length > 0 && !publicNames.some((part) => meta.public_name.toLowerCase().includes(part))) return false;
    if (description !== '' && !meta.description.toLowerCase().includes(description)) return false;
    if (ownerIds.length > 0 && !ownerIds.some((id) => id === meta.owner_company_id || companyOfUser.get(id) === meta.owner_company_id)) {
      return false;
    }
    return true;
  });
}

/** 1.0 `sort.by` / `sort.order` over the dataset fields people sort by. */
function sortDatasets(datasets: LoadedDataset[], query: URLSearchParams): LoadedDataset[] {
  const by = query.get('sort.by') ?? '';
  const order = query.get('sort.order') ?? 'ASCENDING';
  if (!['ASCENDING', 'DESCENDING'].includes(order)) throw badRequest('sort.order must be ASCENDING or DESCENDING');
  const keys: Record<string, (dataset: LoadedDataset) => string | number> = {
    private_id: (dataset) => dataset.meta.private_id,
    public_name: (dataset) => dataset.meta.public_name,
    row_count: (dataset) => dataset.rowCount,
  };
  const key = keys[by];
  if (by !== '' && key === undefined) throw badRequest(`sort.by: cannot sort by ${quote(by)}; use private_id, public_name or row_count`);
  const sorted = key
    ? [...datasets].sort((a, b) => {
        const left = key(a);
        const right = key(b);
        return typeof left === 'number' && typeof right === 'number' ? left - right : compareText(String(left), String(right));
      })
    : [...datasets];
  return order === 'DESCENDING' ? sorted.reverse() : sorted;
}
