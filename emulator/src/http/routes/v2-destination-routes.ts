/**
 * API 2.0 destination instances and types (Document 2 §4.6). A type's JSON Schema decides
 * what an instance's `config` may hold (destinations/config-validator.ts, ajv); a 400 names
 * the path that failed. Who may see what: http/destination-access.ts.
 */
import type { CreateDestinationInstanceRequest, UpdateDestinationInstanceRequest } from '../../../../common/api';
import { REDACTED_SECRET } from '../../../../common/api';
import { checkDestinationConfig } from '../../destinations/config-validator';
import { DESTINATION_TYPES, findDestinationType } from '../../destinations/destination-types';
import type { DestinationType } from '../../destinations/destination-types';
import type { DestinationInstanceRecord } from '../../destinations/destination-instances';
import { secretProperties, toDestinationInstance, toDestinationInstanceOverview } from '../../views/v2-destination-instance-view';
import { collaborationsUsing, destinationInstances, ownedInstances, requireOwnedInstance } from '../destination-access';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { param } from '../route-context';
import { EMULATOR_EPOCH } from '../wire-time';
import { pagedList } from './v2-collaboration-routes';

export const listDestinationTypesRoute: RouteHandler = () => ({
  destination_types: DESTINATION_TYPES.map((type) => ({ id: type.id, name: type.name })),
});

export const getDestinationTypeSchemaRoute: RouteHandler = (context) => {
  const id = param(context, 'destination_type_id');
  const type = findDestinationType(id);
  if (!type) throw notFound(`unknown destination type ${quote(id)}`);
  return { connection_specification: structuredClone(type.schema) };
};

/** The caller's instances. `permissionable_to` keeps them all: the emulator has no 1.0 permissions to attach them to. */
export const listDestinationInstancesRoute: RouteHandler = (context) =>
  pagedList(context, 'destinations', ownedInstances(context).map(toDestinationInstanceOverview));

export const createDestinationInstanceRoute: RouteHandler = (context) => {
  const body = context.body as CreateDestinationInstanceRequest;
  const type = requireType(body.destination_type_id);
  const config = body.config ?? {};
  refuseRedactedMarker(type, config);
  checkConfig(type, config);
  const created = destinationInstances(context).add({
    name: requireName(body.name),
    description: body.description ?? '',
    destinationTypeId: type.id,
    ownerCompanyId: context.caller.companyId,
    creatorId: context.caller.user.id,
    config: structuredClone(config),
    editablePaths: checkEditablePaths(type, body.editable_paths ?? []),
    createdTime: EMULATOR_EPOCH,
    updatedTime: EMULATOR_EPOCH,
  });
  return { destination_id: created.id };
};

export const getDestinationInstanceRoute: RouteHandler = (context) => ({
  destination: toDestinationInstance(requireOwnedInstance(context, param(context, 'destination_id'), 'read')),
});

export const updateDestinationInstanceRoute: RouteHandler = (context) => {
  const instance = requireOwnedInstance(context, param(context, 'destination_id'), 'change');
  const body = context.body as UpdateDestinationInstanceRequest;
  const type = requireType(instance.destinationTypeId);
  // Check everything before changing anything: a refused update changes nothing.
  const config = body.config === undefined ? undefined : keepRedactedSecrets(type, instance, body.config);
  if (config !== undefined) checkConfig(type, config);
  const name = body.name === undefined ? undefined : requireName(body.name);
  const editablePaths = body.editable_paths === undefined ? undefined : checkEditablePaths(type, body.editable_paths);
  if (config !== undefined) instance.config = structuredClone(config);
  if (name !== undefined) instance.name = name;
  if (body.description !== undefined) instance.description = body.description;
  if (editablePaths !== undefined) instance.editablePaths = editablePaths;
  return { destination: toDestinationInstance(instance) };
};

export const deleteDestinationInstanceRoute: RouteHandler = (context) => {
  const id = param(context, 'destination_id');
  requireOwnedInstance(context, id, 'delete');
  const using = collaborationsUsing(context, id);
  if (using.length > 0) {
    // An export to it would find nothing; the swagger lists 400 for this operation.
    throw badRequest(`destination ${quote(id)} is a destination of collaboration ${using.map(quote).join(', ')}: remove it there first`);
  }
  destinationInstances(context).delete(id);
  return {};
};

function requireType(id: string | undefined): DestinationType {
  if (id === undefined || id === '') throw badRequest(`destination_type_id: required; the types are ${typeList()}`);
  const type = findDestinationType(id);
  if (!type) throw badRequest(`destination_type_id: unknown destination type ${quote(id)}; the types are ${typeList()}`);
  return type;
}

function typeList(): string {
  return DESTINATION_TYPES.map((type) => type.id).join(', ');
}

function requireName(name: string | undefined): string {
  if (name === undefined || name.trim() === '') throw badRequest('name: a destination needs a name to be shown by');
  return name;
}

function checkConfig(type: DestinationType, config: unknown): void {
  const problem = checkDestinationConfig(type, config);
  if (problem !== undefined) throw badRequest(problem);
}

/** Editable paths name properties of the type's config (e.g. `path`, `file_name_prefix`). */
function checkEditablePaths(type: DestinationType, paths: readonly string[]): string[] {
  const properties = Object.keys((type.schema.properties ?? {}) as Record<string, unknown>);
  paths.forEach((path, index) => {
    if (!properties.includes(path)) {
      throw badRequest(`editable_paths[${index}]: ${quote(path)} is not a property of destination type '${type.id}' (${properties.join(', ')})`);
    }
  });
  return [...new Set(paths)];
}

/** On create there is no stored secret for the redaction marker to keep. */
function refuseRedactedMarker(type: DestinationType, config: Readonly<Record<string, unknown>>): void {
  for (const name of secretProperties(type.id)) {
    if (config[name] === REDACTED_SECRET) throw badRequest(`config.${name}: ${REDACTED_SECRET} keeps a stored secret, and a new destination has none; send the secret itself`);
  }
}

/** The swagger: "the values for previously set x-infosum-secret properties can be retained by re-submitting the X-INFOSUM-REDACTED value". */
function keepRedactedSecrets(type: DestinationType, instance: DestinationInstanceRecord, config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept: Record<string, unknown> = { ...config };
  for (const name of secretProperties(type.id)) {
    if (kept[name] !== REDACTED_SECRET) continue;
    if (instance.config[name] === undefined) throw badRequest(`config.${name}: ${REDACTED_SECRET} keeps a stored secret, and this destination has none`);
    kept[name] = instance.config[name];
  }
  return kept;
}
