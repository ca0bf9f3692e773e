/** A loaded dataset as API 2.0's dataset management shows it. */
import type { DatasetV2 } from '../../../common/api';
import type { EmulatorData, LoadedDataset } from '../data/loaded-data';
import { EMULATOR_EPOCH } from '../http/wire-time';
import { wireInstant } from '../state/emulator-clock';
import type { SupplyDatasetRecord } from '../supply/supply-records';
import { companyUserId } from './company-user';
import { regionOf } from './region-of';

/** `record`: what Create Dataset and Publish recorded, for a dataset made through data supply. */
export function toV2Dataset(data: EmulatorData, dataset: LoadedDataset, record?: SupplyDatasetRecord): DatasetV2 {
  const meta = dataset.meta;
  if (record) return toSupplyDataset(dataset, record);
  // Who created and published a catalog dataset is not recorded: its company's first user.
  const creator = companyUserId(data, meta.owner_company_id);
  return {
    created_by: creator,
    created_date_time: EMULATOR_EPOCH,
    dataset_id: meta.dataset_id,
    dataset_type: meta.activation ? 'DATASET_TYPE_IDENTITY' : 'DATASET_TYPE_INSIGHT',
    description: meta.description,
    expiration: { do_not_expire: true },
    owner_id: meta.owner_company_id,
    private_id: meta.private_id,
    public_name: meta.public_name,
    publish_details: { execution_id: `EXE.${meta.private_id}`, publish_date_time: EMULATOR_EPOCH, recordset_id: `RST.${meta.private_id}` },
    published_by: creator,
    region: regionOf(meta.dataset_id),
  };
}

function toSupplyDataset(dataset: LoadedDataset, record: SupplyDatasetRecord): DatasetV2 {
  const meta = dataset.meta;
  const published = record.published;
  return {
    created_by: record.createdBy,
    created_date_time: wireInstant(record.createdAt),
    dataset_id: meta.dataset_id,
    dataset_type: record.datasetType,
    description: meta.description,
    expiration: {
      do_not_expire: record.expiration.doNotExpire,
      ...(record.expiration.expirationDateTime === undefined ? {} : { expiration_date_time: record.expiration.expirationDateTime }),
    },
    owner_id: meta.owner_company_id,
    private_id: meta.private_id,
    public_name: meta.public_name,
    ...(published === undefined
      ? {}
      : {
          publish_details: { execution_id: published.executionId, publish_date_time: wireInstant(published.at), recordset_id: published.recordsetId },
          published_by: published.by,
        }),
    region: regionOf(meta.dataset_id),
  };
}
