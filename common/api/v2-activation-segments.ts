/**
 * API 2.0 activation segments (seed 001, 2.4 and 4.5): saved activation queries in a
 * collaboration, recalculated with Calculate (which answers a 1.0 `query_id`) and exported to
 * destinations. Create, update, delete, calculate and export are never re-sent automatically.
 */
import { z } from 'zod';
import { ErrorInfoSchema } from './errors';
import { int64Schema } from './int64';
import { PaginationResponseSchema } from './pagination';

export const SegmentStringLiteralColumnSchema = z.object({
  column_literal: z.string().optional(),
  column_name: z.string().optional(),
});

export const SegmentPathOverrideSchema = z.object({
  destination_dataset: z.string().optional(),
  source_dataset: z
    .object({ dataset_id: z.string().optional(), keys: z.array(z.string()).optional() })
    .optional(),
});
export type SegmentPathOverride = z.infer<typeof SegmentPathOverrideSchema>;

/** Fields a caller may change with Update Activation Segment (PATCH; the body is these fields). */
export const UpdateActivationSegmentRequestSchema = z.object({
  column_separator: z.string().optional(),
  header_overrides: z.record(z.string(), z.string()).optional(),
  identity_flattening: z.object({ identity_to_flatten: z.string().optional() }).optional(),
  /** Proportion of added rows that did not match the query, 0 to 1. */
  inaccuracy_proportion: z.number().min(0).max(1).optional(),
  multi_value_delimiter: z.string().optional(),
  string_literal_columns: z.array(SegmentStringLiteralColumnSchema).optional(),
});
export type UpdateActivationSegmentRequest = z.infer<typeof UpdateActivationSegmentRequestSchema>;

/** POST /api/v2/collaborations/{collaboration_id}/activation-segments — Create Activation Segment. */
export const CreateActivationSegmentRequestSchema = UpdateActivationSegmentRequestSchema.extend({
  name: z.string(),
  query: z.string(),
  path_overrides: z.array(SegmentPathOverrideSchema).optional(),
});
export type CreateActivationSegmentRequest = z.infer<typeof CreateActivationSegmentRequestSchema>;

/**
 * Segment status values named by the reference (open set): INVALID, READY, CALCULATING,
 * ERRORED, each prefixed `ACTIVATION_SEGMENT_STATUS_`.
 */
export const ActivationSegmentSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  collaboration_id: z.string().optional(),
  query: z.string().optional(),
  column_separator: z.string().optional(),
  header_overrides: z.record(z.string(), z.string()).optional(),
  identity_flattening: z.object({ identity_to_flatten: z.string().optional() }).optional(),
  inaccuracy_proportion: z.number().optional(),
  multi_value_delimiter: z.string().optional(),
  path_overrides: z.array(SegmentPathOverrideSchema).optional(),
  string_literal_columns: z.array(SegmentStringLiteralColumnSchema).optional(),
  exported_columns: z.array(z.string()).optional(),
  synthetic_exported_columns: z.array(z.string()).optional(),
  redaction_threshold: int64Schema.optional(),
  rounding_multiple: int64Schema.optional(),
  row_count: int64Schema.optional(),
  results_expiry_date_time: z.string().optional(),
  last_calculated_date_time: z.string().optional(),
  created_date_time: z.string().optional(),
  updated_date_time: z.string().optional(),
  segment_history: z
    .array(z.object({ calculated_date_time: z.string().optional(), row_count: int64Schema.optional() }))
    .optional(),
  status: z.string().optional(),
  target_dataset_id: z.string().optional(),
  created_by: z.string().optional(),
  error: ErrorInfoSchema.optional(),
});
export type ActivationSegment = z.infer<typeof ActivationSegmentSchema>;

/** Answer of Create, Get and Update Activation Segment. */
export const ActivationSegmentResponseSchema = z.object({ activation_segment: ActivationSegmentSchema });
export type ActivationSegmentResponse = z.infer<typeof ActivationSegmentResponseSchema>;

export const ActivationSegmentSummarySchema = ActivationSegmentSchema.pick({
  id: true,
  name: true,
  collaboration_id: true,
  created_by: true,
  created_date_time: true,
  last_calculated_date_time: true,
  results_expiry_date_time: true,
  row_count: true,
  status: true,
  target_dataset_id: true,
  updated_date_time: true,
});
export type ActivationSegmentSummary = z.infer<typeof ActivationSegmentSummarySchema>;

/** GET …/activation-segments — List Activation Segments. */
export const ListActivationSegmentsResponseSchema = z.object({
  activation_segments: z.array(ActivationSegmentSummarySchema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListActivationSegmentsResponse = z.infer<typeof ListActivationSegmentsResponseSchema>;

/** DELETE …/activation-segments/{activation_segment_id} — answers `{}`. */
export const DeleteActivationSegmentResponseSchema = z.object({});
export type DeleteActivationSegmentResponse = z.infer<typeof DeleteActivationSegmentResponseSchema>;

/** POST …/{activation_segment_id}/calculate — answers the 1.0 query to follow. */
export const CalculateActivationSegmentResponseSchema = z.object({ query_id: z.string().min(1) });
export type CalculateActivationSegmentResponse = z.infer<typeof CalculateActivationSegmentResponseSchema>;

/** POST …/{activation_segment_id}/export — Export Activation Segment Results. */
export const ExportActivationSegmentRequestSchema = z.object({
  destination_id: z.string(),
  /** Follows the destination's push schema; defaults come from the destination instance. */
  push_config: z.record(z.string(), z.unknown()).optional(),
});
export type ExportActivationSegmentRequest = z.infer<typeof ExportActivationSegmentRequestSchema>;

export const ExportActivationSegmentResponseSchema = z.object({ export_id: z.string().min(1) });
export type ExportActivationSegmentResponse = z.infer<typeof ExportActivationSegmentResponseSchema>;

/** EXPORT_STATUS_INVALID, _RUNNING, _FAILED, _SUCCESSFUL (open set). */
export const ActivationExportSchema = z.object({
  export_id: z.string(),
  activation_segment_id: z.string().optional(),
  collaboration_id: z.string().optional(),
  destination_id: z.string().optional(),
  destination_type_id: z.string().optional(),
  started_at_date_time: z.string().optional(),
  completed_at_date_time: z.string().optional(),
  export_error: ErrorInfoSchema.optional(),
  rejected_rows: int64Schema.optional(),
  row_count: int64Schema.optional(),
  status: z.string().optional(),
  /** Only in the single-export view. */
  push_config: z.record(z.string(), z.unknown()).optional(),
});
export type ActivationExport = z.infer<typeof ActivationExportSchema>;

/** GET …/{activation_segment_id}/exports — List Activation Segment Exports. */
export const ListActivationSegmentExportsResponseSchema = z.object({
  activation_exports: z.array(ActivationExportSchema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListActivationSegmentExportsResponse = z.infer<typeof ListActivationSegmentExportsResponseSchema>;

/** GET …/{activation_segment_id}/exports/{export_id} — Get Activation Segment Export. */
export const GetActivationSegmentExportResponseSchema = z.object({ export_details: ActivationExportSchema });
export type GetActivationSegmentExportResponse = z.infer<typeof GetActivationSegmentExportResponseSchema>;
