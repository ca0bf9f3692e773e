/**
 * API 2.0 cloud vaults (seed 002 §2.2, §4.2): a company's staging areas, each in a region.
 * Names are unique per company (409). Delete is refused (400, naming what uses the vault)
 * while an importer, a running import, a recordset or a dataset uses it, unless `force=true`;
 * a forced delete removes the vault and its files, and what used it fails when next used.
 */
import type { CreateCloudVaultRequest, UpdateCloudVaultRequest } from '../../../../common/api';
import type { VaultRecord } from '../../supply/supply-records';
import { toCloudVault } from '../../views/v2-cloud-vault-view';
import { ReplyError, badRequest, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned, ownedRecord, ownedRecords } from './owned-supply-record';
import { pagedList } from './v2-collaboration-routes';

export const listCloudVaultsRoute: RouteHandler = (context) =>
  pagedList(context, 'cloud_vaults', ownedRecords(context, context.state.supply.vaults).map(toCloudVault));

export const createCloudVaultRoute: RouteHandler = (context) => {
  const body = context.body as CreateCloudVaultRequest;
  const name = checkName(context, body.name, undefined);
  const vault: VaultRecord = { ...newOwned(context, 'CV'), name, description: body.description ?? '', region: body.region };
  context.state.supply.vaults.set(vault.id, vault);
  return { cloud_vault: toCloudVault(vault) };
};

export const getCloudVaultRoute: RouteHandler = (context) => ({ cloud_vault: toCloudVault(findVault(context)) });

export const updateCloudVaultRoute: RouteHandler = (context) => {
  const vault = findVault(context);
  const body = context.body as UpdateCloudVaultRequest;
  if (body.name !== undefined) vault.name = checkName(context, body.name, vault.id);
  if (body.description !== undefined) vault.description = body.description;
  vault.updatedAt = context.state.clock.now();
  return { cloud_vault: toCloudVault(vault) };
};

export const deleteCloudVaultRoute: RouteHandler = async (context) => {
  const vault = findVault(context);
  const force = context.query.get('force');
  if (force !== null && force !== 'true' && force !== 'false') throw badRequest(`force: ${quote(force)} is not a boolean; write true or false`);
  if (force !== 'true') {
    const users = usersOf(context, vault.id);
    if (users.length > 0) {
      throw badRequest(`cloud vault ${quote(vault.id)} is in use by ${users.join(', ')}; delete those first, or delete with force=true`);
    }
  }
  context.state.supply.vaults.delete(vault.id);
  await context.state.supply.storage.deleteFolder(vault.id);
  return {};
};

/** The caller's vault the path names; 404 otherwise. */
export function findVault(context: RouteContext, id = param(context, 'cloud_vault_id')): VaultRecord {
  return ownedRecord(context, context.state.supply.vaults, id, 'cloud vault');
}

/** What uses a vault, in words (`importer IMP.1`, `recordset RS.2`, …). */
function usersOf(context: RouteContext, vaultId: string): string[] {
  const supply = context.state.supply;
  const named = (what: string, records: Iterable<{ readonly id: string; readonly vaultId: string }>): string[] =>
    [...records].filter((record) => record.vaultId === vaultId).map((record) => `${what} ${record.id}`);
  return [
    ...named('importer', supply.importers.values()),
    ...named('running import', [...supply.importExecutions.values()].filter((record) => !record.execution.ended)),
    ...named('recordset', supply.recordsets.values()),
    ...[...supply.datasets.values()].filter((dataset) => dataset.vaultId === vaultId).map((dataset) => `dataset ${dataset.datasetId}`),
  ];
}

/** A vault name: not blank, unique in the company (409). */
function checkName(context: RouteContext, name: string, selfId: string | undefined): string {
  const trimmed = name.trim();
  if (trimmed === '') throw badRequest('name: required; give the cloud vault a name');
  const taken = ownedRecords(context, context.state.supply.vaults).find((vault) => vault.name === trimmed && vault.id !== selfId);
  if (taken) throw new ReplyError(409, `name: a cloud vault named ${quote(trimmed)} already exists (${taken.id})`);
  return trimmed;
}
