/**
 * Import connector configs as API 2.0 shows them (seed 002 §2.3; the swagger's
 * ImportConnectors.ImportConnector). Each block is built from a list of the fields that may be
 * shown, so a secret (access_keys, secret_auth, password, private_key,
 * private_key_passphrase) can never leak onto a read, whatever was stored.
 */
import { createHash } from 'node:crypto';
import { wireInstant } from '../state/emulator-clock';
import { connectorBlockOf } from '../supply/connector-record';
import type { ImportConnectorRecord } from '../supply/supply-records';

/** The fields each block shows on read. */
const SHOWN: Readonly<Record<string, readonly string[]>> = {
  s3_connector: ['bucket', 'filenames', 'prefix'],
  gcs_connector: ['bucket', 'filenames', 'prefix'],
  sftp_connector: ['filenames', 'host', 'host_keys', 'port', 'root_directory', 'username'],
};

export function toImportConnector(config: ImportConnectorRecord): Record<string, unknown> {
  const block = connectorBlockOf(config);
  const shown: Record<string, unknown> = {};
  for (const field of SHOWN[block.kind] ?? []) if (block.fields[field] !== undefined) shown[field] = block.fields[field];
  if (block.kind === 's3_connector' && block.fields.cross_account !== undefined) shown.cross_account = crossAccount(config, block.fields.cross_account as Record<string, unknown>);
  if (block.kind === 'sftp_connector') {
    shown.port ??= 22;
    if (typeof block.fields.host_keys === 'string') shown.parsed_host_keys = parsedHostKeys(block.fields.host_keys);
  }
  return {
    connector_type: connectorType(block.kind, block.fields),
    created_date_time: wireInstant(config.createdAt),
    description: config.description,
    [block.kind]: shown,
    ...(config.isGpg ? { gpg: gpgDetails(config) } : {}),
    id: config.id,
    is_gpg: config.isGpg,
    name: config.name,
    owner_id: config.companyId,
    updated_date_time: wireInstant(config.updatedAt),
    user_id: config.createdBy,
  };
}

function connectorType(kind: string, fields: Readonly<Record<string, unknown>>): string {
  if (kind === 'sftp_connector') return 'SFTP';
  if (kind === 'gcs_connector') return 'GCS_SECRET_AUTH';
  return fields.cross_account !== undefined ? 'S3_CROSS_ACCOUNT' : 'S3_ACCESS_KEYS';
}

/** The role to trust, as the service states it: its principal and an external ID made for this config. */
function crossAccount(config: ImportConnectorRecord, given: Record<string, unknown>): Record<string, unknown> {
  return {
    external_id: createHash('sha256').update(`external id\u0000${config.id}`).digest('hex').slice(0, 32),
    principal: 'arn:clouda:iam::000000000000:role/iql-emulator-importer',
    ...(typeof given.session_name === 'string' ? { session_name: given.session_name } : {}),
    ...(typeof given.user_arn === 'string' ? { user_arn: given.user_arn } : {}),
  };
}

/** The algorithms of the host key lines given, e.g. `ssh-ed25519`. */
function parsedHostKeys(hostKeys: string): string {
  return hostKeys.split(/\r?\n/).map((line) => line.trim().split(/\s+/)[0] ?? '').filter((algorithm) => algorithm !== '').join(',');
}

function gpgDetails(config: ImportConnectorRecord): Record<string, unknown> {
  const expiration = config.gpgExpiration ?? {};
  return {
    do_not_expire: expiration.do_not_expire ?? expiration.expiration_datetime === undefined,
    ...(expiration.expiration_datetime === undefined ? {} : { expiration_datetime: expiration.expiration_datetime }),
    ...(config.gpgPublicKey === undefined ? {} : { public_key: config.gpgPublicKey }),
  };
}
