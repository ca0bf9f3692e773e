/**
 * Checks a destination instance's `config` against its type's JSON Schema with ajv (a real
 * JSON Schema validator: formats, patterns, bounds, `additionalProperties`), and words the
 * first failure with the path that failed, e.g. `config.port: must be <= 65535`; and a push's
 * `push_config` against the destination instance's push-time schema (push-schema.ts).
 */
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { printableText } from '../printable-text';
import type { DestinationInstanceRecord } from './destination-instances';
import { DESTINATION_TYPES } from './destination-types';
import type { DestinationType } from './destination-types';
import { pushSchemaOf } from './push-schema';

/** `x-infosum-secret` is the swagger's annotation of secret properties; ajv must know it in strict mode. */
const ajv = new Ajv({ allErrors: false, strict: true, keywords: ['x-infosum-secret'] });

/** One compiled validator per type, compiled when first used. */
const compiled = new Map<string, ValidateFunction>();

function validatorOf(type: DestinationType): ValidateFunction {
  let validate = compiled.get(type.id);
  if (validate === undefined) {
    validate = ajv.compile(type.schema);
    compiled.set(type.id, validate);
  }
  return validate;
}

/** Undefined when `config` conforms to `type`'s schema, else a message naming the failing path. */
export function checkDestinationConfig(type: DestinationType, config: unknown): string | undefined {
  const validate = validatorOf(type);
  if (validate(config)) return undefined;
  return describeFirstError(validate, 'config', `is not a property of destination type '${type.id}'`)
    ?? `config does not match the schema of destination type '${type.id}'`;
}

/** Push-time schemas compiled, by their JSON text (an instance's schema changes when the instance does). */
const compiledPushSchemas = new Map<string, ValidateFunction>();

/**
 * Undefined when `pushConfig` conforms to the instance's push schema (push-schema.ts: only its
 * editable paths, nothing else), else a message naming the failing path, e.g.
 * `push_config.path: must be string`. The same check for Export Activation Segment Results and
 * the deprecated Push Activation Result to Destination.
 */
export function checkPushConfig(instance: DestinationInstanceRecord, pushConfig: unknown): string | undefined {
  const schema = pushSchemaOf(instance);
  const key = JSON.stringify(schema);
  let validate = compiledPushSchemas.get(key);
  if (validate === undefined) {
    // A bound on the cache: instances are few, but each update makes a new schema.
    if (compiledPushSchemas.size >= 256) compiledPushSchemas.clear();
    validate = ajv.compile(schema);
    compiledPushSchemas.set(key, validate);
  }
  if (validate(pushConfig)) return undefined;
  const destination = `destination '${printableText(instance.id, 80)}'`;
  const editable = instance.editablePaths.length === 0 ? 'none' : instance.editablePaths.join(', ');
  return describeFirstError(validate, 'push_config', `is not an editable path of ${destination} (editable: ${printableText(editable, 200)})`)
    ?? `push_config does not match the push schema of ${destination}`;
}

/** The first error of the last validation, worded with its path under `root`; undefined when there is none. */
function describeFirstError(validate: ValidateFunction, root: string, notAProperty: string): string | undefined {
  const error = validate.errors?.[0];
  if (error === undefined) return undefined;
  const path = [root, ...error.instancePath.split('/').slice(1).map(unescapePointer)];
  // additionalProperties and required name the property in params, not in the path.
  const property = (error.params as { additionalProperty?: string; missingProperty?: string }).additionalProperty
    ?? (error.params as { missingProperty?: string }).missingProperty;
  if (property !== undefined) path.push(property);
  const what = error.keyword === 'additionalProperties' ? notAProperty : error.keyword === 'required' ? 'is required' : (error.message ?? 'is invalid');
  return `${printableText(path.join('.'), 200)}: ${what}`;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Every schema compiled once at start-up would hide a broken one until first use: tests call this. */
export function compileAllDestinationSchemas(): void {
  for (const type of DESTINATION_TYPES) validatorOf(type);
}
