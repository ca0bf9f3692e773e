/**
 * API 2.0 destination operations beside an instance's life (Document 2 §4.6): Duplicate
 * Destination Instance and Get Destination Type External Config.
 */
import { findDestinationType } from '../../destinations/destination-types';
import { destinationInstances, requireOwnedInstance } from '../destination-access';
import { requireWellFormedId } from '../management-policy';
import { notFound, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { param } from '../route-context';
import { EMULATOR_EPOCH } from '../wire-time';

/**
 * A copy of one of the caller company's instances under a new ID. The swagger's body is empty,
 * so the copy keeps everything, secrets included (they are copied, never shown), and its name
 * says it is a copy: two instances of one name would be told apart only by ID. The caller is
 * the copy's creator. Another company's instance is 404 (403 if a shared collaboration shows
 * it), as for Get.
 */
export const duplicateDestinationInstanceRoute: RouteHandler = (context) => {
  const source = requireOwnedInstance(context, requireWellFormedId(param(context, 'destination_id'), 'destination_id'), 'duplicate');
  const copy = destinationInstances(context).add({
    name: `${source.name} (copy)`,
    description: source.description,
    destinationTypeId: source.destinationTypeId,
    ownerCompanyId: source.ownerCompanyId,
    creatorId: context.caller.user.id,
    config: structuredClone(source.config),
    editablePaths: [...source.editablePaths],
    createdTime: EMULATOR_EPOCH,
    updatedTime: EMULATOR_EPOCH,
  });
  return { destination_id: copy.id };
};

/** What a company sets up on the third party's side before instances of the type work (public, like the schema). */
export const getDestinationTypeExternalConfigRoute: RouteHandler = (context) => {
  const id = param(context, 'destination_type_id');
  const type = findDestinationType(id);
  if (!type) throw notFound(`unknown destination type ${quote(id)}`);
  return { external_config: structuredClone(type.externalConfig) };
};
