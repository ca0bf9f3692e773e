/**
 * The destination types the emulator offers (Document 2 §4.6), each with the JSON Schema a
 * destination instance's `config` must satisfy (Get Destination Type Schema answers it as
 * `connection_specification`). A small, realistic set: a file drop over SFTP, an object-store
 * bucket, an ad platform and a CRM list; `sftp`, `dsp` and `crm` are also the types the demo
 * and test catalogs use. Properties marked `x-infosum-secret` (the swagger's name) are never
 * shown back: Get answers `X-INFOSUM-REDACTED` in their place, and an update that sends that
 * value keeps the stored one.
 */

export interface DestinationType {
  readonly id: string;
  readonly name: string;
  /** A JSON Schema (draft-07) for the instance's `config`. */
  readonly schema: Readonly<Record<string, unknown>>;
  /**
   * What the company must set up on the third party's side (Get Destination Type External
   * Config); empty when nothing is needed there.
   */
  readonly externalConfig: Readonly<Record<string, unknown>>;
}

const hostName = { type: 'string', minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9.-]+$' };
const secret = { type: 'string', minLength: 1, maxLength: 4096, 'x-infosum-secret': true };

export const DESTINATION_TYPES: readonly DestinationType[] = [
  {
    id: 'sftp',
    name: 'SFTP server',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'SFTP server',
      type: 'object',
      additionalProperties: false,
      required: ['host'],
      properties: {
        host: { ...hostName, title: 'Host name' },
        port: { type: 'integer', minimum: 1, maximum: 65535, default: 22, title: 'Port' },
        username: { type: 'string', minLength: 1, maxLength: 128, title: 'User name' },
        password: { ...secret, title: 'Password' },
        path: { type: 'string', pattern: '^/', maxLength: 1024, default: '/', title: 'Folder', description: 'Absolute path of the folder the files are written to.' },
        file_name_prefix: { type: 'string', maxLength: 100, pattern: '^[A-Za-z0-9._-]*$', title: 'File name prefix' },
      },
    },
    externalConfig: {},
  },
  {
    id: 'object-store',
    name: 'Object-store bucket',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Object-store bucket',
      type: 'object',
      additionalProperties: false,
      required: ['bucket', 'region'],
      properties: {
        bucket: { type: 'string', minLength: 3, maxLength: 63, pattern: '^[a-z0-9][a-z0-9.-]*[a-z0-9]$', title: 'Bucket' },
        region: { type: 'string', enum: ['eu-west-2', 'eu-central-1', 'us-east-1', 'ap-southeast-2'], title: 'Region' },
        prefix: { type: 'string', maxLength: 1024, title: 'Key prefix' },
        format: { type: 'string', enum: ['CSV', 'PARQUET'], default: 'CSV', title: 'File format' },
      },
    },
    // The bucket's owner grants the service's writer identity access to the bucket.
    externalConfig: { writer_identity: 'iql-emulator-writer@destinations.example', permission: 'write objects under the prefix' },
  },
  {
    id: 'dsp',
    name: 'Ad platform audience',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'Ad platform audience',
      type: 'object',
      additionalProperties: false,
      required: ['account'],
      properties: {
        account: { type: 'string', minLength: 1, maxLength: 100, title: 'Advertiser account' },
        audience_name: { type: 'string', minLength: 1, maxLength: 200, title: 'Audience name' },
        api_token: { ...secret, title: 'API token' },
        ttl_days: { type: 'integer', minimum: 1, maximum: 540, default: 30, title: 'Days an audience member stays' },
      },
    },
    externalConfig: {},
  },
  {
    id: 'crm',
    name: 'CRM contact list',
    schema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      title: 'CRM contact list',
      type: 'object',
      additionalProperties: false,
      required: ['list'],
      properties: {
        list: { type: 'string', minLength: 1, maxLength: 200, title: 'List name' },
        replace_existing: { type: 'boolean', default: false, title: 'Replace the list instead of adding to it' },
      },
    },
    externalConfig: {},
  },
];

/** The type with this ID, or undefined. */
export function findDestinationType(id: string): DestinationType | undefined {
  return DESTINATION_TYPES.find((type) => type.id === id);
}
