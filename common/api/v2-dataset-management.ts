/**
 * API 2.0 dataset management and lineage (seed 002 §2.1, §4.1): create, update, delete a dataset of the caller's company and read how a published dataset was made. List and Get are in v2-datasets.ts.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zCreateDatasetBody, zCreateDatasetResponse, zDeleteDatasetResponse, zGetPublishResponse, zUpdateDatasetBody, zUpdateDatasetResponse,
} from './generated/v2-supply/zod.gen';

/** POST /api/v2/datasets — Publish and queries use the new dataset_id; private_id and public_name follow §8. */
export const CreateDatasetRequestSchema = zCreateDatasetBody;
export type CreateDatasetRequest = z.input<typeof CreateDatasetRequestSchema>;
export const CreateDatasetResponseSchema = zCreateDatasetResponse;
export type CreateDatasetResponse = z.output<typeof CreateDatasetResponseSchema>;

/** DELETE /api/v2/datasets/{dataset_id} — The dataset and its compute go. */
export const DeleteDatasetResponseSchema = zDeleteDatasetResponse;
export type DeleteDatasetResponse = z.output<typeof DeleteDatasetResponseSchema>;

/** PATCH /api/v2/datasets/{dataset_id} — Partial: description, expiration, private_id, public_name. */
export const UpdateDatasetRequestSchema = zUpdateDatasetBody;
export type UpdateDatasetRequest = z.input<typeof UpdateDatasetRequestSchema>;
export const UpdateDatasetResponseSchema = zUpdateDatasetResponse;
export type UpdateDatasetResponse = z.output<typeof UpdateDatasetResponseSchema>;

/** GET /api/v2/lineage/publish/{dataset_id} — The configs that made it: import, recordset creation, normalization, publish. */
export const GetDatasetLineageResponseSchema = zGetPublishResponse;
export type GetDatasetLineageResponse = z.output<typeof GetDatasetLineageResponseSchema>;
