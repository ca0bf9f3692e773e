/**
 * API 2.0 destination instances and types (seed 001 §2.5, §4.6): the configured targets of
 * segment exports, owned by a company, each of a destination type whose JSON Schema its
 * `config` follows.
 */
import { z } from 'zod';
import { PaginationResponseSchema } from './pagination';

/** A destination's `config`: free-form here; its type's JSON Schema says what it holds. */
const ConfigSchema = z.record(z.string(), z.unknown());

/** The value that stands for a secret property (`x-infosum-secret`) in answers; sent back, it keeps the stored secret. */
export const REDACTED_SECRET = 'X-INFOSUM-REDACTED';

export const DestinationInstanceOverviewSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  destination_type_id: z.string().optional(),
  owner_id: z.string().optional(),
  creator_id: z.string().optional(),
  created_time: z.string().optional(),
  incoming_share_id: z.string().optional(),
  permission_ids: z.array(z.string()).optional(),
  permissioned_to_permitted_company: z.boolean().optional(),
});
export type DestinationInstanceOverview = z.infer<typeof DestinationInstanceOverviewSchema>;

export const DestinationInstanceSchema = DestinationInstanceOverviewSchema.extend({
  config: ConfigSchema.optional(),
  editable_paths: z.array(z.string()).optional(),
  updated_time: z.string().optional(),
});
export type DestinationInstance = z.infer<typeof DestinationInstanceSchema>;

/** GET /api/v2/destinations/instances — List Destination Instances (the caller's). */
export const ListDestinationInstancesResponseSchema = z.object({
  destinations: z.array(DestinationInstanceOverviewSchema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListDestinationInstancesResponse = z.infer<typeof ListDestinationInstancesResponseSchema>;

/** POST /api/v2/destinations/instances — Create Destination Instance. */
export const CreateDestinationInstanceRequestSchema = z.object({
  config: ConfigSchema.optional(),
  description: z.string().optional(),
  destination_type_id: z.string().optional(),
  editable_paths: z.array(z.string()).optional(),
  name: z.string().optional(),
});
export type CreateDestinationInstanceRequest = z.infer<typeof CreateDestinationInstanceRequestSchema>;

export const CreateDestinationInstanceResponseSchema = z.object({ destination_id: z.string().min(1) });
export type CreateDestinationInstanceResponse = z.infer<typeof CreateDestinationInstanceResponseSchema>;

/** GET and PATCH /api/v2/destinations/instances/{destination_id} answer the instance. */
export const DestinationInstanceResponseSchema = z.object({ destination: DestinationInstanceSchema });
export type DestinationInstanceResponse = z.infer<typeof DestinationInstanceResponseSchema>;

/**
 * PATCH /api/v2/destinations/instances/{destination_id} — Update Destination Instance. A
 * `config` replaces the whole configuration (every field, changed or not). The type cannot change.
 */
export const UpdateDestinationInstanceRequestSchema = CreateDestinationInstanceRequestSchema.omit({ destination_type_id: true });
export type UpdateDestinationInstanceRequest = z.infer<typeof UpdateDestinationInstanceRequestSchema>;

/** DELETE /api/v2/destinations/instances/{destination_id} — Delete Destination Instance: `{}`. */
export const DeleteDestinationInstanceResponseSchema = z.object({});
export type DeleteDestinationInstanceResponse = z.infer<typeof DeleteDestinationInstanceResponseSchema>;

export const DestinationTypeOverviewSchema = z.object({ id: z.string(), name: z.string().optional() });
export type DestinationTypeOverview = z.infer<typeof DestinationTypeOverviewSchema>;

/** GET /api/v2/destinations/types — List Destination types. */
export const ListDestinationTypesResponseSchema = z.object({
  destination_types: z.array(DestinationTypeOverviewSchema).default([]),
});
export type ListDestinationTypesResponse = z.infer<typeof ListDestinationTypesResponseSchema>;

/** GET /api/v2/destinations/types/{destination_type_id}/schema — the JSON Schema of a type's `config`. */
export const GetDestinationTypeSchemaResponseSchema = z.object({
  connection_specification: z.record(z.string(), z.unknown()).default({}),
});
export type GetDestinationTypeSchemaResponse = z.infer<typeof GetDestinationTypeSchemaResponseSchema>;
