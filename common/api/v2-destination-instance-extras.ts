/**
 * API 2.0 destination operations beyond an instance's life (seed 001 §4.6): Duplicate
 * Destination Instance and Get Destination Type External Config. The schemas are the
 * generated ones (generated/v2-in-use, from the swagger).
 */
import type { z } from 'zod';
import {
  zDuplicateDestinationInstanceBody, zDuplicateDestinationInstanceResponse, zGetDestinationTypeExternalConfigResponse,
} from './generated/v2-in-use/zod.gen';

/** POST /api/v2/destinations/instances/{destination_id}/duplicate — the body is an empty object. */
export const DuplicateDestinationInstanceRequestSchema = zDuplicateDestinationInstanceBody;
export type DuplicateDestinationInstanceRequest = z.input<typeof DuplicateDestinationInstanceRequestSchema>;
export const DuplicateDestinationInstanceResponseSchema = zDuplicateDestinationInstanceResponse;
export type DuplicateDestinationInstanceResponse = z.output<typeof DuplicateDestinationInstanceResponseSchema>;

/** GET /api/v2/destinations/types/{destination_type_id}/external-config. */
export const GetDestinationTypeExternalConfigResponseSchema = zGetDestinationTypeExternalConfigResponse;
export type GetDestinationTypeExternalConfigResponse = z.output<typeof GetDestinationTypeExternalConfigResponseSchema>;
