/**
 * API 2.0 recordset configs (seed 002 §2.8, §4.8): how files are read into a recordset. A
 * config belongs to the company that created it (404 to any other, worded like a missing
 * ID); names follow §8 and are unique within the company (409); Update changes the fields it
 * is given and checks the result as Create does.
 */
import type { CreateRecordsetConfigRequest, UpdateRecordsetConfigRequest } from '../../../../common/api';
import type { RecordsetConfigRecord } from '../../supply/supply-records';
import { toRecordsetConfig } from '../../views/v2-recordset-creation-view';
import { ReplyError, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned } from './new-owned';
import { ownedRecord, ownedRecords } from './owned-supply-record';
import { DEFAULT_READ_SETTINGS, readSettingsFrom } from './read-settings';
import { checkSupplyName } from './supply-name';
import { pagedList } from './v2-collaboration-routes';

export const listRecordsetConfigsRoute: RouteHandler = (context) =>
  pagedList(context, 'configs', ownedRecords(context, context.state.supply.recordsetConfigs).map(toRecordsetConfig));

export const createRecordsetConfigRoute: RouteHandler = (context) => {
  const body = context.body as CreateRecordsetConfigRequest;
  const name = checkSupplyName('name', body.name);
  const settings = readSettingsFrom(body, DEFAULT_READ_SETTINGS);
  refuseTakenName(context, name);
  const config: RecordsetConfigRecord = {
    ...newOwned(context, 'RSC'),
    name,
    description: body.description ?? '',
    settings,
  };
  context.state.supply.recordsetConfigs.set(config.id, config);
  return { config_id: config.id };
};

export const getRecordsetConfigRoute: RouteHandler = (context) => {
  const config = findConfig(context);
  const last = [...context.state.supply.recordsetExecutions.values()].filter((execution) => execution.configId === config.id).at(-1);
  return { config: toRecordsetConfig(config), ...(last ? { last_execution_id: last.id } : {}) };
};

export const updateRecordsetConfigRoute: RouteHandler = (context) => {
  const config = findConfig(context);
  const body = context.body as UpdateRecordsetConfigRequest;
  const name = body.name === undefined ? config.name : checkSupplyName('name', body.name);
  const settings = readSettingsFrom(body, config.settings);
  if (name !== config.name) refuseTakenName(context, name);
  config.name = name;
  config.settings = settings;
  if (body.description !== undefined) config.description = body.description;
  config.updatedAt = context.state.clock.now();
  return { config: toRecordsetConfig(config) };
};

function findConfig(context: RouteContext): RecordsetConfigRecord {
  return ownedRecord(context, context.state.supply.recordsetConfigs, param(context, 'config_id'), 'recordset config');
}

function refuseTakenName(context: RouteContext, name: string): void {
  const taken = ownedRecords(context, context.state.supply.recordsetConfigs).find((config) => config.name === name);
  if (taken) throw new ReplyError(409, `name: recordset config ${quote(name)} already exists (${taken.id}); choose another name or update it`);
}
