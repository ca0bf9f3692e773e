/**
 * API 1.0 activation operations: Validates an Activation Query, Queue an Activation, List
 * Activations, Get an Activation (seed 000, sections 2.1 and 4.4).
 */
import { z } from 'zod';
import { QueryErrorSchema } from './errors';
import {
  zTyraelActivation,
  zTyraelActivationQueryStatus,
  zTyraelActivationSummary,
  zTyraelCreateActivationQueryRequest,
  zTyraelIdentityResponse,
  zTyraelPush,
  zTyraelValidateActivationQueryRequest,
} from './generated/v1/zod.gen';
import type { V1SortParams } from './v1-shared';

/** POST /api/v1/activations/validate — validates without running. `query` is required (see ValidateQuery). */
export const ValidateActivationRequestSchema = zTyraelValidateActivationQueryRequest.extend({ query: z.string() });
export type ValidateActivationRequest = z.infer<typeof ValidateActivationRequestSchema>;

/**
 * POST /api/v1/activations — Queue an Activation. Not idempotent: never re-sent automatically.
 * `query` is required (see ValidateQuery); the swagger keeps the older single
 * `string_literal_column` next to `string_literal_columns`.
 */
export const QueueActivationRequestSchema = zTyraelCreateActivationQueryRequest.extend({ query: z.string() });
export type QueueActivationRequest = z.infer<typeof QueueActivationRequestSchema>;

/**
 * The generated answer, stricter on purpose where callers depend on it: `activation_id` must be
 * present (it is polled next), an omitted `query_completed` is false, and `query_error` keeps
 * its free-form `details` (QueryErrorSchema).
 */
export const QueueActivationResponseSchema = zTyraelActivationQueryStatus.extend({
  activation_id: z.string().min(1),
  query_completed: z.boolean().default(false),
  query_error: QueryErrorSchema.optional(),
  query_response: zTyraelIdentityResponse.optional(),
});
export type QueueActivationResponse = z.infer<typeof QueueActivationResponseSchema>;

/**
 * Activation status values named by the reference. The service may add others, so the wire
 * schema accepts any string; only `QUERY_COMPLETED` is treated as terminal.
 */
export const ACTIVATION_STATUSES = ['QUERY_PENDING', 'QUERY_RUNNING', 'QUERY_COMPLETED'] as const;
export type KnownActivationStatus = (typeof ACTIVATION_STATUSES)[number];

/** The generated summary with `status` kept an open string (the swagger's enum is closed). */
export const ActivationSummarySchema = zTyraelActivationSummary.extend({ status: z.string().optional() });
export type ActivationSummary = z.infer<typeof ActivationSummarySchema>;

/** The generated push with `status` an open string and `push_error` read like `query_error`. */
export const PushSchema = zTyraelPush.extend({
  status: z.string().optional(),
  push_error: QueryErrorSchema.optional(),
});
export type Push = z.infer<typeof PushSchema>;

export const ActivationSchema = zTyraelActivation.extend({
  summary: ActivationSummarySchema.optional(),
  query_error: QueryErrorSchema.optional(),
  pushes: z.array(PushSchema).optional(),
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
