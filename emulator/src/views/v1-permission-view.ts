/** A catalog permission as API 1.0 List all Permissions shows it. */
import type { Permission } from '../../../common/api';
import type { CatalogPermission } from '../data/catalog-schema';
import type { EmulatorData } from '../data/loaded-data';
import { EMULATOR_EPOCH } from '../http/wire-time';
import { ownerRefOf } from './v1-dataset-view';

export function toV1Permission(data: EmulatorData, permission: CatalogPermission): Permission {
  const dataset = data.datasets.get(permission.private_id);
  return {
    owner: ownerRefOf(data, permission.owner_company_id),
    private_id: permission.private_id,
    recipient: ownerRefOf(data, permission.recipient_company_id),
    create_time: EMULATOR_EPOCH,
    ...(permission.accepted ? { accept_time: EMULATOR_EPOCH } : {}),
    accepted: permission.accepted,
    dataset_public_name: dataset?.meta.public_name ?? '',
    dataset_public_desc: dataset?.meta.description ?? '',
  };
}
