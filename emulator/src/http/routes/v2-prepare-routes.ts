/**
 * API 2.0 prepares and publish (seed 002 §2.7, §3, §4.7). Start a Prepare takes a dataset
 * of the caller's company made with Create Dataset, a normalized recordset of that dataset's
 * vault, and exactly one of `config_id` and `config_embedded` (both: 400, the documents do not
 * say which would win); its execution writes the prepared recordset (origin PREPARE). While a
 * prepare or publish of the same dataset runs, another prepare is refused (409). Publish
 * takes a prepare the client has seen COMPLETED (else 400) and runs as its own execution,
 * followed through Get a Prepare's prepare_status and history, so it answers the prepare's
 * own execution ID, which becomes the dataset's publish_details.execution_id.
 */
import type { StartPrepareRequest } from '../../../../common/api';
import { PublishedDatasets } from '../../state/published-datasets';
import { globalSchemaOf } from '../../supply/global-schema';
import { incrementalRunFor } from '../../supply/incremental-prepare';
import { NORMALIZATION_TASK, PREPARE_TASK, keptColumns, writePreparedRecordset } from '../../supply/prepare-recordset';
import { publishPrepared } from '../../supply/publish-prepared';
import type { PublishConfig } from '../../supply/publish-config';
import { readPublishConfig } from '../../supply/publish-config';
import type { PrepareRecord, RecordsetRecord, SupplyDatasetRecord } from '../../supply/supply-records';
import { toListedPrepare, toPrepareDetails } from '../../views/v2-prepare-view';
import { ReplyError, badRequest, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned } from './new-owned';
import { ownedRecord, ownedRecords } from './owned-supply-record';
import { pagedList } from './v2-collaboration-routes';
import { checked } from './v2-prepare-config-routes';

export const startPrepareRoute: RouteHandler = (context) => {
  const body = context.body as StartPrepareRequest;
  const supply = context.state.supply;
  const dataset = findSupplyDataset(context, body.dataset_id);
  const recordset = findNormalizedRecordset(context, body.recordset_id, dataset);
  if (body.cloud_vault_id !== undefined && body.cloud_vault_id !== '' && body.cloud_vault_id !== recordset.vaultId) {
    ownedRecord(context, supply.vaults, body.cloud_vault_id, 'cloud vault');
    throw badRequest(`cloud_vault_id: recordset ${quote(recordset.id)} is in cloud vault ${quote(recordset.vaultId)}, not ${quote(body.cloud_vault_id)}`);
  }
  const { config, configId } = readStartConfig(context, body);
  const busy = [...supply.prepares.values()].find(
    (prepare) => prepare.datasetId === dataset.datasetId && (!prepare.execution.ended || (prepare.publish !== undefined && !prepare.publish.ended)),
  );
  if (busy) throw new ReplyError(409, `dataset ${quote(dataset.datasetId)} is busy with prepare ${quote(busy.id)}: start another once it has ended`);

  const owned = newOwned(context, 'PRE');
  const { id, createdAt: now } = owned;
  const outputId = supply.nextId('RS');
  const clock = context.state.clock;
  const schema = globalSchemaOf(context.data);
  const companyId = context.caller.companyId;
  const userId = context.caller.user.id;
  const lock = { taskId: id, taskType: PREPARE_TASK, createdAt: now };
  recordset.locks.push(lock);
  const execution = supply.startExecution(async (reporter) => {
    try {
      const columns = keptColumns(recordset, config, schema);
      const incremental = incrementalRunFor(supply, dataset.datasetId, recordset, config, columns.map((column) => column.name), clock.now());
      const { recordset: prepared, merge } = await writePreparedRecordset(
        {
          supply, prepareId: id, source: recordset, columns, outputId, outputName: `prepared ${id.replace('.', '-')}`, companyId, userId, now: () => clock.now(),
          ...(incremental === undefined ? {} : { incremental }),
        },
        reporter,
      );
      record.preparedRecordsetId = prepared.id;
      if (merge?.nextExpiry !== undefined) record.expiresAt = merge.nextExpiry;
      const summary = merge === undefined ? '' : ` (incremental: ${merge.carried} carried forward, ${merge.added} new or updated, ${merge.expired} expired, ${merge.skipped} without a primary key or superseded)`;
      return `prepared ${prepared.recordCount} rows, ${columns.length} columns, in recordset '${prepared.id}'${summary}`;
    } finally {
      recordset.locks = recordset.locks.filter((candidate) => candidate !== lock);
    }
  });
  const record: PrepareRecord = {
    ...owned,
    datasetId: dataset.datasetId,
    recordsetId: recordset.id,
    vaultId: recordset.vaultId,
    ...(configId === undefined ? {} : { configId }),
    config,
    execution,
    prepareStatus: 'NO_STATUS',
  };
  supply.prepares.set(id, record);
  return { execution_id: id };
};

export const listPreparesRoute: RouteHandler = (context) =>
  pagedList(context, 'prepares', ownedRecords(context, context.state.supply.prepares).map(toListedPrepare));

export const getPrepareRoute: RouteHandler = (context) => {
  const prepare = findPrepare(context);
  prepare.execution.observe();
  prepare.publish?.observe();
  return { prepare_details: toPrepareDetails(prepare) };
};

export const publishPrepareRoute: RouteHandler = (context) => {
  const prepare = findPrepare(context);
  const supply = context.state.supply;
  const status = prepare.execution.status;
  if (status !== 'COMPLETED') {
    throw badRequest(`prepare ${quote(prepare.id)} is ${status}: publish it once Get a Prepare shows it COMPLETED`);
  }
  if (prepare.publish !== undefined && !prepare.publish.ended) {
    throw badRequest(`prepare ${quote(prepare.id)} is being published already: follow it with Get a Prepare`);
  }
  const prepared = prepare.preparedRecordsetId === undefined ? undefined : supply.recordsets.get(prepare.preparedRecordsetId);
  if (!prepared) throw badRequest(`the prepared recordset of prepare ${quote(prepare.id)} was deleted: start a new prepare`);
  if (!supply.datasets.has(prepare.datasetId)) throw badRequest(`dataset ${quote(prepare.datasetId)} was deleted: create it again and prepare anew`);
  const { data } = context;
  const clock = context.state.clock;
  const userId = context.caller.user.id;
  prepare.prepareStatus = 'PUBLISHING';
  prepare.publish = supply.startExecution(async () => {
    try {
      const message = await publishPrepared({ data, supply, prepare, prepared, userId, now: () => clock.now() });
      prepare.prepareStatus = 'PUBLISHED';
      return message;
    } catch (error) {
      prepare.prepareStatus = 'NO_STATUS';
      throw error;
    }
  });
  prepare.updatedAt = clock.now();
  return { execution_id: prepare.id };
};

function findPrepare(context: RouteContext): PrepareRecord {
  return ownedRecord(context, context.state.supply.prepares, param(context, 'execution_id'), 'prepare execution');
}

/** The caller company's dataset made with Create Dataset (a folder dataset cannot take prepared data). */
function findSupplyDataset(context: RouteContext, datasetId: string | undefined): SupplyDatasetRecord {
  if (datasetId === undefined || datasetId === '') throw badRequest('dataset_id: required: the dataset to prepare data for (Create Dataset makes one)');
  const record = context.state.supply.datasets.get(datasetId);
  if (record && record.companyId === context.caller.companyId) return record;
  const dataset = PublishedDatasets.of(context.data).byDatasetId(datasetId);
  if (dataset && dataset.meta.owner_company_id === context.caller.companyId) {
    throw badRequest(`dataset_id: dataset ${quote(datasetId)} comes from the emulator's data folder; prepare data for a dataset made with Create Dataset`);
  }
  throw notFound(`unknown dataset ${quote(datasetId)}`);
}

function findNormalizedRecordset(context: RouteContext, recordsetId: string | undefined, dataset: SupplyDatasetRecord): RecordsetRecord {
  if (recordsetId === undefined || recordsetId === '') throw badRequest('recordset_id: required: the normalized recordset to prepare');
  const recordset = ownedRecord(context, context.state.supply.recordsets, recordsetId, 'recordset');
  if (recordset.origin.taskType !== NORMALIZATION_TASK) {
    throw badRequest(`recordset_id: recordset ${quote(recordset.id)} is not normalized (it comes from ${recordset.origin.taskType}); prepare the output of a normalization`);
  }
  if (recordset.vaultId !== dataset.vaultId) {
    throw badRequest(`recordset_id: recordset ${quote(recordset.id)} is in cloud vault ${quote(recordset.vaultId)}, but dataset ${quote(dataset.datasetId)} takes data from ${quote(dataset.vaultId)}`);
  }
  return recordset;
}

/** Exactly one of config_id and config_embedded; a copy of the config's, so later edits do not change the prepare. */
function readStartConfig(context: RouteContext, body: StartPrepareRequest): { config: PublishConfig; configId?: string } {
  const hasId = body.config_id !== undefined && body.config_id !== '';
  if (hasId && body.config_embedded !== undefined) {
    throw badRequest('config_id, config_embedded: give one of them, not both');
  }
  if (hasId) {
    const kept = ownedRecord(context, context.state.supply.prepareConfigs, body.config_id ?? '', 'dataset prepare config').config;
    return {
      configId: body.config_id,
      config: { ...kept, keySelection: [...kept.keySelection], categorySelection: [...kept.categorySelection], exportColumnSelection: [...kept.exportColumnSelection] },
    };
  }
  if (body.config_embedded === undefined) throw badRequest('config_id: required: a dataset prepare config ID, or the config itself as config_embedded');
  return { config: checked(() => readPublishConfig(body.config_embedded, globalSchemaOf(context.data), 'config_embedded')) };
}
