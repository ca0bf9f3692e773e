/**
 * API 1.0 datasets: List Datasets and Get Dataset metadata (seed 000, section 2.2). The
 * metadata's `schema.categories[].representations` is what completion and hover show.
 */
import { z } from 'zod';
import {
  zTyraelCategory,
  zTyraelDataset,
  zTyraelDatasetDescription,
  zTyraelDatasetSchema,
  zTyraelDatasetState,
  zTyraelKey,
  zTyraelRepresentation,
} from './generated/v1/zod.gen';
import type { V1SortParams } from './v1-shared';

/**
 * The generated representation with `data_type` an open string: STRINGS, BOOLEANS, INTEGERS,
 * INTEGER_RANGES, STRING_SET, INTEGER_SET, FLOAT, … — the service may add types, and a new one
 * must not make a whole dataset unreadable.
 */
export const RepresentationSchema = zTyraelRepresentation.extend({ data_type: z.string().optional() });
export type Representation = z.infer<typeof RepresentationSchema>;

/** A category has a label (its name in queries); an omitted representation list is empty. */
export const CategorySchema = zTyraelCategory.extend({
  label: z.string(),
  representations: z.array(RepresentationSchema).default([]),
});
export type Category = z.infer<typeof CategorySchema>;

export const DatasetKeyStatsSchema = zTyraelKey;
export type DatasetKeyStats = z.infer<typeof DatasetKeyStatsSchema>;

/**
 * The generated dataset, with `private_id` required (it names the dataset in every later
 * call), the enums `bunker_state` and `product` (INSIGHT, IDENTITY, …) kept open strings, and
 * categories read as CategorySchema.
 */
export const DatasetSchema = zTyraelDataset.extend({
  private_id: z.string(),
  state: zTyraelDatasetState.extend({ bunker_state: z.string().optional() }).optional(),
  stats: zTyraelDatasetDescription.extend({ categories: z.array(CategorySchema).optional() }).optional(),
  product: z.string().optional(),
});
export type Dataset = z.infer<typeof DatasetSchema>;

/** The generated schema of a dataset; omitted category and key lists are empty. */
export const DatasetSchemaInfoSchema = zTyraelDatasetSchema.extend({
  categories: z.array(CategorySchema).default([]),
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
