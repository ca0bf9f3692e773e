/** A destination instance as API 2.0 shows it (Document 2 §2.5), secrets redacted. */
import type { DestinationInstance, DestinationInstanceOverview } from '../../../common/api';
import { REDACTED_SECRET } from '../../../common/api';
import type { DestinationInstanceRecord } from '../destinations/destination-instances';
import { findDestinationType } from '../destinations/destination-types';

export function toDestinationInstanceOverview(instance: DestinationInstanceRecord): DestinationInstanceOverview {
  return {
    id: instance.id,
    name: instance.name,
    description: instance.description,
    destination_type_id: instance.destinationTypeId,
    owner_id: instance.ownerCompanyId,
    creator_id: instance.creatorId,
    created_time: instance.createdTime,
    permission_ids: [],
    permissioned_to_permitted_company: false,
  };
}

export function toDestinationInstance(instance: DestinationInstanceRecord): DestinationInstance {
  return {
    ...toDestinationInstanceOverview(instance),
    config: redactSecrets(instance.destinationTypeId, instance.config),
    editable_paths: [...instance.editablePaths],
    updated_time: instance.updatedTime,
  };
}

/** The config with every property its type marks `x-infosum-secret` replaced by the redaction marker. */
export function redactSecrets(typeId: string, config: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const secrets = secretProperties(typeId);
  return Object.fromEntries(Object.entries(config).map(([name, value]) => [name, secrets.has(name) ? REDACTED_SECRET : value]));
}

/** The names of the top-level properties a type marks secret. */
export function secretProperties(typeId: string): ReadonlySet<string> {
  const properties = (findDestinationType(typeId)?.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return new Set(Object.entries(properties).filter(([, schema]) => schema['x-infosum-secret'] === true).map(([name]) => name));
}
