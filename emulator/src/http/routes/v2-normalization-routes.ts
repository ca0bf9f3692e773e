/**
 * API 2.0 Start a Normalization and its executions (seed 002 §4.6). Start checks the vault,
 * the input recordset (in that vault) and the config (404 each, worded like a missing ID),
 * the output name (§8; 409 when the vault has it), locks the input recordset and starts the
 * execution (supply/run-normalization.ts), which fails with a message naming an unknown
 * global_schema_id or a missing input column. Get counts as a poll (supply-execution.ts).
 */
import type { StartNormalizationRequest } from '../../../../common/api';
import { globalSchemaOf } from '../../supply/global-schema';
import { runNormalization } from '../../supply/run-normalization';
import type { NormalizationRecord } from '../../supply/supply-records';
import { toNormalization, toNormalizationDetails } from '../../views/v2-normalization-view';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned } from './new-owned';
import { ownedRecord, ownedRecords } from './owned-supply-record';
import { checkSupplyName } from './supply-name';
import { findNormalizationConfig } from './v2-normalization-config-routes';
import { refuseTakenRecordsetName } from './v2-recordset-creation-routes';
import { pagedList } from './v2-collaboration-routes';

export const startNormalizationRoute: RouteHandler = (context) => {
  const body = context.body as StartNormalizationRequest;
  const supply = context.state.supply;
  const vault = ownedRecord(context, supply.vaults, required('cloud_vault_id', body.cloud_vault_id), 'cloud vault');
  const inputId = required('input_recordset_id', body.input_recordset_id);
  const input = supply.recordsets.get(inputId);
  if (!input || input.vaultId !== vault.id) throw notFound(`unknown recordset ${quote(inputId)} in cloud vault ${quote(vault.id)}`);
  const config = findNormalizationConfig(context, required('normalization_config_id', body.normalization_config_id));
  const normalizerConfig = config.normalizerConfig;
  if (normalizerConfig === undefined) {
    throw badRequest(`normalization_config_id: config ${quote(config.id)} has only the deprecated normalization_config; the emulator normalizes with a normalizer_config (update the config)`);
  }
  const name = checkSupplyName('output_recordset_name', body.output_recordset_name);
  if (body.processing_speed !== undefined && body.processing_speed < 0) throw badRequest('processing_speed: the number of shards cannot be negative');
  refuseTakenRecordsetName(context, vault.id, name, 'output_recordset_name');
  const owned = newOwned(context, 'NE');
  input.locks.push({ taskId: owned.id, taskType: 'NORMALIZATION', createdAt: owned.createdAt });
  const schema = globalSchemaOf(context.data);
  // The config as it is now: an update while this runs does not change this run.
  const snapshot = { normalizer: structuredClone(normalizerConfig), legacy: structuredClone(config.legacyConfig) };
  const record: NormalizationRecord = {
    ...owned,
    configId: config.id,
    vaultId: vault.id,
    inputRecordsetId: input.id,
    outputRecordsetId: supply.nextId('RS'),
    outputRecordsetName: name,
    processingSpeed: body.processing_speed ?? 1,
    execution: supply.startExecution((reporter) => runNormalization(supply, record, snapshot, schema, () => context.state.clock.now(), reporter)),
  };
  supply.normalizations.set(record.id, record);
  return { execution_id: record.id };
};

export const listNormalizationsRoute: RouteHandler = (context) =>
  pagedList(context, 'normalizations', ownedRecords(context, context.state.supply.normalizations).map(toNormalization));

export const getNormalizationRoute: RouteHandler = (context) => {
  const record = ownedRecord(context, context.state.supply.normalizations, param(context, 'execution_id'), 'normalization');
  record.execution.observe();
  return { normalization_details: toNormalizationDetails(record) };
};

function required(field: string, value: string | undefined): string {
  if (value === undefined || value === '') throw badRequest(`${field}: required`);
  return value;
}
