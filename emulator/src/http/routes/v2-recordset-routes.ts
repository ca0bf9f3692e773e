/**
 * API 2.0 recordsets of a cloud vault (seed 002 §4.8): list, get, rename (§8 names, unique in
 * the vault), delete (refused with 409 while a normalization or prepare reads it: its
 * `locks`), and the columns with their statistics, ordered by `name`,
 * `statistics.value_count` or `statistics.cell_count`. A recordset of another company's
 * vault, or of another vault, is 404 like a missing one.
 */
import type { RenameRecordsetRequest } from '../../../../common/api';
import type { RecordsetRecord } from '../../supply/supply-records';
import { RECORDSETS_FOLDER } from '../../supply/vault-storage';
import { toRecordset, toRecordsetColumn, toRecordsetOverview } from '../../views/v2-recordset-view';
import { fieldedList } from '../fielded-list';
import { ReplyError, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { ownedRecord } from './owned-supply-record';
import { checkSupplyName } from './supply-name';
import { refuseTakenRecordsetName } from './v2-recordset-creation-routes';
import { pagedList } from './v2-collaboration-routes';

const COLUMN_FIELDS = { filter: { name: 'name' }, orderBy: ['name', 'statistics.value_count', 'statistics.cell_count'] };

export const listRecordsetsRoute: RouteHandler = (context) => {
  const vault = ownedRecord(context, context.state.supply.vaults, param(context, 'cloud_vault_id'), 'cloud vault');
  const recordsets = [...context.state.supply.recordsets.values()].filter((recordset) => recordset.vaultId === vault.id);
  return pagedList(context, 'recordsets', recordsets.map(toRecordsetOverview));
};

export const getRecordsetRoute: RouteHandler = (context) => ({ recordset: toRecordset(findRecordset(context)) });

export const renameRecordsetRoute: RouteHandler = (context) => {
  const recordset = findRecordset(context);
  const name = checkSupplyName('new_name', (context.body as RenameRecordsetRequest).new_name);
  if (name.toLowerCase() !== recordset.name.toLowerCase()) refuseTakenRecordsetName(context, recordset.vaultId, name, 'new_name');
  recordset.name = name;
  recordset.updatedAt = context.state.clock.now();
  return { recordset: toRecordset(recordset) };
};

export const deleteRecordsetRoute: RouteHandler = async (context) => {
  const recordset = findRecordset(context);
  const lock = recordset.locks[0];
  if (lock) throw new ReplyError(409, `recordset ${quote(recordset.id)} is in use by ${lock.taskType} ${quote(lock.taskId)}; delete it once that has ended`);
  context.state.supply.recordsets.delete(recordset.id);
  await context.state.supply.storage.deleteFolder(recordset.vaultId, `${RECORDSETS_FOLDER}/${recordset.id}`);
  return {};
};

export const listRecordsetColumnsRoute: RouteHandler = (context) =>
  fieldedList(context, 'columns', findRecordset(context).columns.map(toRecordsetColumn), COLUMN_FIELDS);

function findRecordset(context: RouteContext): RecordsetRecord {
  const vault = ownedRecord(context, context.state.supply.vaults, param(context, 'cloud_vault_id'), 'cloud vault');
  const id = param(context, 'recordset_id');
  const recordset = context.state.supply.recordsets.get(id);
  if (!recordset || recordset.vaultId !== vault.id) throw notFound(`unknown recordset ${quote(id)} in cloud vault ${quote(vault.id)}`);
  return recordset;
}
