/**
 * Small shapes shared by several API 1.0 operations (seed 000, section 2). Derived from the
 * schemas generated from the swagger (generated/v1/zod.gen.ts, see GENERATION.md) where the
 * shapes agree; the generated 64-bit fields are already `WireInt64` (int64.ts).
 */
import { z } from 'zod';
import {
  zTyraelActivationStringLiteral,
  zTyraelJoinMetadata,
  zTyraelJoinMetadataDataset,
  zTyraelJoinMetadataKeyMetadata,
  zTyraelPathOverride,
  zTyraelUser,
  zTyraelValidateQueryResponse,
} from './generated/v1/zod.gen';

export const UserRefSchema = zTyraelUser;
export type UserRef = z.infer<typeof UserRefSchema>;

export const DatasetRefSchema = zTyraelJoinMetadataDataset;
export type DatasetRef = z.infer<typeof DatasetRefSchema>;

export const KeyRefSchema = zTyraelJoinMetadataKeyMetadata;
export type KeyRef = z.infer<typeof KeyRefSchema>;

export const JoinMetadataSchema = zTyraelJoinMetadata;
export type JoinMetadata = z.infer<typeof JoinMetadataSchema>;

export const StringLiteralColumnSchema = zTyraelActivationStringLiteral;
export type StringLiteralColumn = z.infer<typeof StringLiteralColumnSchema>;

/** Overrides the automatic choice of connection between two datasets (1.0 request bodies). */
export const PathOverrideSchema = zTyraelPathOverride;
export type PathOverride = z.infer<typeof PathOverrideSchema>;

/**
 * `{success}` answer of the validation operations. Differs from the swagger on purpose: an
 * omitted `success` is protobuf's false, so callers always get a boolean.
 */
export const ValidationResponseSchema = zTyraelValidateQueryResponse.extend({
  success: z.boolean().default(false),
});
export type ValidationResponse = z.infer<typeof ValidationResponseSchema>;

/** Sort parameters of 1.0 lists (`sort.by`, `sort.order`). */
export type V1SortParams = {
  readonly 'sort.by'?: string;
  readonly 'sort.order'?: 'ASCENDING' | 'DESCENDING';
};
