/**
 * API 1.0 credit usage and the demo datasets (seed 000 §2.5, §4.4): Get Dataset credit usage,
 * Get Permission credit usage and Add access to the Demo Datasets. The schemas are the
 * generated ones (generated/v1, from the swagger).
 */
import type { z } from 'zod';
import {
  zAddDemoDatasetsBody, zAddDemoDatasetsResponse, zGetDatasetUsageResponse, zGetPermissionUsageResponse,
} from './generated/v1/zod.gen';

/** How a usage series is cut into points; TIME_GROUPING_UNSPECIFIED gives one point for the whole range. */
export type UsageGrouping = 'TIME_GROUPING_UNSPECIFIED' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

/** Query parameters of both usage operations, spelled as on the wire (RFC 3339 times). */
export type UsageQuery = {
  /** Default: the beginning of the current month; rounded down to the group boundary. */
  readonly start_time?: string;
  /** Default: now; rounded up to the group boundary. */
  readonly end_time?: string;
  readonly grouping?: UsageGrouping;
};

/** GET /api/v1/usage/datasets/{private_id} — `{timeseries: [{timestamp, usage}]}`. */
export const GetDatasetUsageResponseSchema = zGetDatasetUsageResponse;
export type GetDatasetUsageResponse = z.output<typeof GetDatasetUsageResponseSchema>;

/** GET /api/v1/usage/permissions/{private_id}/{recipient_id} — one permission's series. */
export const GetPermissionUsageResponseSchema = zGetPermissionUsageResponse;
export type GetPermissionUsageResponse = z.output<typeof GetPermissionUsageResponseSchema>;

/** POST /api/v1/demo_datasets — body `{}`; answers the caller's permissions to the demo datasets. */
export const AddDemoDatasetsRequestSchema = zAddDemoDatasetsBody;
export const AddDemoDatasetsResponseSchema = zAddDemoDatasetsResponse;
export type AddDemoDatasetsResponse = z.output<typeof AddDemoDatasetsResponseSchema>;
