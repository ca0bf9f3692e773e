/**
 * The rule fields of one collaboration dataset as Get Collaboration shows them, read from the
 * catalog entry. One reading for the answer and for the engine's checks, so the emulator
 * refuses exactly what an editor reading Get Collaboration flags (language/src/rules).
 */
import type { CollaborationDatasetRules } from '../../../common/api';
import type { CatalogCollaboration } from '../data/catalog-schema';

type CollaborationDatasetEntry = CatalogCollaboration['datasets'][number];

export function collaborationDatasetRules(entry: CollaborationDatasetEntry): Required<CollaborationDatasetRules> {
  return {
    // An activation dataset is activatable unless the entry says otherwise.
    activation_allowed: entry.activation_allowed ?? entry.kind === 'activation',
    allowed_attributes: [...(entry.allowed_attributes ?? [])],
    attribute_restriction: entry.attribute_restriction ?? false,
    exportable_to_members: [...entry.exportable_to_members],
    intersection_only: entry.intersection_only,
  };
}
