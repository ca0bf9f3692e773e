/**
 * API 2.0, deprecated: the query-based activation pushes (seed 001 §4.5, "use segment exports
 * instead"; seed 000 §9.3). Still served, and marked `deprecated` in the operation table.
 * `query_id` is an activation's ID (Queue an Activation). Written out like the other 2.0
 * modules (the destinations list reuses the generated segment one, the same swagger shape) and
 * checked against the generated types (test/unit/common/api-v2-conformance.test.ts).
 */
import { z } from 'zod';
import { ErrorInfoSchema } from './errors';
import { PaginationResponseSchema } from './pagination';
import { ListActivationSegmentDestinationsResponseSchema } from './v2-activation-segment-destinations';
import { ActivationExportSchema } from './v2-activation-segments';

/**
 * GET /api/v2/activations/queries/{query_id}/destinations — default order `created_time DESC`.
 * The swagger's ActivationDestinationOverview, the same shape as a segment's destinations.
 */
export const ListActivationDestinationsResponseSchema = ListActivationSegmentDestinationsResponseSchema;
export type ListActivationDestinationsResponse = z.infer<typeof ListActivationDestinationsResponseSchema>;

/** POST …/destinations/{destination_id}/push — `push_config` follows the destination's push schema. */
export const PushActivationResultsRequestSchema = z.object({
  push_config: z.record(z.string(), z.unknown()).optional(),
});
export type PushActivationResultsRequest = z.infer<typeof PushActivationResultsRequestSchema>;

export const PushActivationResultsResponseSchema = z.object({ push_id: z.string().min(1) });
export type PushActivationResultsResponse = z.infer<typeof PushActivationResultsResponseSchema>;

/** GET …/destinations/{destination_id}/push-schema — the JSON Schema a push's `push_config` must satisfy. */
export const GetActivationDestinationPushSchemaResponseSchema = z.object({
  push_schema: z.record(z.string(), z.unknown()).optional(),
});
export type GetActivationDestinationPushSchemaResponse = z.infer<typeof GetActivationDestinationPushSchemaResponseSchema>;

/** One push; `status` is PUSH_PENDING, PUSH_SUCCESSFUL or PUSH_FAILED in the emulator (an open set). Shares an export's delivery fields. */
export const ActivationPushSchema = ActivationExportSchema.pick({
  destination_id: true,
  destination_type_id: true,
  started_at_date_time: true,
  completed_at_date_time: true,
  rejected_rows: true,
  status: true,
  push_config: true,
}).extend({
  push_id: z.string(),
  query_id: z.string().optional(),
  push_error: ErrorInfoSchema.optional(),
  push_successful: z.boolean().optional(),
});
export type ActivationPush = z.infer<typeof ActivationPushSchema>;

/** GET …/pushes — note the swagger's `pagination_response` (not `pagination`). */
export const ListActivationPushesResponseSchema = z.object({
  activation_pushes: z.array(ActivationPushSchema).default([]),
  pagination_response: PaginationResponseSchema.optional(),
});
export type ListActivationPushesResponse = z.infer<typeof ListActivationPushesResponseSchema>;

/** GET …/pushes/{push_id}. */
export const GetActivationPushResponseSchema = z.object({ push_details: ActivationPushSchema });
export type GetActivationPushResponse = z.infer<typeof GetActivationPushResponseSchema>;
