/**
 * API 2.0: where an activation segment may be exported (seed 001 §4.5) — List Activation
 * Segment Destinations and Get Activation Segment Destination Push Schema. The schemas are the
 * generated ones (generated/v2-in-use, from the swagger).
 */
import type { z } from 'zod';
import { zGetActivationSegmentDestinationPushSchemaResponse, zListActivationSegmentDestinationsResponse } from './generated/v2-in-use/zod.gen';

/** GET …/activation-segments/{activation_segment_id}/destinations — order_by name, created_time, destination_type_id. */
export const ListActivationSegmentDestinationsResponseSchema = zListActivationSegmentDestinationsResponse;
export type ListActivationSegmentDestinationsResponse = z.output<typeof ListActivationSegmentDestinationsResponseSchema>;

/** GET …/destinations/{destination_id}/push-schema — the JSON Schema an export's `push_config` must satisfy. */
export const GetActivationSegmentDestinationPushSchemaResponseSchema = zGetActivationSegmentDestinationPushSchemaResponse;
export type GetActivationSegmentDestinationPushSchemaResponse = z.output<typeof GetActivationSegmentDestinationPushSchemaResponseSchema>;
