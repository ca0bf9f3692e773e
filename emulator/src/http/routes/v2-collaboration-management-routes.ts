/**
 * API 2.0 collaboration life (seed 001 §3, §4.4): Create, Close and Leave Collaboration.
 * Anyone with a key may create a collaboration (the emulator has no user roles) and becomes
 * its owner; its members are fixed at creation. Only the owner closes it, for good; every
 * member but the owner may leave (the owner must close instead, as the swagger's 403 says).
 * Each change appends an event to the collaboration's log.
 */
import type { CreateCollaborationRequest } from '../../../../common/api';
import type { CatalogCollaboration, MemberRights } from '../../data/catalog-schema';
import { companyEntity } from '../../state/collaboration-event-log';
import { hashId } from '../../state/emulator-state';
import { actorEntities, actorName } from '../event-actors';
import { memberCollaboration, requireOpen, requireOwner, requireWellFormedId } from '../management-policy';
import { badRequest, forbidden, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';

export const createCollaborationRoute: RouteHandler = (context) => {
  const body = context.body as CreateCollaborationRequest;
  const name = (body.name ?? '').trim();
  if (name === '') throw badRequest('name: give the collaboration a name');
  const members = readCollaborators(context, body);
  const number = context.state.management.nextCollaborationNumber();
  const collaboration: CatalogCollaboration = {
    id: hashId('CLB.', [context.caller.companyId, name, String(number)]),
    name,
    description: body.description ?? '',
    status: 'STATUS_ACTIVE',
    owner_company_id: context.caller.companyId,
    members,
    creator_rights: rightsOf(body.creator_rights),
    datasets: [],
    activation_segments: [],
    destinations: [],
  };
  context.data.catalog.collaborations.push(collaboration);
  const events = context.state.management.events;
  events.startEmpty(collaboration.id);
  events.append(context.data, collaboration, {
    type: 'TYPE_COLLABORATION_CREATED',
    companyId: context.caller.companyId,
    message: `${actorName(context)} created the collaboration`,
    entities: [...actorEntities(context), ...members.map((member) => companyEntity(context.data, member.company_id))],
  });
  return { collaboration_id: collaboration.id };
};

export const closeCollaborationRoute: RouteHandler = (context) => {
  const collaboration = memberCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  requireOwner(collaboration, context.caller, 'close');
  requireOpen(collaboration);
  collaboration.status = 'STATUS_CLOSED';
  context.state.management.events.append(context.data, collaboration, {
    type: 'TYPE_COLLABORATION_CLOSED',
    companyId: context.caller.companyId,
    message: `${actorName(context)} closed the collaboration`,
    entities: actorEntities(context),
  });
  return {};
};

/**
 * The company leaves: it no longer sees the collaboration or its log (seed 001 §3, §6), and
 * its datasets and destinations leave with it. The seed does not say what becomes of them; the
 * emulator removes them because a company that cannot see the collaboration can no longer
 * remove them itself, so keeping them would go on sharing its data without a way back.
 */
export const leaveCollaborationRoute: RouteHandler = (context) => {
  const collaboration = memberCollaboration(context.data, context.caller, param(context, 'collaboration_id'));
  const companyId = context.caller.companyId;
  if (collaboration.owner_company_id === companyId) {
    throw forbidden(`your company ${quote(companyId)} owns collaboration ${quote(collaboration.id)}: an owner cannot leave it, close it instead`);
  }
  const datasetNames = collaboration.datasets
    .filter((entry) => context.data.datasets.get(entry.private_id)?.meta.owner_company_id === companyId)
    .map((entry) => entry.collaboration_dataset_name);
  const destinationIds = collaboration.destinations.filter((entry) => entry.owner_company_id === companyId).map((entry) => entry.id);
  collaboration.members = collaboration.members.filter((member) => member.company_id !== companyId);
  collaboration.datasets = collaboration.datasets.filter((entry) => !datasetNames.includes(entry.collaboration_dataset_name));
  collaboration.destinations = collaboration.destinations.filter((entry) => !destinationIds.includes(entry.id));
  context.state.management.events.append(context.data, collaboration, {
    type: 'TYPE_COLLABORATION_LEFT',
    companyId,
    message: `${actorName(context)} left the collaboration`,
    entities: actorEntities(context),
    metadata: { removed_datasets: datasetNames.join(','), removed_destinations: destinationIds.join(',') },
  });
  return {};
};

/** The members of a new collaboration: known companies, each once, never the creator's own. */
function readCollaborators(context: RouteContext, body: CreateCollaborationRequest): CatalogCollaboration['members'] {
  const seen = new Set<string>();
  return (body.collaborators ?? []).map((collaborator, index) => {
    const field = `collaborators[${index}].company_id`;
    const companyId = requireWellFormedId(collaborator.company_id ?? '', field);
    if (!context.data.catalog.companies.some((company) => company.id === companyId)) {
      throw badRequest(`${field}: unknown company ${quote(companyId)}; ask your partner for its company ID`);
    }
    if (companyId === context.caller.companyId) {
      throw badRequest(`${field}: ${quote(companyId)} is your own company; set its rights in creator_rights`);
    }
    if (seen.has(companyId)) throw badRequest(`${field}: company ${quote(companyId)} is listed twice`);
    seen.add(companyId);
    return { company_id: companyId, rights: rightsOf(collaborator.rights) };
  });
}

/** Rights as the wire sends them: an absent right is not granted (the protobuf default). */
function rightsOf(rights: Partial<Record<keyof MemberRights, boolean>> | undefined): MemberRights {
  return { operator: rights?.operator ?? false, contributor: rights?.contributor ?? false, detailed_logs: rights?.detailed_logs ?? false };
}
