/**
 * API 2.0 recordsets, recordset configs and recordset creation (seed 002 §2.8, §4.8): files of a vault read into a table with column statistics.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zCreateExecutionBody, zCreateExecutionResponse, zDeleteRecordsetResponse, zGetRecordsetResponse, zListExecutionsResponse, zListRecordsetColumnsResponse, zListRecordsetsResponse, zRecordsetConfigsCreateConfigBody, zRecordsetConfigsCreateConfigResponse, zRecordsetConfigsGetConfigResponse, zRecordsetConfigsListConfigsResponse, zRecordsetConfigsUpdateConfigBody, zRecordsetConfigsUpdateConfigResponse, zRecordsetCreationGetExecutionResponse, zRenameRecordsetBody, zRenameRecordsetResponse,
} from './generated/v2-supply/zod.gen';

/** GET /api/v2/recordsets/{cloud_vault_id} */
export const ListRecordsetsResponseSchema = zListRecordsetsResponse;
export type ListRecordsetsResponse = z.output<typeof ListRecordsetsResponseSchema>;

/** DELETE /api/v2/recordsets/{cloud_vault_id}/{recordset_id} */
export const DeleteRecordsetResponseSchema = zDeleteRecordsetResponse;
export type DeleteRecordsetResponse = z.output<typeof DeleteRecordsetResponseSchema>;

/** GET /api/v2/recordsets/{cloud_vault_id}/{recordset_id} */
export const GetRecordsetResponseSchema = zGetRecordsetResponse;
export type GetRecordsetResponse = z.output<typeof GetRecordsetResponseSchema>;

/** PATCH /api/v2/recordsets/{cloud_vault_id}/{recordset_id} */
export const RenameRecordsetRequestSchema = zRenameRecordsetBody;
export type RenameRecordsetRequest = z.input<typeof RenameRecordsetRequestSchema>;
export const RenameRecordsetResponseSchema = zRenameRecordsetResponse;
export type RenameRecordsetResponse = z.output<typeof RenameRecordsetResponseSchema>;

/** GET /api/v2/recordsets/{cloud_vault_id}/{recordset_id}/columns */
export const ListRecordsetColumnsResponseSchema = zListRecordsetColumnsResponse;
export type ListRecordsetColumnsResponse = z.output<typeof ListRecordsetColumnsResponseSchema>;

/** GET /api/v2/recordset-configs */
export const ListRecordsetConfigsResponseSchema = zRecordsetConfigsListConfigsResponse;
export type ListRecordsetConfigsResponse = z.output<typeof ListRecordsetConfigsResponseSchema>;

/** POST /api/v2/recordset-configs — 409 on a name already used. */
export const CreateRecordsetConfigRequestSchema = zRecordsetConfigsCreateConfigBody;
export type CreateRecordsetConfigRequest = z.input<typeof CreateRecordsetConfigRequestSchema>;
export const CreateRecordsetConfigResponseSchema = zRecordsetConfigsCreateConfigResponse;
export type CreateRecordsetConfigResponse = z.output<typeof CreateRecordsetConfigResponseSchema>;

/** GET /api/v2/recordset-configs/{config_id} */
export const GetRecordsetConfigResponseSchema = zRecordsetConfigsGetConfigResponse;
export type GetRecordsetConfigResponse = z.output<typeof GetRecordsetConfigResponseSchema>;

/** PATCH /api/v2/recordset-configs/{config_id} */
export const UpdateRecordsetConfigRequestSchema = zRecordsetConfigsUpdateConfigBody;
export type UpdateRecordsetConfigRequest = z.input<typeof UpdateRecordsetConfigRequestSchema>;
export const UpdateRecordsetConfigResponseSchema = zRecordsetConfigsUpdateConfigResponse;
export type UpdateRecordsetConfigResponse = z.output<typeof UpdateRecordsetConfigResponseSchema>;

/** POST /api/v2/recordset-creation/execute — Starts a recordset execution; the recordset is named recordset_name. */
export const CreateRecordsetRequestSchema = zCreateExecutionBody;
export type CreateRecordsetRequest = z.input<typeof CreateRecordsetRequestSchema>;
export const CreateRecordsetResponseSchema = zCreateExecutionResponse;
export type CreateRecordsetResponse = z.output<typeof CreateRecordsetResponseSchema>;

/** GET /api/v2/recordset-creation/executions */
export const ListRecordsetExecutionsResponseSchema = zListExecutionsResponse;
export type ListRecordsetExecutionsResponse = z.output<typeof ListRecordsetExecutionsResponseSchema>;

/** GET /api/v2/recordset-creation/executions/{execution_id} */
export const GetRecordsetExecutionResponseSchema = zRecordsetCreationGetExecutionResponse;
export type GetRecordsetExecutionResponse = z.output<typeof GetRecordsetExecutionResponseSchema>;
