/**
 * API 2.0 Create a Recordset and its executions (seed 002 §4.8). Create checks what it can at
 * once — the vault (404), the name (§8; 409 when a recordset of the vault or a running
 * creation already has it), the settings (the config's, with `execution_config` and
 * `include_subfolders` over them), the file paths (safe vault paths outside `Recordsets/`,
 * all of one format) — and starts the execution (supply/run-recordset-creation.ts), which
 * reads the files; a missing file fails it. Get counts as a poll (supply-execution.ts).
 */
import type { CreateRecordsetRequest } from '../../../../common/api';
import { fileFormat, runRecordsetCreation } from '../../supply/run-recordset-creation';
import type { ReadSettings, RecordsetExecutionRecord } from '../../supply/supply-records';
import { RECORDSETS_FOLDER, VaultStorage } from '../../supply/vault-storage';
import { toRecordsetExecution, toRecordsetExecutionDetails } from '../../views/v2-recordset-creation-view';
import { ReplyError, badRequest, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned } from './new-owned';
import { ownedRecord, ownedRecords } from './owned-supply-record';
import { DEFAULT_READ_SETTINGS, readSettingsFrom } from './read-settings';
import { checkSupplyName } from './supply-name';
import { pagedList } from './v2-collaboration-routes';

export const createRecordsetRoute: RouteHandler = (context) => {
  const body = context.body as CreateRecordsetRequest;
  const supply = context.state.supply;
  const vault = ownedRecord(context, supply.vaults, body.cloud_vault_id, 'cloud vault');
  const name = checkSupplyName('recordset_name', body.recordset_name);
  const config = body.config_id === undefined || body.config_id === '' ? undefined : ownedRecord(context, supply.recordsetConfigs, body.config_id, 'recordset config');
  let settings: ReadSettings = readSettingsFrom(body.execution_config ?? {}, config?.settings ?? DEFAULT_READ_SETTINGS, 'execution_config.');
  if (body.include_subfolders !== undefined) settings = { ...settings, includeSubfolders: body.include_subfolders };
  const filepaths = (body.filepaths ?? []).map((path, index) => checkFilepath(path, index));
  const formats = new Set(filepaths.filter((path) => /\.[A-Za-z0-9]+$/.test(path)).map((path) => fileFormat(path, settings.fileType)));
  if (formats.size > 1) throw badRequest(`filepaths: the files of one recordset must be in one format; these mix ${[...formats].join(' and ')}`);
  refuseTakenRecordsetName(context, vault.id, name);
  const record: RecordsetExecutionRecord = {
    ...newOwned(context, 'RSE'),
    vaultId: vault.id,
    recordsetId: supply.nextId('RS'),
    recordsetName: name,
    ...(config ? { configId: config.id } : {}),
    settings,
    filepaths,
    execution: supply.startExecution((reporter) => runRecordsetCreation(supply, record, () => context.state.clock.now(), reporter)),
    linesProcessed: 0,
    malformedLines: 0,
    totalLines: 0,
  };
  supply.recordsetExecutions.set(record.id, record);
  return { execution_id: record.id };
};

export const listRecordsetExecutionsRoute: RouteHandler = (context) =>
  pagedList(context, 'executions', ownedRecords(context, context.state.supply.recordsetExecutions).map(toRecordsetExecution));

export const getRecordsetExecutionRoute: RouteHandler = (context) => {
  const record = ownedRecord(context, context.state.supply.recordsetExecutions, param(context, 'execution_id'), 'recordset execution');
  record.execution.observe();
  return { execution_details: toRecordsetExecutionDetails(record) };
};

/**
 * 409 when a recordset of the vault has the name, or a normalization or recordset creation
 * still running will give it (names are unique within a vault).
 */
export function refuseTakenRecordsetName(context: RouteContext, vaultId: string, name: string, field = 'recordset_name'): void {
  const supply = context.state.supply;
  const same = (other: string): boolean => other.toLowerCase() === name.toLowerCase();
  const taken = [...supply.recordsets.values()].some((recordset) => recordset.vaultId === vaultId && same(recordset.name))
    || [...supply.recordsetExecutions.values()].some((execution) => execution.vaultId === vaultId && !execution.execution.ended && same(execution.recordsetName))
    || [...supply.normalizations.values()].some((execution) => execution.vaultId === vaultId && !execution.execution.ended && same(execution.outputRecordsetName));
  if (taken) throw new ReplyError(409, `${field}: cloud vault ${quote(vaultId)} already has a recordset named ${quote(name)}; choose another name`);
}

function checkFilepath(path: string, index: number): string {
  const safe = VaultStorage.safePath(path);
  if (safe === undefined || safe === '') throw badRequest(`filepaths[${index}]: ${quote(path)} is not a path in the vault; write it from the vault root, e.g. in/members.csv`);
  if (safe === RECORDSETS_FOLDER || safe.startsWith(`${RECORDSETS_FOLDER}/`)) throw badRequest(`filepaths[${index}]: the ${RECORDSETS_FOLDER} folder holds recordsets, not files to read`);
  return safe;
}
