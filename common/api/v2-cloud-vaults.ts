/**
 * API 2.0 cloud vaults and their files (seed 002 §2.2, §4.2): the staging areas data is imported into.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zCreateBody, zCreateResponse, zDeleteFileResponse, zDeleteResponse, zGetResponse, zListFilesResponse, zListResponse, zUpdateBody, zUpdateResponse,
} from './generated/v2-supply/zod.gen';

/** GET /api/v2/cloud_vaults */
export const ListCloudVaultsResponseSchema = zListResponse;
export type ListCloudVaultsResponse = z.output<typeof ListCloudVaultsResponseSchema>;

/** POST /api/v2/cloud_vaults — 409 on a name already used. */
export const CreateCloudVaultRequestSchema = zCreateBody;
export type CreateCloudVaultRequest = z.input<typeof CreateCloudVaultRequestSchema>;
export const CreateCloudVaultResponseSchema = zCreateResponse;
export type CreateCloudVaultResponse = z.output<typeof CreateCloudVaultResponseSchema>;

/** DELETE /api/v2/cloud_vaults/{cloud_vault_id} — Refused while in use unless `force=true`. */
export const DeleteCloudVaultResponseSchema = zDeleteResponse;
export type DeleteCloudVaultResponse = z.output<typeof DeleteCloudVaultResponseSchema>;

/** GET /api/v2/cloud_vaults/{cloud_vault_id} */
export const GetCloudVaultResponseSchema = zGetResponse;
export type GetCloudVaultResponse = z.output<typeof GetCloudVaultResponseSchema>;

/** PATCH /api/v2/cloud_vaults/{cloud_vault_id} — Name and description. */
export const UpdateCloudVaultRequestSchema = zUpdateBody;
export type UpdateCloudVaultRequest = z.input<typeof UpdateCloudVaultRequestSchema>;
export const UpdateCloudVaultResponseSchema = zUpdateResponse;
export type UpdateCloudVaultResponse = z.output<typeof UpdateCloudVaultResponseSchema>;

/** DELETE /api/v2/files/{cloud_vault_id}/{name} — A name ending in `/*` deletes up to 1000 files with that prefix; `files_remaining` says whether more remain. */
export const DeleteVaultFileResponseSchema = zDeleteFileResponse;
export type DeleteVaultFileResponse = z.output<typeof DeleteVaultFileResponseSchema>;

/** GET /api/v2/files/{cloud_vault_id}/{name} — `name` is a path inside the vault (a file or a folder); blank lists the whole vault. */
export const ListVaultFilesResponseSchema = zListFilesResponse;
export type ListVaultFilesResponse = z.output<typeof ListVaultFilesResponseSchema>;
