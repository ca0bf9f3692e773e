/**
 * API 2.0 collaboration datasets (seed 001, 2.2). `collaboration_dataset_name` is the name
 * queries use inside the collaboration; `attributes[].label` are its categories;
 * `output_columns` are its activation columns. Stats operations need `detailed_logs`.
 */
import { z } from 'zod';
import { int64Schema } from './int64';
import { PaginationResponseSchema } from './pagination';

/** VALUE_TYPE_INVALID, STRING, INTEGER, FLOAT, BOOL, …_SET, …_ARRAY, TIMESTAMP (open set). */
export const CollaborationAttributeSchema = z.object({
  id: int64Schema.optional(),
  label: z.string(),
  type: z.string().optional(),
  value_type: z.string().optional(),
  fill_rate: z.number().optional(),
});
export type CollaborationAttribute = z.infer<typeof CollaborationAttributeSchema>;

export const CollaborationKeySchema = z.object({
  id: int64Schema.optional(),
  label: z.string(),
  fill_rate: z.number().optional(),
});
export type CollaborationKey = z.infer<typeof CollaborationKeySchema>;

export const CollaborationDatasetSchema = z.object({
  id: z.string(),
  collaboration_dataset_name: z.string(),
  attributes: z.array(CollaborationAttributeSchema).default([]),
  keys: z.array(CollaborationKeySchema).default([]),
  output_columns: z.array(z.string()).default([]),
  owner_id: z.string().optional(),
  public_dataset_name: z.string().optional(),
  row_count: int64Schema.optional(),
  /** DATASET_TYPE_INSIGHT, DATASET_TYPE_IDENTITY, DATASET_TYPE_UNIFIED, … (open set). */
  type: z.string().optional(),
});
export type CollaborationDataset = z.infer<typeof CollaborationDatasetSchema>;

/** GET /api/v2/collaborations/{collaboration_id}/datasets — List Datasets of a collaboration. */
export const ListCollaborationDatasetsResponseSchema = z.object({
  datasets: z.array(CollaborationDatasetSchema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListCollaborationDatasetsResponse = z.infer<typeof ListCollaborationDatasetsResponseSchema>;

/** GET …/datasets/{dataset_id} — Get Dataset (detail; not wrapped in an envelope). */
export const CollaborationDatasetDetailSchema = CollaborationDatasetSchema.extend({
  published_date_time: z.string().optional(),
  region: z.string().optional(),
});
export type CollaborationDatasetDetail = z.infer<typeof CollaborationDatasetDetailSchema>;

export const AttributeStatSchema = z.object({
  distinct_values: int64Schema.optional(),
  most_common: z
    .object({
      occurrences: z
        .array(
          z.object({
            frequency: z.number().optional(),
            int_range: z.object({ lower: int64Schema.optional(), upper: int64Schema.optional() }).optional(),
            int_value: int64Schema.optional(),
            string_value: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  multi_value: z.boolean().optional(),
  null_fraction: z.number().optional(),
  percentiles: z.object({ values: z.array(z.number()).optional() }).optional(),
  representation_id: z.string().optional(),
  representation_label: z.string().optional(),
  valid_values: int64Schema.optional(),
  value_type: z.string().optional(),
});
export type AttributeStat = z.infer<typeof AttributeStatSchema>;

/** GET …/stats/attribute_columns — Get Attribute Stats. */
export const AttributeColumnStatsResponseSchema = z.object({
  attribute_stats: z.array(AttributeStatSchema).default([]),
  id_to_representations_stats: z
    .record(z.string(), z.object({ representations_stats: z.array(AttributeStatSchema).optional() }))
    .optional(),
});
export type AttributeColumnStatsResponse = z.infer<typeof AttributeColumnStatsResponseSchema>;

export const ExportColumnStatSchema = z.object({
  column_label: z.string().optional(),
  distinct_values: int64Schema.optional(),
  multi_values: z.boolean().optional(),
  null_fraction: z.number().optional(),
  valid_values: int64Schema.optional(),
});
export type ExportColumnStat = z.infer<typeof ExportColumnStatSchema>;

/** GET …/stats/export_columns — Get Export Column Stats. */
export const ExportColumnStatsResponseSchema = z.object({
  export_column_stats: z.array(ExportColumnStatSchema).default([]),
  label_to_stats: z.record(z.string(), ExportColumnStatSchema).optional(),
});
export type ExportColumnStatsResponse = z.infer<typeof ExportColumnStatsResponseSchema>;

export const KeyStatSchema = z.object({
  distinct_identifiers: int64Schema.optional(),
  distinct_values: int64Schema.optional(),
  identifiers: int64Schema.optional(),
  key_id: z.string().optional(),
  key_label: z.string().optional(),
  multi_value: z.boolean().optional(),
  null_fraction: z.number().optional(),
  valid_values: int64Schema.optional(),
});
export type KeyStat = z.infer<typeof KeyStatSchema>;

/** GET …/stats/key_columns — Get Key Stats. */
export const KeyColumnStatsResponseSchema = z.object({
  key_stats: z.array(KeyStatSchema).default([]),
  key_id_to_stats: z.record(z.string(), KeyStatSchema).optional(),
});
export type KeyColumnStatsResponse = z.infer<typeof KeyColumnStatsResponseSchema>;

/** GET …/stats/summary — Get Dataset Stats; every count is a 64-bit string. */
export const SummaryStatsResponseSchema = z.object({
  attribute_columns: int64Schema.optional(),
  export_columns: int64Schema.optional(),
  key_columns: int64Schema.optional(),
  total_rows: int64Schema.optional(),
});
export type SummaryStatsResponse = z.infer<typeof SummaryStatsResponseSchema>;
