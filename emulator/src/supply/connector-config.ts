/**
 * The connector block of an import connector config (seed 002 §2.3): exactly one of
 * `s3_connector` (the seed's objstore_a), `gcs_connector` (objstore_b) or `sftp_connector`,
 * with what the emulator needs to find the files (a bucket, or a host) and the credentials the
 * service would need (checked for presence, never used, never shown on read). An update may
 * give the block of the kind the config already has, whose fields then replace those given
 * (secrets left out stay), or a block of another kind, which replaces the old block whole.
 */
import type { CreateImportConnectorRequest } from '../../../common/api';
import { badRequest, quote } from '../http/reply-error';

type Upsert = NonNullable<CreateImportConnectorRequest['config']>;
export type ConnectorKind = 's3_connector' | 'gcs_connector' | 'sftp_connector';
export const CONNECTOR_KINDS: readonly ConnectorKind[] = ['s3_connector', 'gcs_connector', 'sftp_connector'];

/** The stored block (the body's fields as given, secrets included). */
export interface ConnectorBlock {
  readonly kind: ConnectorKind;
  readonly fields: Readonly<Record<string, unknown>>;
}

const KIND_WORDS: Readonly<Record<ConnectorKind, string>> = {
  s3_connector: 's3_connector (object store A)',
  gcs_connector: 'gcs_connector (object store B)',
  sftp_connector: 'sftp_connector',
};

/** The connector blocks a body gives, by kind. */
function blocksOf(body: Upsert): ConnectorBlock[] {
  return CONNECTOR_KINDS.flatMap((kind) => {
    const fields = body[kind];
    return fields === undefined ? [] : [{ kind, fields: fields as Record<string, unknown> }];
  });
}

/** The block of a Create body: exactly one, complete; 400 naming what is missing. */
export function connectorBlockToCreate(body: Upsert): ConnectorBlock {
  const blocks = blocksOf(body);
  if (blocks.length === 0) {
    throw badRequest(`config: give one connector block, ${CONNECTOR_KINDS.map((kind) => KIND_WORDS[kind]).join(', ')}; none was given`);
  }
  const block = onlyOne(blocks, 'config');
  checkBlock(block);
  return block;
}

/** The block after an Update body: the current one, merged with or replaced by the body's. */
export function connectorBlockToUpdate(current: ConnectorBlock, body: Upsert): ConnectorBlock {
  const blocks = blocksOf(body);
  if (blocks.length === 0) return current;
  const given = onlyOne(blocks, '(body)');
  const block = given.kind === current.kind ? { kind: given.kind, fields: merge(current.fields, given.fields) } : given;
  checkBlock(block);
  return block;
}

function onlyOne(blocks: readonly ConnectorBlock[], where: string): ConnectorBlock {
  const [first, ...others] = blocks;
  if (first === undefined || others.length > 0) {
    throw badRequest(`${where}: give exactly one connector block; ${blocks.map((block) => block.kind).join(' and ')} were given`);
  }
  return first;
}

/** Fields of `update` replace those of `current`; nested objects (credentials) merge one level down. */
function merge(current: Readonly<Record<string, unknown>>, update: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [name, value] of Object.entries(update)) {
    const before = merged[name];
    merged[name] = isObject(before) && isObject(value) ? { ...before, ...value } : value;
  }
  return merged;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

const HOST = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$|^[0-9A-Fa-f:.]+$/;
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,221}[A-Za-z0-9]$/;

/** A host name or IP address an SFTP connector or Get server host key may name. */
export function isHostName(host: string): boolean {
  return HOST.test(host) && !host.includes('..');
}

/** A port of the wire (an int32): 1 to 65535. */
export function checkPort(port: number, field: string): void {
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw badRequest(`${field}: ${port} is not a port; give 1 to 65535`);
}

function checkBlock(block: ConnectorBlock): void {
  const { kind, fields } = block;
  const where = `config.${kind}`;
  checkPatterns(fields.filenames, `${where}.filenames`);
  if (kind === 'sftp_connector') {
    const host = text(fields.host);
    if (host === '') throw badRequest(`${where}.host: required; give the SFTP server's host name or IP address`);
    if (!isHostName(host)) throw badRequest(`${where}.host: ${quote(host)} is not a host name or IP address`);
    if (fields.port !== undefined) checkPort(fields.port as number, `${where}.port`);
    if (text(fields.username) === '') throw badRequest(`${where}.username: required`);
    if (text(fields.password) === '' && text(fields.private_key) === '') throw badRequest(`${where}: give password or private_key to sign in`);
    checkRelative(fields.root_directory, `${where}.root_directory`, true);
    const hostKeys = text(fields.host_keys);
    if (hostKeys !== '' && !/^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/]+={0,2}(\s|$)/m.test(hostKeys)) {
      throw badRequest(`${where}.host_keys: write OpenSSH public key lines, e.g. the host_key Get server host key answers`);
    }
    return;
  }
  const bucket = text(fields.bucket);
  if (bucket === '') throw badRequest(`${where}.bucket: required`);
  if (!BUCKET.test(bucket)) throw badRequest(`${where}.bucket: ${quote(bucket)} is not a bucket name (3 to 222 letters, digits, '.', '_', '-')`);
  checkRelative(fields.prefix, `${where}.prefix`, false);
  if (kind === 's3_connector') {
    const keys = isObject(fields.access_keys) ? fields.access_keys : undefined;
    const cross = isObject(fields.cross_account) ? fields.cross_account : undefined;
    if (keys !== undefined && cross !== undefined) throw badRequest(`${where}: give access_keys or cross_account, not both`);
    if (keys !== undefined && (text(keys.access_key_id) === '' || text(keys.secret_access_key) === '')) {
      throw badRequest(`${where}.access_keys: give access_key_id and secret_access_key`);
    }
    if (cross !== undefined && text(cross.user_arn) === '') throw badRequest(`${where}.cross_account.user_arn: required`);
    if (keys === undefined && cross === undefined) throw badRequest(`${where}: give access_keys {access_key_id, secret_access_key} or cross_account {user_arn, session_name}`);
    return;
  }
  const credentials = isObject(fields.secret_auth) ? text(fields.secret_auth.credentials_json) : '';
  if (credentials === '') throw badRequest(`${where}.secret_auth.credentials_json: required (the service account's JSON key)`);
  if (!isJsonObject(credentials)) throw badRequest(`${where}.secret_auth.credentials_json: not a JSON object`);
}

function isJsonObject(textValue: string): boolean {
  try {
    return isObject(JSON.parse(textValue));
  } catch {
    return false;
  }
}

/** A prefix or root directory: folders joined by `/`, no `..` (a root directory may start with `/`). */
function checkRelative(value: unknown, field: string, mayBeAbsolute: boolean): void {
  const path = text(value);
  const trimmed = (mayBeAbsolute ? path.replace(/^\/+/, '') : path).replace(/\/+$/, '');
  if (trimmed === '') return;
  if (trimmed.split('/').some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))) {
    throw badRequest(`${field}: ${quote(path)} must be folder names joined by '/', without '..' or empty names`);
  }
}

/** File name patterns (globs): non-empty strings. */
export function checkPatterns(value: unknown, field: string): void {
  if (value === undefined) return;
  const patterns = value as readonly string[];
  patterns.forEach((pattern, index) => {
    if (pattern.trim() === '') throw badRequest(`${field}.${index}: an empty pattern; write a glob such as *.csv`);
  });
}
