/**
 * API 2.0 collaboration assets (seed 001 §3, §4.4, §5): Add and Remove Dataset, Activation
 * Dataset, Insight Dataset and Destination. Every one needs the contributor right and an open
 * collaboration; a company adds only datasets and destinations it owns and removes only its
 * own. Each change appends an event. Body IDs that name nothing the caller may use are 400
 * (the swagger's 404 is for the collaboration); path IDs not in the collaboration are 404.
 */
import type {
  AddActivationDatasetRequest, AddDatasetRequest, AddDestinationRequest, AddInsightDatasetRequest, CollaborationEventEntity,
} from '../../../../common/api';
import { findVisibleDatasetById } from '../../access/access-rules';
import type { CatalogCollaboration, CatalogCollaborationDataset } from '../../data/catalog-schema';
import { SHORT_NAME_PATTERN } from '../../data/catalog-schema';
import type { LoadedDataset } from '../../data/loaded-data';
import { actorEntities, actorName } from '../event-actors';
import { memberCollaboration, requireOpen, requireRight, requireWellFormedId } from '../management-policy';
import { findOwnedDestination } from '../owned-destinations';
import { badRequest, forbidden, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';

/** Which of the three dataset operations: the entry kind it adds or removes, and its event names. */
interface DatasetFlavour {
  readonly label: string;
  /** Only entries of this kind are removed; undefined: any. */
  readonly kind?: CatalogCollaborationDataset['kind'];
  readonly added: string;
  readonly removed: string;
}

const ANY_DATASET: DatasetFlavour = { label: 'dataset', added: 'TYPE_DATASET_ADDED', removed: 'TYPE_DATASET_REMOVED' };
const ACTIVATION_DATASET: DatasetFlavour = { label: 'activation dataset', kind: 'activation', added: 'TYPE_ACTIVATION_DATASET_ADDED', removed: 'TYPE_ACTIVATION_DATASET_REMOVED' };
const INSIGHT_DATASET: DatasetFlavour = { label: 'insight dataset', kind: 'insight', added: 'TYPE_INSIGHT_DATASET_ADDED', removed: 'TYPE_INSIGHT_DATASET_REMOVED' };

/** The collaboration of a change: the caller is a member with the contributor right, and it is open. */
function changeableCollaboration(context: RouteContext, action: string): CatalogCollaboration {
  const collaboration = memberCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  requireRight(collaboration, context.caller, 'contributor', action);
  requireOpen(collaboration);
  return collaboration;
}

export const addDatasetRoute: RouteHandler = (context) => {
  const body = context.body as AddDatasetRequest;
  // The general form adds an activation dataset when activation queries may use it.
  return addDataset(context, ANY_DATASET, body.activation_allowed === true ? 'activation' : 'insight', body);
};
export const addActivationDatasetRoute: RouteHandler = (context) =>
  addDataset(context, ACTIVATION_DATASET, 'activation', context.body as AddActivationDatasetRequest);
export const addInsightDatasetRoute: RouteHandler = (context) =>
  addDataset(context, INSIGHT_DATASET, 'insight', context.body as AddInsightDatasetRequest);

export const removeDatasetRoute: RouteHandler = (context) => removeDataset(context, ANY_DATASET);
export const removeActivationDatasetRoute: RouteHandler = (context) => removeDataset(context, ACTIVATION_DATASET);
export const removeInsightDatasetRoute: RouteHandler = (context) => removeDataset(context, INSIGHT_DATASET);

function addDataset(context: RouteContext, flavour: DatasetFlavour, kind: CatalogCollaborationDataset['kind'], body: AddDatasetRequest): unknown {
  const collaboration = changeableCollaboration(context, `add a ${flavour.label}`);
  const name = body.collaboration_dataset_name ?? '';
  if (!SHORT_NAME_PATTERN.test(name)) {
    throw badRequest(`collaboration_dataset_name: ${quote(name)} must be 1 to 17 letters or digits (it names the dataset in queries)`);
  }
  if (collaboration.datasets.some((entry) => entry.collaboration_dataset_name === name)) {
    throw badRequest(`collaboration_dataset_name: ${quote(name)} already names a dataset in collaboration ${quote(collaboration.id)}`);
  }
  const dataset = ownDataset(context, requireWellFormedId(body.dataset_id ?? '', 'dataset_id'));
  const entry: CatalogCollaborationDataset = {
    collaboration_dataset_name: name,
    private_id: dataset.meta.private_id,
    kind,
    exportable_to_members: checkedMembers(collaboration, body.exportable_to_members ?? []),
    intersection_only: body.intersection_only ?? false,
    ...checkedRestrictions(dataset, body),
  };
  collaboration.datasets.push(entry);
  appendAssetEvent(context, collaboration, flavour.added, 'added', datasetEntity(dataset, name));
  return {};
}

function removeDataset(context: RouteContext, flavour: DatasetFlavour): unknown {
  const collaboration = changeableCollaboration(context, `remove a ${flavour.label}`);
  const id = requireWellFormedId(param(context, 'dataset_id'), 'dataset_id');
  // The path names the dataset by its ID or, as Get Dataset accepts, its collaboration name.
  const matches = collaboration.datasets.flatMap((entry) => {
    const dataset = context.data.datasets.get(entry.private_id);
    const named = dataset !== undefined && (dataset.meta.dataset_id === id || entry.collaboration_dataset_name === id);
    return named && (flavour.kind === undefined || entry.kind === flavour.kind) ? [{ entry, dataset }] : [];
  });
  if (matches.length === 0) throw notFound(`unknown ${flavour.label} ${quote(id)} in collaboration ${quote(collaboration.id)}`);
  for (const { dataset } of matches) {
    if (dataset.meta.owner_company_id !== context.caller.companyId) {
      throw forbidden(`${flavour.label} ${quote(id)} belongs to ${quote(dataset.meta.owner_company_id)}: only its owner may remove it`);
    }
  }
  collaboration.datasets = collaboration.datasets.filter((entry) => !matches.some((match) => match.entry === entry));
  for (const { entry, dataset } of matches) {
    appendAssetEvent(context, collaboration, flavour.removed, 'removed', datasetEntity(dataset, entry.collaboration_dataset_name));
  }
  return {};
}

export const addDestinationRoute: RouteHandler = (context) => {
  const collaboration = changeableCollaboration(context, 'add a destination');
  const id = requireWellFormedId((context.body as AddDestinationRequest).destination_id ?? '', 'destination_id');
  const destination = findOwnedDestination(context, id);
  if (!destination) throw badRequest(`destination_id: your company has no destination ${quote(id)}`);
  if (collaboration.destinations.some((candidate) => candidate.id === id)) {
    throw badRequest(`destination_id: destination ${quote(id)} is already in collaboration ${quote(collaboration.id)}`);
  }
  collaboration.destinations.push(destination);
  appendAssetEvent(context, collaboration, 'TYPE_DESTINATION_ADDED', 'added', destinationEntity(destination));
  return {};
};

export const removeDestinationRoute: RouteHandler = (context) => {
  const collaboration = changeableCollaboration(context, 'remove a destination');
  const id = requireWellFormedId(param(context, 'destination_id'), 'destination_id');
  const destination = collaboration.destinations.find((candidate) => candidate.id === id);
  if (!destination) throw notFound(`unknown destination ${quote(id)} in collaboration ${quote(collaboration.id)}`);
  if (destination.owner_company_id !== context.caller.companyId) {
    throw forbidden(`destination ${quote(id)} belongs to ${quote(destination.owner_company_id)}: only its owner may remove it`);
  }
  collaboration.destinations = collaboration.destinations.filter((candidate) => candidate !== destination);
  appendAssetEvent(context, collaboration, 'TYPE_DESTINATION_REMOVED', 'removed', destinationEntity(destination));
  return {};
};

/** The dataset of a body's `dataset_id`: 400 when the caller cannot see it, 403 when another company owns it. */
function ownDataset(context: RouteContext, datasetId: string): LoadedDataset {
  const dataset = findVisibleDatasetById(context.data, context.caller, datasetId);
  if (!dataset) throw badRequest(`dataset_id: unknown dataset ${quote(datasetId)}`);
  if (dataset.meta.owner_company_id !== context.caller.companyId) {
    throw forbidden(`dataset ${quote(datasetId)} belongs to ${quote(dataset.meta.owner_company_id)}: only its owner may add it to a collaboration`);
  }
  return dataset;
}

/** `exportable_to_members` lists companies of the collaboration only (its owner or members). */
function checkedMembers(collaboration: CatalogCollaboration, companyIds: readonly string[]): string[] {
  const inCollaboration = new Set([collaboration.owner_company_id, ...collaboration.members.map((member) => member.company_id)]);
  for (const [index, companyId] of companyIds.entries()) {
    if (!inCollaboration.has(companyId)) {
      throw badRequest(`exportable_to_members[${index}]: ${quote(companyId)} is not a company of collaboration ${quote(collaboration.id)}`);
    }
  }
  return [...new Set(companyIds)];
}

/**
 * The restrictions of the body, checked against the dataset: allowed attributes must be its
 * attributes, and allowed destination types need `destination_type_restriction` (the swagger:
 * "can only be set if destination_type_restriction is set to true").
 */
function checkedRestrictions(dataset: LoadedDataset, body: AddDatasetRequest): Partial<CatalogCollaborationDataset> {
  const labels = new Set(dataset.meta.categories.map((category) => category.label));
  for (const [index, attribute] of (body.allowed_attributes ?? []).entries()) {
    if (!labels.has(attribute)) throw badRequest(`allowed_attributes[${index}]: dataset ${quote(dataset.meta.dataset_id)} has no attribute ${quote(attribute)}`);
  }
  if ((body.allowed_destination_types ?? []).length > 0 && body.destination_type_restriction !== true) {
    throw badRequest('allowed_destination_types: can only be set with destination_type_restriction true');
  }
  return {
    activation_allowed: body.activation_allowed,
    allowed_attributes: body.allowed_attributes === undefined ? undefined : [...new Set(body.allowed_attributes)],
    attribute_restriction: body.attribute_restriction,
    allowed_destination_types: body.allowed_destination_types,
    destination_type_restriction: body.destination_type_restriction,
  };
}

function datasetEntity(dataset: LoadedDataset, name: string): CollaborationEventEntity {
  return { company_id: dataset.meta.owner_company_id, id: dataset.meta.dataset_id, name, type: 'ENTITY_DATASET' };
}

function destinationEntity(destination: { id: string; name: string; owner_company_id: string }): CollaborationEventEntity {
  return { company_id: destination.owner_company_id, id: destination.id, name: destination.name, type: 'ENTITY_DESTINATION' };
}

function appendAssetEvent(context: RouteContext, collaboration: CatalogCollaboration, type: string, verb: string, asset: CollaborationEventEntity): void {
  const what = asset.type === 'ENTITY_DESTINATION' ? 'destination' : 'dataset';
  context.state.management.events.append(context.data, collaboration, {
    type,
    companyId: context.caller.companyId,
    message: `${actorName(context)} ${verb} the ${what} '${asset.name ?? ''}'`,
    entities: [...actorEntities(context), asset],
  });
}
