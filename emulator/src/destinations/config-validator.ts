/**
 * Checks a destination instance's `config` against its type's JSON Schema with ajv (a real
 * JSON Schema validator: formats, patterns, bounds, `additionalProperties`), and words the
 * first failure with the path that failed, e.g. `config.port: must be <= 65535`.
 */
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { printableText } from '../printable-text';
import { DESTINATION_TYPES } from './destination-types';
import type { DestinationType } from './destination-types';

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
  const error = validate.errors?.[0];
  if (error === undefined) return `config does not match the schema of destination type '${type.id}'`;
  const path = ['config', ...error.instancePath.split('/').slice(1).map(unescapePointer)];
  // additionalProperties and required name the property in params, not in the path.
  const property = (error.params as { additionalProperty?: string; missingProperty?: string }).additionalProperty
    ?? (error.params as { missingProperty?: string }).missingProperty;
  if (property !== undefined) path.push(property);
  const what = error.keyword === 'additionalProperties' ? `is not a property of destination type '${type.id}'` : error.keyword === 'required' ? 'is required' : (error.message ?? 'is invalid');
  return `${printableText(path.join('.'), 200)}: ${what}`;
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** Every schema compiled once at start-up would hide a broken one until first use: tests call this. */
export function compileAllDestinationSchemas(): void {
  for (const type of DESTINATION_TYPES) validatorOf(type);
}
