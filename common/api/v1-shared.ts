/**
 * Small shapes shared by several API 1.0 operations (seed 000, section 2).
 */
import { z } from 'zod';
import { int64Schema } from './int64';

export const UserRefSchema = z.object({
  id: z.string().optional(),
  display_name: z.string().optional(),
});
export type UserRef = z.infer<typeof UserRefSchema>;

export const DatasetRefSchema = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
});
export type DatasetRef = z.infer<typeof DatasetRefSchema>;

export const KeyRefSchema = z.object({
  key_id: int64Schema.optional(),
  name: z.string().optional(),
});
export type KeyRef = z.infer<typeof KeyRefSchema>;

export const JoinMetadataSchema = z.object({
  from_dataset: DatasetRefSchema.optional(),
  to_dataset: DatasetRefSchema.optional(),
  keys: z.array(KeyRefSchema).optional(),
});
export type JoinMetadata = z.infer<typeof JoinMetadataSchema>;

export const StringLiteralColumnSchema = z.object({
  column_name: z.string().optional(),
  column_literal: z.string().optional(),
});
export type StringLiteralColumn = z.infer<typeof StringLiteralColumnSchema>;

/** Overrides the automatic choice of connection between two datasets (1.0 request bodies). */
export const PathOverrideSchema = z.object({
  source_dataset: z
    .object({
      private_id: z.string().optional(),
      keys: z.array(z.string()).optional(),
    })
    .optional(),
  destination_private_id: z.string().optional(),
});
export type PathOverride = z.infer<typeof PathOverrideSchema>;

/** `{success}` answer of the validation operations; an omitted `success` is protobuf's false. */
export const ValidationResponseSchema = z.object({
  success: z.boolean().default(false),
});
export type ValidationResponse = z.infer<typeof ValidationResponseSchema>;

/** Sort parameters of 1.0 lists (`sort.by`, `sort.order`). */
export type V1SortParams = {
  readonly 'sort.by'?: string;
  readonly 'sort.order'?: 'ASCENDING' | 'DESCENDING';
};
