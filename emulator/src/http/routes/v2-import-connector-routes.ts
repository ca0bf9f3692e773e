/**
 * API 2.0 import connector configs (seed 002 §2.3, §4.3): how to reach a remote file source,
 * one connector block each (supply/connector-config.ts). Names are unique per company (409).
 * Secrets are kept for the emulated connection and never shown (views/v2-import-connector-view.ts).
 * With `is_gpg` a config gets a public key files are to be encrypted with; Refresh the ICC GPG
 * Keys makes a new one. Delete is refused while an importer uses the config. Get server host
 * key answers the emulated SFTP host's key for hosts the emulator knows: named by one of the
 * company's SFTP connectors, or a folder of the sources folder.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { CreateImportConnectorRequest, RefreshImportConnectorGpgKeysRequest, UpdateImportConnectorRequest } from '../../../../common/api';
import { checkPort, connectorBlockToCreate, connectorBlockToUpdate, isHostName } from '../../supply/connector-config';
import { gpgPublicKeyOf, hostKeyOf } from '../../supply/connector-keys';
import { connectorBlockOf } from '../../supply/connector-record';
import type { ImportConnectorRecord } from '../../supply/supply-records';
import { toImportConnector } from '../../views/v2-import-connector-view';
import { ReplyError, badRequest, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned, ownedRecord, ownedRecords, withDefaultOrder } from './owned-supply-record';
import { pagedList } from './v2-collaboration-routes';

type Upsert = NonNullable<CreateImportConnectorRequest['config']>;

export const listImportConnectorsRoute: RouteHandler = (context) =>
  pagedList(withDefaultOrder(context, 'created_date_time DESC'), 'configs', ownedRecords(context, context.state.supply.importConnectors).map(toImportConnector));

export const createImportConnectorRoute: RouteHandler = (context) => {
  const body = (context.body as CreateImportConnectorRequest).config;
  if (body === undefined) throw badRequest('config: required; give the name and one connector block');
  const name = checkName(context, body.name ?? '', undefined, 'config.name');
  const block = connectorBlockToCreate(body);
  const config: ImportConnectorRecord = {
    ...newOwned(context, 'ICC'), name, description: body.description ?? '', config: { [block.kind]: block.fields }, isGpg: false, gpgGeneration: 0,
  };
  applyGpg(config, body);
  context.state.supply.importConnectors.set(config.id, config);
  return { config_id: config.id };
};

export const getImportConnectorRoute: RouteHandler = (context) => ({ config: toImportConnector(findConnector(context)) });

export const updateImportConnectorRoute: RouteHandler = (context) => {
  const config = findConnector(context);
  const body = context.body as UpdateImportConnectorRequest;
  const name = body.name === undefined ? config.name : checkName(context, body.name, config.id, 'name');
  const block = connectorBlockToUpdate(connectorBlockOf(config), body);
  config.name = name;
  if (body.description !== undefined) config.description = body.description;
  config.config = { [block.kind]: block.fields };
  applyGpg(config, body);
  config.updatedAt = context.state.clock.now();
  return { config: toImportConnector(config) };
};

export const deleteImportConnectorRoute: RouteHandler = (context) => {
  const config = findConnector(context);
  const importers = [...context.state.supply.importers.values()].filter((importer) => importer.connectorId === config.id);
  if (importers.length > 0) {
    throw badRequest(`import connector config ${quote(config.id)} is used by importer ${importers.map((importer) => importer.id).join(', ')}; delete those or point them at another config first`);
  }
  context.state.supply.importConnectors.delete(config.id);
  return {};
};

export const refreshImportConnectorGpgKeysRoute: RouteHandler = (context) => {
  const config = findConnector(context);
  if (!config.isGpg) throw badRequest(`import connector config ${quote(config.id)} does not use GPG; set is_gpg to true with Update Import Connector Config`);
  const body = context.body as RefreshImportConnectorGpgKeysRequest;
  if (body.gpg_key_expiration !== undefined) config.gpgExpiration = body.gpg_key_expiration;
  config.gpgGeneration++;
  config.gpgPublicKey = gpgPublicKeyOf(config.id, config.gpgGeneration);
  config.updatedAt = context.state.clock.now();
  return { public_key: config.gpgPublicKey };
};

export const getServerHostKeyRoute: RouteHandler = (context) => {
  const host = param(context, 'host').trim().toLowerCase();
  const port = Number(param(context, 'port'));
  if (!isHostName(host)) throw badRequest(`host: ${quote(host)} is not a host name or IP address`);
  checkPort(port, 'port');
  if (!knowsHost(context, host)) {
    throw badRequest(`host: the emulator knows no SFTP host ${quote(host)}; name it in an SFTP connector config, or start the emulator with --sources DIR holding a folder ${quote(host)}`);
  }
  return { host_key: hostKeyOf(host) };
};

/** A host of one of the company's SFTP connectors, or a folder of the sources folder. */
function knowsHost(context: RouteContext, host: string): boolean {
  const configured = ownedRecords(context, context.state.supply.importConnectors).some((config) => {
    const block = connectorBlockOf(config);
    return block.kind === 'sftp_connector' && String(block.fields.host ?? '').toLowerCase() === host;
  });
  if (configured) return true;
  const sources = context.state.supply.sourcesDir;
  return sources !== undefined && statSync(join(sources, host), { throwIfNoEntry: false })?.isDirectory() === true;
}

function findConnector(context: RouteContext): ImportConnectorRecord {
  return ownedRecord(context, context.state.supply.importConnectors, param(context, 'config_id'), 'import connector config');
}

/** `is_gpg` and `gpg_key_expiration` of a body: turning GPG on makes the first key pair. */
function applyGpg(config: ImportConnectorRecord, body: Upsert): void {
  if (body.gpg_key_expiration !== undefined) config.gpgExpiration = body.gpg_key_expiration;
  if (body.is_gpg !== undefined) config.isGpg = body.is_gpg;
  if (config.isGpg && config.gpgPublicKey === undefined) {
    config.gpgGeneration++;
    config.gpgPublicKey = gpgPublicKeyOf(config.id, config.gpgGeneration);
  }
}

/** A config name: not blank, unique in the company (409). */
function checkName(context: RouteContext, name: string, selfId: string | undefined, field: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest(`${field}: required; give the connector config a name`);
  const taken = ownedRecords(context, context.state.supply.importConnectors).find((config) => config.name === trimmed && config.id !== selfId);
  if (taken) throw new ReplyError(409, `${field}: an import connector config named ${quote(trimmed)} already exists (${taken.id})`);
  return trimmed;
}
