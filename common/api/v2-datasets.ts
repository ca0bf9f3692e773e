/**
 * API 2.0 datasets of the caller's company (seed 002, 2.1): List Datasets and Get Dataset.
 */
import { z } from 'zod';
import { PaginationResponseSchema } from './pagination';

/** DATASET_TYPE_INVALID, DATASET_TYPE_INSIGHT, DATASET_TYPE_IDENTITY, DATASET_TYPE_UNIFIED (open set). */
export const DatasetV2Schema = z.object({
  dataset_id: z.string(),
  private_id: z.string().optional(),
  public_name: z.string().optional(),
  description: z.string().optional(),
  dataset_type: z.string().optional(),
  owner_id: z.string().optional(),
  created_by: z.string().optional(),
  published_by: z.string().optional(),
  created_date_time: z.string().optional(),
  expiration: z
    .object({ do_not_expire: z.boolean().optional(), expiration_date_time: z.string().optional() })
    .optional(),
  publish_details: z
    .object({
      execution_id: z.string().optional(),
      publish_date_time: z.string().optional(),
      recordset_id: z.string().optional(),
    })
    .optional(),
  /** Deprecated in favour of `cloud_vault_id`; kept because the reference still sends it. */
  region: z.string().optional(),
});
export type DatasetV2 = z.infer<typeof DatasetV2Schema>;

/** GET /api/v2/datasets — List Datasets (2.0). */
export const ListDatasetsV2ResponseSchema = z.object({
  datasets: z.array(DatasetV2Schema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListDatasetsV2Response = z.infer<typeof ListDatasetsV2ResponseSchema>;

/** GET /api/v2/datasets/{dataset_id} — Get Dataset (2.0). */
export const GetDatasetV2ResponseSchema = z.object({ dataset: DatasetV2Schema });
export type GetDatasetV2Response = z.infer<typeof GetDatasetV2ResponseSchema>;
