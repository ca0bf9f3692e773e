/**
 * API 2.0 global schema (seed 002 §2.5, §4.5): the categories and keys normalization maps input columns to.
 * The schemas are the generated ones (generated/v2-supply, from the swagger), loaded on first
 * use through supply-schemas.ts: import values from this file only there.
 */
import type { z } from 'zod';
import {
  zCategoriesResponse, zKeyCategoriesResponse, zKeysResponse,
} from './generated/v2-supply/zod.gen';

/** GET /api/v2/normalizations/global-schema/categories */
export const ListGlobalSchemaCategoriesResponseSchema = zCategoriesResponse;
export type ListGlobalSchemaCategoriesResponse = z.output<typeof ListGlobalSchemaCategoriesResponseSchema>;

/** GET /api/v2/normalizations/global-schema/keys — Query `category_ids` and `type` select the keys. */
export const ListGlobalSchemaKeysResponseSchema = zKeysResponse;
export type ListGlobalSchemaKeysResponse = z.output<typeof ListGlobalSchemaKeysResponseSchema>;

/** GET /api/v2/normalizations/global-schema/keys/categories */
export const ListGlobalSchemaKeyCategoriesResponseSchema = zKeyCategoriesResponse;
export type ListGlobalSchemaKeyCategoriesResponse = z.output<typeof ListGlobalSchemaKeyCategoriesResponseSchema>;
