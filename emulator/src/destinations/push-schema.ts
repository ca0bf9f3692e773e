/**
 * The push-time schema of a destination instance (seed 001 §4.5: "push-time schema
 * constrained by the destination instance; defaults come from the instance"). An export may
 * change only the instance's editable paths, so the schema holds those properties of the
 * type's schema, each with the instance's value as its default. A stored secret's default is
 * the redaction marker, never its value: the swagger (PushActivationResultsBody) says to send
 * that marker back to keep the instance's secret. Nothing else may be sent
 * (`additionalProperties: false`).
 */
import { REDACTED_SECRET } from '../../../common/api';
import type { DestinationInstanceRecord } from './destination-instances';
import { findDestinationType } from './destination-types';
import { redactSecrets } from '../views/v2-destination-instance-view';

export function pushSchemaOf(instance: DestinationInstanceRecord): Record<string, unknown> {
  const typeProperties = (findDestinationType(instance.destinationTypeId)?.schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const properties: Record<string, unknown> = {};
  for (const path of instance.editablePaths) {
    const property = typeProperties[path];
    if (property === undefined) continue;
    const value = instance.config[path];
    const secret = property['x-infosum-secret'] === true;
    const fallback = value === undefined ? undefined : secret ? REDACTED_SECRET : structuredClone(value);
    properties[path] = { ...structuredClone(property), ...(fallback === undefined ? {} : { default: fallback }) };
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties, additionalProperties: false };
}

/**
 * The configuration a push or export delivers with: the instance's config with the sent
 * `push_config` (already checked against the push schema) on top, as a record shows it: every
 * secret as the redaction marker, whether stored or sent (sending the marker keeps the stored one).
 */
export function effectivePushConfig(instance: DestinationInstanceRecord, pushConfig: Readonly<Record<string, unknown>> | undefined): Record<string, unknown> {
  return redactSecrets(instance.destinationTypeId, { ...structuredClone(instance.config), ...structuredClone(pushConfig ?? {}) });
}
