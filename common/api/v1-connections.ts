/**
 * API 1.0 connections between datasets (seed 000, section 2.3): which keys join two datasets
 * and how much they overlap. Counts are 64-bit strings.
 */
import { z } from 'zod';
import { zTyraelConnection, zTyraelConnectionKey } from './generated/v1/zod.gen';
import { DatasetSchema } from './v1-datasets';
import type { V1SortParams } from './v1-shared';

export const ConnectionKeySchema = zTyraelConnectionKey;
export type ConnectionKey = z.infer<typeof ConnectionKeySchema>;

/** The generated connection; an omitted `keys` list is empty. */
export const ConnectionSchema = zTyraelConnection.extend({ keys: z.array(ConnectionKeySchema).default([]) });
export type Connection = z.infer<typeof ConnectionSchema>;

/** GET /api/v1/connections — List all available Connections. */
export const ListConnectionsResponseSchema = z.object({
  connections: z.array(ConnectionSchema).default([]),
  datasets: z.array(DatasetSchema).default([]),
});
export type ListConnectionsResponse = z.infer<typeof ListConnectionsResponseSchema>;

/** GET /api/v1/connections/{first_private_id}/{second_private_id} — Get metadata for a Connection. */
export const GetConnectionResponseSchema = z.object({ connection: ConnectionSchema });
export type GetConnectionResponse = z.infer<typeof GetConnectionResponseSchema>;

/** Query parameters of List all available Connections, spelled as on the wire. */
export type ListConnectionsQuery = V1SortParams & {
  readonly 'filter.origin_private_ids'?: readonly string[];
  readonly 'filter.connected_datasets.private_ids'?: readonly string[];
  /** 0 to 1 inclusive. */
  readonly 'filter.min_intersection'?: number;
};
