/** A catalog collaboration as API 2.0 shows it: list summaries and the detail. */
import type { Collaboration, CollaborationMember, CollaborationSummary } from '../../../common/api';
import type { CatalogCollaboration, MemberRights } from '../data/catalog-schema';
import type { EmulatorData } from '../data/loaded-data';
import { EMULATOR_EPOCH } from '../http/wire-time';
import { collaborationDatasetRules } from './collaboration-dataset-rules';

function companyName(data: EmulatorData, id: string): string {
  return data.catalog.companies.find((company) => company.id === id)?.name ?? id;
}

function member(data: EmulatorData, companyId: string, rights?: MemberRights): CollaborationMember {
  const reference = { display_name: companyName(data, companyId), id: companyId };
  return rights ? { ...reference, rights: { contributor: rights.contributor, detailed_logs: rights.detailed_logs, operator: rights.operator } } : reference;
}

export function toCollaborationSummary(data: EmulatorData, collaboration: CatalogCollaboration): CollaborationSummary {
  return {
    created_date_time: EMULATOR_EPOCH,
    description: collaboration.description,
    id: collaboration.id,
    last_activity_date_time: EMULATOR_EPOCH,
    members: collaboration.members.map((entry) => member(data, entry.company_id)),
    name: collaboration.name,
    owner: member(data, collaboration.owner_company_id),
    private_path_enabled: false,
    status: collaboration.status,
    updated_date_time: EMULATOR_EPOCH,
  };
}

export function toCollaboration(data: EmulatorData, collaboration: CatalogCollaboration): Collaboration {
  const entries = collaboration.datasets.flatMap((entry) => {
    const dataset = data.datasets.get(entry.private_id);
    return dataset ? [{ entry, meta: dataset.meta }] : [];
  });
  return {
    activation_datasets: entries
      .filter(({ entry }) => entry.kind === 'activation')
      .map(({ entry, meta }) => ({
        collaboration_dataset_name: entry.collaboration_dataset_name,
        dataset_id: meta.dataset_id,
        exportable_to_members: [...entry.exportable_to_members],
        intersection_only: entry.intersection_only,
        owner_id: meta.owner_company_id,
      })),
    created_date_time: EMULATOR_EPOCH,
    datasets: entries.map(({ entry, meta }) => ({
      ...collaborationDatasetRules(entry),
      allowed_destination_types: [...(entry.allowed_destination_types ?? [])],
      collaboration_dataset_name: entry.collaboration_dataset_name,
      dataset_id: meta.dataset_id,
      destination_type_restriction: entry.destination_type_restriction ?? false,
      owner_id: meta.owner_company_id,
    })),
    description: collaboration.description,
    destination_ids: collaboration.destinations.map((destination) => destination.id),
    id: collaboration.id,
    insight_datasets: entries
      .filter(({ entry }) => entry.kind === 'insight')
      .map(({ entry, meta }) => ({
        activation_allowed: entry.activation_allowed ?? false,
        allowed_attributes: [...(entry.allowed_attributes ?? [])],
        attribute_restriction: entry.attribute_restriction ?? false,
        collaboration_dataset_name: entry.collaboration_dataset_name,
        dataset_id: meta.dataset_id,
        intersection_only: entry.intersection_only,
        owner_id: meta.owner_company_id,
      })),
    last_activity_date_time: EMULATOR_EPOCH,
    members: collaboration.members.map((entry) => member(data, entry.company_id, entry.rights)),
    name: collaboration.name,
    owner: member(data, collaboration.owner_company_id, collaboration.creator_rights),
    status: collaboration.status,
    updated_date_time: EMULATOR_EPOCH,
  };
}
