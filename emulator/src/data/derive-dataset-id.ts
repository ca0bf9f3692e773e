import { createHash } from 'node:crypto';

/** The region prefix of derived dataset IDs (a 2.0 dataset ID starts with a region and a dot). */
export const DERIVED_DATASET_REGION = 'CLOUDA_EU_WEST_2';

/**
 * Derives the 2.0 `dataset_id` of a dataset whose catalog entry has none. The result depends
 * only on the owner company and the private ID, so the same folder always yields the same IDs:
 * `CLOUDA_EU_WEST_2.` followed by the lowercased private ID and 8 hex digits of a hash.
 */
export function deriveDatasetId(ownerCompanyId: string, privateId: string): string {
  const digest = createHash('sha256').update(`${ownerCompanyId}\u0000${privateId}`).digest('hex');
  return `${DERIVED_DATASET_REGION}.${privateId.toLowerCase()}${digest.slice(0, 8)}`;
}
