/**
 * API 1.0 permissions (seed 000, section 2.4) and the health check.
 */
import { z } from 'zod';
import { int64Schema } from './int64';
import { UserRefSchema } from './v1-shared';
import type { V1SortParams } from './v1-shared';

export const PermissionSchema = z.object({
  owner: UserRefSchema.optional(),
  private_id: z.string().optional(),
  recipient: UserRefSchema.optional(),
  create_time: z.string().optional(),
  accept_time: z.string().optional(),
  accepted: z.boolean().optional(),
  credits: z
    .object({
      user: UserRefSchema.optional(),
      allowance: int64Schema.optional(),
      current_allowance: int64Schema.optional(),
      used: int64Schema.optional(),
      uses_parent_allocation: z.boolean().optional(),
    })
    .optional(),
  dataset_public_name: z.string().optional(),
  dataset_public_desc: z.string().optional(),
});
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

/** GET /api/v1/health — Health check. `status` is UNKNOWN or AVAILABLE (open set). */
export const HealthResponseSchema = z.object({
  status: z.string().default('UNKNOWN'),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
