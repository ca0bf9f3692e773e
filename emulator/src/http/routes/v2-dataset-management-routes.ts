/**
 * API 2.0 dataset management (seed 002 §2.1, §4.1, §8): Create, Update, Delete a dataset of
 * the caller's company, and the lineage of a published one. A created dataset is in the
 * server's dataset set at once (state/published-datasets.ts), empty until a prepare is
 * published to it: List Datasets (1.0 and 2.0) and Get show it, and a query on it counts
 * nothing. Private IDs are unique across the emulator, not only the company: API 1.0 queries
 * name datasets by private ID, and a dataset shared with a third company must not clash there.
 */
import type { CreateDatasetRequest, UpdateDatasetRequest } from '../../../../common/api';
import { emptyDataset, PublishedDatasets } from '../../state/published-datasets';
import type { LoadedDataset } from '../../data/loaded-data';
import { supplyDatasetMeta } from '../../supply/publish-prepared';
import type { SupplyDatasetRecord } from '../../supply/supply-records';
import { RECORDSETS_FOLDER } from '../../supply/vault-storage';
import { datasetLineage } from '../../supply/dataset-lineage';
import { ReplyError, badRequest, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned } from './new-owned';
import { ownedRecord } from './owned-supply-record';

const PRIVATE_ID = /^[A-Za-z0-9]{1,17}$/;
const PUBLIC_NAME = /^[A-Za-z0-9 _-]{1,100}$/;
const DESCRIPTION_LIMIT = 1000;

export const createDatasetRoute: RouteHandler = (context) => {
  const body = context.body as CreateDatasetRequest;
  const supply = context.state.supply;
  if (body.cloud_vault_id === undefined || body.cloud_vault_id === '') {
    throw badRequest('cloud_vault_id: required: the cloud vault the dataset takes its data from (List Cloud Vaults shows yours)');
  }
  const vault = ownedRecord(context, supply.vaults, body.cloud_vault_id, 'cloud vault');
  const privateId = checkPrivateId(context, body.private_id, undefined);
  const publicName = checkPublicName(body.public_name);
  const description = checkDescription(body.description);
  const owned = newOwned(context, 'DS');
  const record: SupplyDatasetRecord = {
    ...owned,
    // Region first, as every 2.0 dataset ID (views/region-of.ts reads it).
    datasetId: `${vault.region}.${privateId.toLowerCase()}${owned.id.slice('DS.'.length)}`,
    privateId,
    publicName,
    description,
    datasetType: body.dataset_type ?? 'DATASET_TYPE_INVALID',
    vaultId: vault.id,
    expiration: readExpiration(body.expiration),
  };
  supply.datasets.set(record.datasetId, record);
  PublishedDatasets.of(context.data).put(emptyDataset(supplyDatasetMeta(context.data, record)));
  return { dataset_id: record.datasetId };
};

export const updateDatasetRoute: RouteHandler = (context) => {
  const body = context.body as UpdateDatasetRequest;
  const dataset = ownedDataset(context);
  const record = context.state.supply.datasets.get(dataset.meta.dataset_id);
  const privateId = body.private_id === undefined ? dataset.meta.private_id : checkPrivateId(context, body.private_id, dataset);
  const publicName = body.public_name === undefined ? dataset.meta.public_name : checkPublicName(body.public_name);
  const description = body.description === undefined ? dataset.meta.description : checkDescription(body.description);
  if (record) {
    record.privateId = privateId;
    record.publicName = publicName;
    record.description = description;
    if (body.expiration !== undefined) record.expiration = readExpiration(body.expiration);
    record.updatedAt = context.state.clock.now();
  }
  // A folder dataset is renamed too, on this server only (the folder stays as it is).
  PublishedDatasets.of(context.data).put({ ...dataset, meta: { ...dataset.meta, private_id: privateId, public_name: publicName, description } });
  return {};
};

export const deleteDatasetRoute: RouteHandler = async (context) => {
  const dataset = ownedDataset(context);
  const id = dataset.meta.dataset_id;
  const supply = context.state.supply;
  PublishedDatasets.of(context.data).remove(id);
  supply.datasets.delete(id);
  // Its data goes too: the recordsets prepared for it and published.
  const prepared = [...supply.prepares.values()].filter((prepare) => prepare.datasetId === id);
  for (const prepare of prepared) {
    if (prepare.preparedRecordsetId === undefined) continue;
    const recordset = supply.recordsets.get(prepare.preparedRecordsetId);
    if (recordset) await supply.storage.deleteFolder(recordset.vaultId, `${RECORDSETS_FOLDER}/${recordset.id}`);
    supply.recordsets.delete(prepare.preparedRecordsetId);
  }
  return {};
};

export const getDatasetLineageRoute: RouteHandler = async (context) => {
  const dataset = ownedDataset(context);
  const record = context.state.supply.datasets.get(dataset.meta.dataset_id);
  if (!record?.published) {
    throw notFound(`dataset ${quote(dataset.meta.dataset_id)} has no lineage: it was not published from a prepare`);
  }
  return datasetLineage(context.state.supply, record);
};

/** The caller company's dataset the path names (folder or data supply); 404 otherwise. */
function ownedDataset(context: RouteContext): LoadedDataset {
  const id = param(context, 'dataset_id');
  const dataset = PublishedDatasets.of(context.data).byDatasetId(id);
  if (!dataset || dataset.meta.owner_company_id !== context.caller.companyId) throw notFound(`unknown dataset ${quote(id)}`);
  return dataset;
}

/** §8: 1 to 17 letters or digits, and free (409 when another dataset has it). */
function checkPrivateId(context: RouteContext, value: string | undefined, self: LoadedDataset | undefined): string {
  if (value === undefined || !PRIVATE_ID.test(value)) {
    throw badRequest(`private_id: must be 1 to 17 letters or digits (no spaces, dots or underscores), found ${quote(value ?? '')}`);
  }
  const holder = PublishedDatasets.of(context.data).byPrivateIdOf(value);
  if (holder && holder !== self) {
    throw new ReplyError(409, `private_id: ${quote(value)} is already the private ID of a dataset; choose another`);
  }
  return value;
}

function checkPublicName(value: string | undefined): string {
  if (value === undefined || !PUBLIC_NAME.test(value)) {
    throw badRequest(`public_name: must be 1 to 100 characters, ASCII letters, digits, dashes, underscores and spaces, found ${quote((value ?? '').slice(0, 120))}`);
  }
  return value;
}

function checkDescription(value: string | undefined): string {
  const description = value ?? '';
  if (description.length > DESCRIPTION_LIMIT) {
    throw badRequest(`description: at most ${DESCRIPTION_LIMIT} characters, found ${description.length}`);
  }
  return description;
}

function readExpiration(wire: CreateDatasetRequest['expiration']): SupplyDatasetRecord['expiration'] {
  const date = wire?.expiration_date_time;
  return { doNotExpire: wire?.do_not_expire ?? date === undefined, ...(date === undefined ? {} : { expirationDateTime: date }) };
}
