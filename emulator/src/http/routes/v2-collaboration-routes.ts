/**
 * API 2.0 collaborations and what they hold: datasets (and their stats, which need the
 * `detailed_logs` right), destinations and connections. A collaboration the caller does not
 * belong to answers 404, exactly like one that does not exist.
 */
import type { CollaborationConnection, ConnectionOverlapKey } from '../../../../common/api';
import { rightsIn, visibleCollaborations } from '../../access/access-rules';
import type { CatalogCollaboration } from '../../data/catalog-schema';
import { overlapOf } from '../../stats/column-stats';
import { keyIdOf } from '../../views/label-ids';
import { sharedKeys } from '../../views/v1-connection-view';
import { toCollaboration, toCollaborationSummary } from '../../views/v2-collaboration-view';
import type { CollaborationDatasetRef } from '../../views/v2-collaboration-dataset-view';
import {
  toAttributeStats, toCollaborationDataset, toCollaborationDatasetDetail, toExportColumnStats, toKeyColumnStats, toSummaryStats,
} from '../../views/v2-collaboration-dataset-view';
import type { DestinationInstanceRecord } from '../../destinations/destination-instances';
import { toDestinationInstance } from '../../views/v2-destination-instance-view';
import { destinationInstances } from '../destination-access';
import { applyListParams } from '../list-params';
import { paginate, readPageRequest } from '../pagination';
import { requireCollaboration } from '../query-scope';
import { forbidden, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';

/** Filters, sorts and pages a 2.0 list; `field` names the answer's item array. */
export function pagedList<T extends object>(context: RouteContext, field: string, items: readonly T[]): Record<string, unknown> {
  const request = readPageRequest(context.query);
  const page = paginate(applyListParams(items, context.query), request);
  return { [field]: page.items, pagination: page.pagination };
}

export const listCollaborationsRoute: RouteHandler = (context) =>
  pagedList(context, 'collaborations', visibleCollaborations(context.data, context.caller).map((collaboration) => toCollaborationSummary(context.data, collaboration)));

export const getCollaborationRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  return { collaboration: toCollaboration(context.data, collaboration) };
};

/** The collaboration's datasets with their loaded data. */
function datasetRefs(context: RouteContext, collaboration: CatalogCollaboration): CollaborationDatasetRef[] {
  return collaboration.datasets.flatMap((entry) => {
    const dataset = context.data.datasets.get(entry.private_id);
    return dataset ? [{ entry, dataset }] : [];
  });
}

/** The collaboration dataset the path names, by dataset ID or collaboration dataset name; else 404. */
function findDatasetRef(context: RouteContext, collaboration: CatalogCollaboration): CollaborationDatasetRef {
  const id = param(context, 'dataset_id');
  const ref = datasetRefs(context, collaboration).find(
    ({ entry, dataset }) => dataset.meta.dataset_id === id || entry.collaboration_dataset_name === id,
  );
  if (!ref) throw notFound(`unknown dataset ${quote(id)} in collaboration ${quote(collaboration.id)}`);
  return ref;
}

export const listCollaborationDatasetsRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  return pagedList(context, 'datasets', datasetRefs(context, collaboration).map((ref) => toCollaborationDataset(context.data, ref)));
};

export const getCollaborationDatasetRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  return toCollaborationDatasetDetail(context.data, findDatasetRef(context, collaboration));
};

/** The dataset of a stats request; the caller needs `detailed_logs` (403 otherwise). */
function statsDataset(context: RouteContext): CollaborationDatasetRef {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const ref = findDatasetRef(context, collaboration);
  if (!rightsIn(collaboration, context.caller)?.detailed_logs) {
    throw forbidden(`dataset statistics need the detailed_logs right in collaboration ${quote(collaboration.id)}; ask its owner to grant it`);
  }
  return ref;
}

export const getAttributeColumnStatsRoute: RouteHandler = (context) => toAttributeStats(context.data, statsDataset(context).dataset);
export const getExportColumnStatsRoute: RouteHandler = (context) => toExportColumnStats(statsDataset(context).dataset);
export const getKeyColumnStatsRoute: RouteHandler = (context) => toKeyColumnStats(context.data, statsDataset(context).dataset);
export const getSummaryStatsRoute: RouteHandler = (context) => toSummaryStats(statsDataset(context).dataset);

/**
 * The collaboration's destinations, each read from its destination instance (so an update of
 * the instance shows here); an instance deleted since is left out.
 */
function destinationsOf(context: RouteContext, collaboration: CatalogCollaboration): DestinationInstanceRecord[] {
  const instances = destinationInstances(context);
  return collaboration.destinations.flatMap((destination) => instances.find(destination.id) ?? []);
}

export const listCollaborationDestinationsRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  return pagedList(
    context,
    'destinations',
    destinationsOf(context, collaboration).map((instance) => ({
      created_date_time: instance.createdTime,
      creator_id: instance.creatorId,
      description: instance.description,
      destination_type_id: instance.destinationTypeId,
      id: instance.id,
      name: instance.name,
      owner_id: instance.ownerCompanyId,
      updated_date_time: instance.updatedTime,
    })),
  );
};

export const getCollaborationDestinationRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const id = param(context, 'destination_id');
  const instance = destinationsOf(context, collaboration).find((candidate) => candidate.id === id);
  if (!instance) throw notFound(`unknown destination ${quote(id)} in collaboration ${quote(collaboration.id)}`);
  const view = toDestinationInstance(instance);
  // A destination's configuration (hosts, accounts) is its owner's business.
  const isOwner = instance.ownerCompanyId === context.caller.companyId;
  return {
    destination: {
      config: isOwner ? view.config : {},
      created_time: view.created_time,
      creator_id: view.creator_id,
      description: view.description,
      destination_type_id: view.destination_type_id,
      editable_paths: view.editable_paths,
      id: view.id,
      name: view.name,
      owner_id: view.owner_id,
      updated_time: view.updated_time,
    },
  };
};

/** Connections between the collaboration's datasets: one per pair that shares a key. */
function connectionsOf(context: RouteContext, collaboration: CatalogCollaboration): CollaborationConnection[] {
  const refs = datasetRefs(context, collaboration);
  const connections: CollaborationConnection[] = [];
  refs.forEach((from, index) => {
    for (const to of refs.slice(index + 1)) {
      const keys = sharedKeys(from.dataset, to.dataset).map((name): ConnectionOverlapKey => {
        const fromColumn = from.dataset.columns.get(name);
        const toColumn = to.dataset.columns.get(name);
        const intersection = fromColumn && toColumn ? overlapOf(fromColumn, toColumn).intersection : 0;
        const base = fromColumn?.distinctCount ?? 0;
        return {
          id: keyIdOf(context.data, name),
          intersection: String(intersection),
          intersection_percentage: base === 0 ? 0 : Math.round((intersection / base) * 10000) / 100,
          name,
        };
      });
      if (keys.length === 0) continue;
      const best = keys.reduce((a, b) => (Number(b.intersection) > Number(a.intersection) ? b : a));
      connections.push({
        id: `CNX.${from.entry.collaboration_dataset_name}.${to.entry.collaboration_dataset_name}`,
        from_dataset_id: from.dataset.meta.dataset_id,
        to_dataset_id: to.dataset.meta.dataset_id,
        highest_overlap_key: best,
        keys,
      });
    }
  });
  return connections;
}

export const listCollaborationConnectionsRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  return pagedList(
    context,
    'connections',
    connectionsOf(context, collaboration).map(({ keys: _keys, ...summary }) => summary),
  );
};

export const getCollaborationConnectionRoute: RouteHandler = (context) => {
  const collaboration = requireCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const id = param(context, 'connection_id');
  const connection = connectionsOf(context, collaboration).find((candidate) => candidate.id === id);
  if (!connection) throw notFound(`unknown connection ${quote(id)} in collaboration ${quote(collaboration.id)}`);
  return { connection };
};
