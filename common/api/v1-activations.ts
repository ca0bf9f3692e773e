/**
 * API 1.0 activation operations: Validates an Activation Query, Queue an Activation, List
 * Activations, Get an Activation (seed 000, sections 2.1 and 4.4).
 */
import { z } from 'zod';
import { QueryErrorSchema } from './errors';
import { int64Schema } from './int64';
import { JoinMetadataSchema, PathOverrideSchema, StringLiteralColumnSchema } from './v1-shared';
import type { V1SortParams } from './v1-shared';

/** POST /api/v1/activations/validate — validates without running. */
export const ValidateActivationRequestSchema = z.object({
  query: z.string(),
  path_overrides: z.array(PathOverrideSchema).optional(),
  string_literal_column: StringLiteralColumnSchema.optional(),
  header_overrides: z.record(z.string(), z.string()).optional(),
  string_literal_columns: z.array(StringLiteralColumnSchema).optional(),
  collaboration_id: z.string().optional(),
});
export type ValidateActivationRequest = z.infer<typeof ValidateActivationRequestSchema>;

/** POST /api/v1/activations — Queue an Activation. Not idempotent: never re-sent automatically. */
export const QueueActivationRequestSchema = z.object({
  query: z.string(),
  path_overrides: z.array(PathOverrideSchema).optional(),
  campaign_name: z.string().optional(),
  column_separator: z.string().optional(),
  /** Older single-column form, kept next to `string_literal_columns` by the reference. */
  string_literal_column: StringLiteralColumnSchema.optional(),
  header_overrides: z.record(z.string(), z.string()).optional(),
  string_literal_columns: z.array(StringLiteralColumnSchema).optional(),
  multi_value_delimiter: z.string().optional(),
  identities_to_flatten: z.array(z.string()).optional(),
  collaboration_id: z.string().optional(),
});
export type QueueActivationRequest = z.infer<typeof QueueActivationRequestSchema>;

export const QueueActivationResponseSchema = z.object({
  activation_id: z.string().min(1),
  query_completed: z.boolean().default(false),
  query_error: QueryErrorSchema.optional(),
  query_response: z
    .object({
      identities: z.array(z.string()).optional(),
      total_rows: int64Schema.optional(),
      quality_measures: z
        .object({
          redaction_threshold_outlier: z.number().optional(),
          model_accuracy: z.number().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type QueueActivationResponse = z.infer<typeof QueueActivationResponseSchema>;

/**
 * Activation status values named by the reference. The service may add others, so the wire
 * schema accepts any string; only `QUERY_COMPLETED` is treated as terminal.
 */
export const ACTIVATION_STATUSES = ['QUERY_PENDING', 'QUERY_RUNNING', 'QUERY_COMPLETED'] as const;
export type KnownActivationStatus = (typeof ACTIVATION_STATUSES)[number];

export const ActivationSummarySchema = z.object({
  activation_id: z.string().optional(),
  campaign_name: z.string().optional(),
  status: z.string().optional(),
  total_rows: int64Schema.optional(),
  submitted_at: z.string().optional(),
  query_successful: z.boolean().optional(),
  results_expired: z.boolean().optional(),
  dataset_id: z.string().optional(),
  project_ids: z.array(z.string()).optional(),
  column_separator: z.string().optional(),
  string_literal_column: StringLiteralColumnSchema.optional(),
  original_record_count: int64Schema.optional(),
  string_literal_columns: z.array(StringLiteralColumnSchema).optional(),
  collaboration_id: z.string().optional(),
});
export type ActivationSummary = z.infer<typeof ActivationSummarySchema>;

export const PushSchema = z.object({
  push_id: z.string().optional(),
  status: z.string().optional(),
  connector_type: z.string().optional(),
  pushed_at: z.string().optional(),
  completed_at: z.string().optional(),
  push_error: QueryErrorSchema.optional(),
  push_successful: z.boolean().optional(),
});
export type Push = z.infer<typeof PushSchema>;

export const ActivationSchema = z.object({
  summary: ActivationSummarySchema.optional(),
  query_error: QueryErrorSchema.optional(),
  output_columns: z.array(z.string()).optional(),
  pushes: z.array(PushSchema).optional(),
  query_string: z.string().optional(),
  join_metadata: z.array(JoinMetadataSchema).optional(),
});
export type Activation = z.infer<typeof ActivationSchema>;

/** GET /api/v1/activations/{activation_id} — Get an Activation. */
export const GetActivationResponseSchema = z.object({ activation: ActivationSchema });
export type GetActivationResponse = z.infer<typeof GetActivationResponseSchema>;

/** GET /api/v1/activations — List Activations. */
export const ListActivationsResponseSchema = z.object({
  activations: z.array(ActivationSummarySchema).default([]),
});
export type ListActivationsResponse = z.infer<typeof ListActivationsResponseSchema>;

/** Query parameters of List Activations, spelled as on the wire. */
export type ListActivationsQuery = V1SortParams & {
  readonly 'filter.campaign_name'?: string;
  readonly 'filter.submitted_at_filter.start_time'?: string;
  readonly 'filter.submitted_at_filter.end_time'?: string;
  readonly 'filter.query_successful'?: boolean;
  readonly 'filter.results_expired'?: boolean;
  readonly 'filter.push_destinations'?: readonly string[];
  readonly 'filter.output_columns'?: readonly string[];
  readonly 'filter.activation_dataset_private_ids'?: readonly string[];
  readonly 'filter.project_ids'?: readonly string[];
  /** When omitted, activations run in collaborations are left out. */
  readonly 'filter.collaboration_id'?: string;
};
