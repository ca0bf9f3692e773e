/**
 * API 1.0 datasets: List Datasets and Get Dataset metadata (seed 000, section 2.2). The
 * metadata's `schema.categories[].representations` is what completion and hover show.
 */
import { z } from 'zod';
import { int64Schema } from './int64';
import { UserRefSchema } from './v1-shared';
import type { V1SortParams } from './v1-shared';

export const RepresentationSchema = z.object({
  label: z.string().optional(),
  /** STRINGS, BOOLEANS, INTEGERS, INTEGER_RANGES, STRING_SET, INTEGER_SET, FLOAT, … (open set). */
  data_type: z.string().optional(),
  precision: z.number().optional(),
  statistics: z
    .object({
      average: z.number().optional(),
      standard_deviation: z.number().optional(),
      percentiles: z.array(z.number()).optional(),
      null_fraction: z.number().optional(),
      num_distinct: z.number().optional(),
      most_common: z
        .array(z.object({ value: z.string().optional(), frequency: z.number().optional() }))
        .optional(),
    })
    .optional(),
  possible_values: z.array(z.string()).optional(),
});
export type Representation = z.infer<typeof RepresentationSchema>;

export const CategorySchema = z.object({
  label: z.string(),
  representations: z.array(RepresentationSchema).default([]),
  version: int64Schema.optional(),
  unit: z.string().optional(),
});
export type Category = z.infer<typeof CategorySchema>;

export const DatasetKeyStatsSchema = z.object({
  label: z.string().optional(),
  null_fraction: z.number().optional(),
  num_distinct: z.number().optional(),
});
export type DatasetKeyStats = z.infer<typeof DatasetKeyStatsSchema>;

const CreditShareSchema = z.object({
  user: UserRefSchema.optional(),
  allowance: int64Schema.optional(),
  current_allowance: int64Schema.optional(),
  used: int64Schema.optional(),
  uses_parent_allocation: z.boolean().optional(),
});

export const DatasetSchema = z.object({
  private_id: z.string(),
  owner: UserRefSchema.optional(),
  public_name: z.string().optional(),
  public_description: z.string().optional(),
  create_time: z.string().optional(),
  last_queried_time: z.string().optional(),
  expire_time: z.string().optional(),
  state: z.object({ bunker_state: z.string().optional(), progress: z.number().optional() }).optional(),
  latest_access: z.object({ user: UserRefSchema.optional(), access_time: z.string().optional() }).optional(),
  stats: z
    .object({
      version: z
        .object({
          version: z.string().optional(),
          last_normalised_time: z.string().optional(),
          global_schema_id: int64Schema.optional(),
          global_schema_name: z.string().optional(),
          global_schema_status: z.string().optional(),
          dataset_version: z.string().optional(),
        })
        .optional(),
      row_count: int64Schema.optional(),
      redaction_threshold: int64Schema.optional(),
      keys: z.array(DatasetKeyStatsSchema).optional(),
      categories: z.array(CategorySchema).optional(),
      identities: z.array(z.object({ name: z.string().optional() })).optional(),
    })
    .optional(),
  credits: z
    .object({
      allocation: int64Schema.optional(),
      current_allocation: int64Schema.optional(),
      used: int64Schema.optional(),
      shares: z.array(CreditShareSchema).optional(),
    })
    .optional(),
  /** INSIGHT or IDENTITY (open set). */
  product: z.string().optional(),
});
export type Dataset = z.infer<typeof DatasetSchema>;

export const DatasetSchemaInfoSchema = z.object({
  version: z.string().optional(),
  update_time: z.string().optional(),
  categories: z.array(CategorySchema).default([]),
  num_rows: int64Schema.optional(),
  redaction_threshold: int64Schema.optional(),
  keys: z.array(DatasetKeyStatsSchema).default([]),
});
export type DatasetSchemaInfo = z.infer<typeof DatasetSchemaInfoSchema>;

/** GET /api/v1/datasets — List Datasets. */
export const ListDatasetsResponseSchema = z.object({
  datasets: z.array(DatasetSchema).default([]),
});
export type ListDatasetsResponse = z.infer<typeof ListDatasetsResponseSchema>;

/** GET /api/v1/datasets/{private_id} — Get Dataset metadata. */
export const GetDatasetMetadataResponseSchema = z.object({
  dataset: DatasetSchema,
  schema: DatasetSchemaInfoSchema.optional(),
});
export type GetDatasetMetadataResponse = z.infer<typeof GetDatasetMetadataResponseSchema>;

/** Query parameters of List Datasets, spelled as on the wire. */
export type ListDatasetsQuery = V1SortParams & {
  readonly 'filter.ownership'?: 'ANY_OWNERSHIP' | 'OWNED' | 'NOT_OWNED';
  readonly 'filter.datasets.private_ids'?: readonly string[];
  readonly 'filter.datasets.public_names'?: readonly string[];
  readonly 'filter.datasets.public_description'?: string;
  readonly 'filter.datasets.owner_ids'?: readonly string[];
  readonly 'filter.datasets.project_ids'?: readonly string[];
};
