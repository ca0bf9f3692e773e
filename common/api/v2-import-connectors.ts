/**
 * API 2.0 import connector configs (seed 002 §2.3, §4.3): how to reach a remote file source. Secrets are accepted on write and never returned on read.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zCreateImportConnectorBody, zCreateImportConnectorResponse, zDeleteImportConnectorResponse, zGetHostKeyResponse, zGetImportConnectorResponse, zListImportConnectorsResponse, zRefreshGpgKeysBody, zRefreshGpgKeysResponse, zUpdateImportConnectorBody, zUpdateImportConnectorResponse,
} from './generated/v2-supply/zod.gen';

/** GET /api/v2/imports/connector-configs — order_by defaults to `created_date_time DESC`. */
export const ListImportConnectorsResponseSchema = zListImportConnectorsResponse;
export type ListImportConnectorsResponse = z.output<typeof ListImportConnectorsResponseSchema>;

/** POST /api/v2/imports/connector-configs — Creates and validates; 409 on a name already used. */
export const CreateImportConnectorRequestSchema = zCreateImportConnectorBody;
export type CreateImportConnectorRequest = z.input<typeof CreateImportConnectorRequestSchema>;
export const CreateImportConnectorResponseSchema = zCreateImportConnectorResponse;
export type CreateImportConnectorResponse = z.output<typeof CreateImportConnectorResponseSchema>;

/** POST /api/v2/imports/connector-configs/gpg-keys/{config_id}/refresh — A new key pair; files must be re-encrypted with the new public key. */
export const RefreshImportConnectorGpgKeysRequestSchema = zRefreshGpgKeysBody;
export type RefreshImportConnectorGpgKeysRequest = z.input<typeof RefreshImportConnectorGpgKeysRequestSchema>;
export const RefreshImportConnectorGpgKeysResponseSchema = zRefreshGpgKeysResponse;
export type RefreshImportConnectorGpgKeysResponse = z.output<typeof RefreshImportConnectorGpgKeysResponseSchema>;

/** GET /api/v2/imports/connector-configs/host-key/{host}/{port} — The first valid public key of an SFTP host (ECDSA, RSA, ED25519). */
export const GetServerHostKeyResponseSchema = zGetHostKeyResponse;
export type GetServerHostKeyResponse = z.output<typeof GetServerHostKeyResponseSchema>;

/** DELETE /api/v2/imports/connector-configs/{config_id} — Only when no importer uses it. */
export const DeleteImportConnectorResponseSchema = zDeleteImportConnectorResponse;
export type DeleteImportConnectorResponse = z.output<typeof DeleteImportConnectorResponseSchema>;

/** GET /api/v2/imports/connector-configs/{config_id} */
export const GetImportConnectorResponseSchema = zGetImportConnectorResponse;
export type GetImportConnectorResponse = z.output<typeof GetImportConnectorResponseSchema>;

/** PATCH /api/v2/imports/connector-configs/{config_id} */
export const UpdateImportConnectorRequestSchema = zUpdateImportConnectorBody;
export type UpdateImportConnectorRequest = z.input<typeof UpdateImportConnectorRequestSchema>;
export const UpdateImportConnectorResponseSchema = zUpdateImportConnectorResponse;
export type UpdateImportConnectorResponse = z.output<typeof UpdateImportConnectorResponseSchema>;
