/**
 * API 2.0 collaboration destinations and connections (seed 001, 2.3).
 */
import { z } from 'zod';
import { int64Schema } from './int64';
import { PaginationResponseSchema } from './pagination';

export const CollaborationDestinationSummarySchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  destination_type_id: z.string().optional(),
  owner_id: z.string().optional(),
  creator_id: z.string().optional(),
  created_date_time: z.string().optional(),
  updated_date_time: z.string().optional(),
});
export type CollaborationDestinationSummary = z.infer<typeof CollaborationDestinationSummarySchema>;

/** GET /api/v2/collaborations/{collaboration_id}/destinations — List Destinations. */
export const ListCollaborationDestinationsResponseSchema = z.object({
  destinations: z.array(CollaborationDestinationSummarySchema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListCollaborationDestinationsResponse = z.infer<typeof ListCollaborationDestinationsResponseSchema>;

export const CollaborationDestinationSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  description: z.string().optional(),
  destination_type_id: z.string().optional(),
  owner_id: z.string().optional(),
  creator_id: z.string().optional(),
  created_time: z.string().optional(),
  updated_time: z.string().optional(),
  /** Free-form; its shape follows the destination type's JSON-Schema. */
  config: z.record(z.string(), z.unknown()).optional(),
  editable_paths: z.array(z.string()).optional(),
});
export type CollaborationDestination = z.infer<typeof CollaborationDestinationSchema>;

/** GET …/destinations/{destination_id} — Get Destination. */
export const GetCollaborationDestinationResponseSchema = z.object({ destination: CollaborationDestinationSchema });
export type GetCollaborationDestinationResponse = z.infer<typeof GetCollaborationDestinationResponseSchema>;

export const ConnectionOverlapKeySchema = z.object({
  id: int64Schema.optional(),
  name: z.string().optional(),
  intersection: int64Schema.optional(),
  intersection_percentage: z.number().optional(),
});
export type ConnectionOverlapKey = z.infer<typeof ConnectionOverlapKeySchema>;

export const CollaborationConnectionSchema = z.object({
  id: z.string(),
  from_dataset_id: z.string().optional(),
  to_dataset_id: z.string().optional(),
  highest_overlap_key: ConnectionOverlapKeySchema.optional(),
  keys: z.array(ConnectionOverlapKeySchema).optional(),
});
export type CollaborationConnection = z.infer<typeof CollaborationConnectionSchema>;

/** GET /api/v2/collaborations/{collaboration_id}/connections — List Connections. */
export const ListCollaborationConnectionsResponseSchema = z.object({
  connections: z.array(CollaborationConnectionSchema).default([]),
  pagination: PaginationResponseSchema.optional(),
});
export type ListCollaborationConnectionsResponse = z.infer<typeof ListCollaborationConnectionsResponseSchema>;

/** GET …/connections/{connection_id} — Get Connection. */
export const GetCollaborationConnectionResponseSchema = z.object({ connection: CollaborationConnectionSchema });
export type GetCollaborationConnectionResponse = z.infer<typeof GetCollaborationConnectionResponseSchema>;
