/**
 * API 2.0 normalization configs and executions (seed 002 §2.6, §4.6): input columns mapped to global-schema keys, categories, custom keys and export columns.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zGetNormalizationResponse, zListNormalizationsResponse, zNormalizationConfigCreateConfigBody, zNormalizationConfigCreateConfigResponse, zNormalizationConfigGetConfigResponse, zNormalizationConfigListConfigsResponse, zNormalizationConfigUpdateConfigBody, zNormalizationConfigUpdateConfigResponse, zNormalizeBody, zNormalizeResponse,
} from './generated/v2-supply/zod.gen';

/** GET /api/v2/normalizations/configs */
export const ListNormalizationConfigsResponseSchema = zNormalizationConfigListConfigsResponse;
export type ListNormalizationConfigsResponse = z.output<typeof ListNormalizationConfigsResponseSchema>;

/** POST /api/v2/normalizations/configs — normalizer_config, or the deprecated normalization_config (stored as given). */
export const CreateNormalizationConfigRequestSchema = zNormalizationConfigCreateConfigBody;
export type CreateNormalizationConfigRequest = z.input<typeof CreateNormalizationConfigRequestSchema>;
export const CreateNormalizationConfigResponseSchema = zNormalizationConfigCreateConfigResponse;
export type CreateNormalizationConfigResponse = z.output<typeof CreateNormalizationConfigResponseSchema>;

/** GET /api/v2/normalizations/configs/{config_id} */
export const GetNormalizationConfigResponseSchema = zNormalizationConfigGetConfigResponse;
export type GetNormalizationConfigResponse = z.output<typeof GetNormalizationConfigResponseSchema>;

/** POST /api/v2/normalizations/configs/{config_id} — POST, full replacement: {payload: {config, description, name}}. */
export const UpdateNormalizationConfigRequestSchema = zNormalizationConfigUpdateConfigBody;
export type UpdateNormalizationConfigRequest = z.input<typeof UpdateNormalizationConfigRequestSchema>;
export const UpdateNormalizationConfigResponseSchema = zNormalizationConfigUpdateConfigResponse;
export type UpdateNormalizationConfigResponse = z.output<typeof UpdateNormalizationConfigResponseSchema>;

/** POST /api/v2/normalizations/execute — The output recordset is named output_recordset_name. */
export const StartNormalizationRequestSchema = zNormalizeBody;
export type StartNormalizationRequest = z.input<typeof StartNormalizationRequestSchema>;
export const StartNormalizationResponseSchema = zNormalizeResponse;
export type StartNormalizationResponse = z.output<typeof StartNormalizationResponseSchema>;

/** GET /api/v2/normalizations/executions */
export const ListNormalizationsResponseSchema = zListNormalizationsResponse;
export type ListNormalizationsResponse = z.output<typeof ListNormalizationsResponseSchema>;

/** GET /api/v2/normalizations/executions/{execution_id} — The execution and its history. */
export const GetNormalizationResponseSchema = zGetNormalizationResponse;
export type GetNormalizationResponse = z.output<typeof GetNormalizationResponseSchema>;
