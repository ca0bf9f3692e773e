/**
 * API 2.0 dataset prepare configs, prepare executions and publish (seed 002 §2.7, §4.7): which keys, categories and export columns a dataset keeps, its thresholds, and the step that makes the prepared data a dataset.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zAddConfigCategoriesBody, zAddConfigCategoriesResponse, zAddConfigExportColumnsBody, zAddConfigExportColumnsResponse, zAddConfigKeysBody, zAddConfigKeysResponse, zDeleteConfigCategoriesResponse, zDeleteConfigExportColumnsResponse, zDeleteConfigKeysResponse, zGetPrepareResponse, zListConfigCategoriesResponse, zListConfigExportColumnsResponse, zListConfigKeysResponse, zListPreparesResponse, zPrepareBody, zPrepareConfigsCreateConfigBody, zPrepareConfigsCreateConfigResponse, zPrepareConfigsGetConfigResponse, zPrepareConfigsListConfigsResponse, zPrepareConfigsUpdateConfigBody, zPrepareConfigsUpdateConfigResponse, zPrepareResponse, zPublishResponse,
} from './generated/v2-supply/zod.gen';

/** GET /api/v2/dataset-prepare-configs */
export const ListPrepareConfigsResponseSchema = zPrepareConfigsListConfigsResponse;
export type ListPrepareConfigsResponse = z.output<typeof ListPrepareConfigsResponseSchema>;

/** POST /api/v2/dataset-prepare-configs */
export const CreatePrepareConfigRequestSchema = zPrepareConfigsCreateConfigBody;
export type CreatePrepareConfigRequest = z.input<typeof CreatePrepareConfigRequestSchema>;
export const CreatePrepareConfigResponseSchema = zPrepareConfigsCreateConfigResponse;
export type CreatePrepareConfigResponse = z.output<typeof CreatePrepareConfigResponseSchema>;

/** GET /api/v2/dataset-prepare-configs/{config_id} */
export const GetPrepareConfigResponseSchema = zPrepareConfigsGetConfigResponse;
export type GetPrepareConfigResponse = z.output<typeof GetPrepareConfigResponseSchema>;

/** PUT /api/v2/dataset-prepare-configs/{config_id} */
export const UpdatePrepareConfigRequestSchema = zPrepareConfigsUpdateConfigBody;
export type UpdatePrepareConfigRequest = z.input<typeof UpdatePrepareConfigRequestSchema>;
export const UpdatePrepareConfigResponseSchema = zPrepareConfigsUpdateConfigResponse;
export type UpdatePrepareConfigResponse = z.output<typeof UpdatePrepareConfigResponseSchema>;

/** DELETE /api/v2/dataset-prepare-configs/{config_id}/categories — Query `filter` selects the categories. */
export const DeletePrepareConfigCategoriesResponseSchema = zDeleteConfigCategoriesResponse;
export type DeletePrepareConfigCategoriesResponse = z.output<typeof DeletePrepareConfigCategoriesResponseSchema>;

/** GET /api/v2/dataset-prepare-configs/{config_id}/categories */
export const ListPrepareConfigCategoriesResponseSchema = zListConfigCategoriesResponse;
export type ListPrepareConfigCategoriesResponse = z.output<typeof ListPrepareConfigCategoriesResponseSchema>;

/** POST /api/v2/dataset-prepare-configs/{config_id}/categories — Global-schema category ids. */
export const AddPrepareConfigCategoriesRequestSchema = zAddConfigCategoriesBody;
export type AddPrepareConfigCategoriesRequest = z.input<typeof AddPrepareConfigCategoriesRequestSchema>;
export const AddPrepareConfigCategoriesResponseSchema = zAddConfigCategoriesResponse;
export type AddPrepareConfigCategoriesResponse = z.output<typeof AddPrepareConfigCategoriesResponseSchema>;

/** DELETE /api/v2/dataset-prepare-configs/{config_id}/export-columns */
export const DeletePrepareConfigExportColumnsResponseSchema = zDeleteConfigExportColumnsResponse;
export type DeletePrepareConfigExportColumnsResponse = z.output<typeof DeletePrepareConfigExportColumnsResponseSchema>;

/** GET /api/v2/dataset-prepare-configs/{config_id}/export-columns */
export const ListPrepareConfigExportColumnsResponseSchema = zListConfigExportColumnsResponse;
export type ListPrepareConfigExportColumnsResponse = z.output<typeof ListPrepareConfigExportColumnsResponseSchema>;

/** POST /api/v2/dataset-prepare-configs/{config_id}/export-columns */
export const AddPrepareConfigExportColumnsRequestSchema = zAddConfigExportColumnsBody;
export type AddPrepareConfigExportColumnsRequest = z.input<typeof AddPrepareConfigExportColumnsRequestSchema>;
export const AddPrepareConfigExportColumnsResponseSchema = zAddConfigExportColumnsResponse;
export type AddPrepareConfigExportColumnsResponse = z.output<typeof AddPrepareConfigExportColumnsResponseSchema>;

/** DELETE /api/v2/dataset-prepare-configs/{config_id}/keys */
export const DeletePrepareConfigKeysResponseSchema = zDeleteConfigKeysResponse;
export type DeletePrepareConfigKeysResponse = z.output<typeof DeletePrepareConfigKeysResponseSchema>;

/** GET /api/v2/dataset-prepare-configs/{config_id}/keys */
export const ListPrepareConfigKeysResponseSchema = zListConfigKeysResponse;
export type ListPrepareConfigKeysResponse = z.output<typeof ListPrepareConfigKeysResponseSchema>;

/** POST /api/v2/dataset-prepare-configs/{config_id}/keys — Global-schema key ids. */
export const AddPrepareConfigKeysRequestSchema = zAddConfigKeysBody;
export type AddPrepareConfigKeysRequest = z.input<typeof AddPrepareConfigKeysRequestSchema>;
export const AddPrepareConfigKeysResponseSchema = zAddConfigKeysResponse;
export type AddPrepareConfigKeysResponse = z.output<typeof AddPrepareConfigKeysResponseSchema>;

/** POST /api/v2/prepares/execute — A recordset and a config (config_id or config_embedded) for a dataset. */
export const StartPrepareRequestSchema = zPrepareBody;
export type StartPrepareRequest = z.input<typeof StartPrepareRequestSchema>;
export const StartPrepareResponseSchema = zPrepareResponse;
export type StartPrepareResponse = z.output<typeof StartPrepareResponseSchema>;

/** GET /api/v2/prepares/executions */
export const ListPreparesResponseSchema = zListPreparesResponse;
export type ListPreparesResponse = z.output<typeof ListPreparesResponseSchema>;

/** GET /api/v2/prepares/executions/{execution_id} */
export const GetPrepareResponseSchema = zGetPrepareResponse;
export type GetPrepareResponse = z.output<typeof GetPrepareResponseSchema>;

/** POST /api/v2/prepares/{execution_id}/publish — The prepared data becomes the dataset's data. */
export const PublishPrepareResponseSchema = zPublishResponse;
export type PublishPrepareResponse = z.output<typeof PublishPrepareResponseSchema>;
