/**
 * API 1.0 permissions (seed 000, section 2.4) and the health check.
 */
import { z } from 'zod';
import { zTyraelPermission } from './generated/v1/zod.gen';
import type { V1SortParams } from './v1-shared';

export const PermissionSchema = zTyraelPermission;
export type Permission = z.infer<typeof PermissionSchema>;

/** GET /api/v1/permissions — List all Permissions. */
export const ListPermissionsResponseSchema = z.object({
  permissions: z.array(PermissionSchema).default([]),
});
export type ListPermissionsResponse = z.infer<typeof ListPermissionsResponseSchema>;

/** Query parameters of List all Permissions, spelled as on the wire. */
export type ListPermissionsQuery = V1SortParams & {
  readonly 'filter.direction'?: 'ANY_DIRECTION' | 'INCOMING' | 'OUTGOING';
  readonly 'filter.accepted'?: 'ANY_ACCEPTED' | 'INACTIVE' | 'ACTIVE';
};

/**
 * GET /api/v1/health — Health check. `status` is UNKNOWN or AVAILABLE; kept an open string
 * with protobuf's default, unlike the swagger's closed enum.
 */
export const HealthResponseSchema = z.object({
  status: z.string().default('UNKNOWN'),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
