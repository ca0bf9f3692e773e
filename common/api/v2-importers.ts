/**
 * API 2.0 importers and import executions (seed 002 §2.4, §4.4): a connector config, file patterns and a target folder; executing one copies the matching files into the vault.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zCreateImportBody, zCreateImportResponse, zExecuteImportResponse, zGetImportExecutionResponse, zGetImportResponse, zListImportExecutionsResponse, zListImportsResponse, zUpdateImportBody, zUpdateImportResponse,
} from './generated/v2-supply/zod.gen';

/** GET /api/v2/imports/importers */
export const ListImportersResponseSchema = zListImportsResponse;
export type ListImportersResponse = z.output<typeof ListImportersResponseSchema>;

/** POST /api/v2/imports/importers — target_folder: alphanumerics, `_-./`, no leading or trailing `/`, never `Recordsets`. */
export const CreateImporterRequestSchema = zCreateImportBody;
export type CreateImporterRequest = z.input<typeof CreateImporterRequestSchema>;
export const CreateImporterResponseSchema = zCreateImportResponse;
export type CreateImporterResponse = z.output<typeof CreateImporterResponseSchema>;

/** GET /api/v2/imports/importers/{import_id} */
export const GetImporterResponseSchema = zGetImportResponse;
export type GetImporterResponse = z.output<typeof GetImporterResponseSchema>;

/** PATCH /api/v2/imports/importers/{import_id} */
export const UpdateImporterRequestSchema = zUpdateImportBody;
export type UpdateImporterRequest = z.input<typeof UpdateImporterRequestSchema>;
export const UpdateImporterResponseSchema = zUpdateImportResponse;
export type UpdateImporterResponse = z.output<typeof UpdateImporterResponseSchema>;

/** GET /api/v2/imports/executions */
export const ListImportExecutionsResponseSchema = zListImportExecutionsResponse;
export type ListImportExecutionsResponse = z.output<typeof ListImportExecutionsResponseSchema>;

/** GET /api/v2/imports/executions/{execution_id} — The execution and its history. */
export const GetImportExecutionResponseSchema = zGetImportExecutionResponse;
export type GetImportExecutionResponse = z.output<typeof GetImportExecutionResponseSchema>;

/** POST /api/v2/imports/importers/{import_id}/execute — Query `target_folder` overrides the importer's. */
export const ExecuteImportResponseSchema = zExecuteImportResponse;
export type ExecuteImportResponse = z.output<typeof ExecuteImportResponseSchema>;
