/**
 * The schema of a data folder's catalog.json, exactly as /work/shared/emulator/DATA-FORMAT.md
 * defines it. Field names are a contract with tests outside this project: never rename one.
 * Fields the format marks as optional get their defaults here, so that code after loading
 * never has to guess. Unknown fields are dropped silently because the format says "more
 * fields may be added".
 */
import { z } from 'zod';

/** Dataset private IDs and collaboration dataset names: letters and digits, 1 to 17 of them. */
export const SHORT_NAME_PATTERN = /^[A-Za-z0-9]{1,17}$/;

const shortName = z
  .string()
  .regex(SHORT_NAME_PATTERN, 'must be 1 to 17 letters or digits (no spaces, dots or underscores)');

const nonEmpty = z.string().min(1, 'must not be empty');

/** The data types of the service's representations (the swagger's `tyraelDataType`). */
export const DATA_TYPES = [
  'STRINGS',
  'BOOLEANS',
  'INTEGERS',
  'INTEGER_RANGES',
  'STRING_SET',
  'INTEGER_SET',
  'FLOAT',
  'FLOAT_SET',
  'TIMESTAMP',
  'TIMESTAMP_SET',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** Data types whose cells the loader parses as numbers. */
export const NUMERIC_DATA_TYPES: ReadonlySet<DataType> = new Set<DataType>(['INTEGERS', 'FLOAT']);

export const companySchema = z.object({
  id: nonEmpty,
  name: nonEmpty,
});

export const userSchema = z.object({
  id: nonEmpty,
  display_name: nonEmpty,
  company_id: nonEmpty,
  api_key: nonEmpty,
});

export const representationSchema = z.object({
  label: nonEmpty,
  /** Numeric bin boundaries; consecutive pairs make the ranges [b0, b1) … [bn-1, bn). */
  bins: z.array(z.number()).optional(),
  possible_values: z.array(z.string()).optional(),
});

export const categorySchema = z.object({
  label: nonEmpty,
  data_type: z.enum(DATA_TYPES),
  /** The first representation is the default one. */
  representations: z.array(representationSchema).min(1, 'needs at least one representation'),
});

export const datasetSchema = z.object({
  private_id: shortName,
  /** Derived from the owner and private ID when absent (see derive-dataset-id.ts). */
  dataset_id: nonEmpty.optional(),
  public_name: nonEmpty,
  description: z.string().default(''),
  owner_company_id: nonEmpty,
  activation: z.boolean().default(false),
  /** Counts below it are redacted; 0 means no redaction. */
  redaction_threshold: z.number().int().min(0).default(0),
  /** Counts are rounded to a multiple of it; 0 or 1 means no rounding. */
  rounding_threshold: z.number().int().min(0).default(0),
  keys: z.array(nonEmpty).default([]),
  output_columns: z.array(nonEmpty).default([]),
  categories: z.array(categorySchema).default([]),
  file: nonEmpty,
});

export const permissionSchema = z.object({
  private_id: shortName,
  owner_company_id: nonEmpty,
  recipient_company_id: nonEmpty,
  accepted: z.boolean().default(false),
});

export const memberRightsSchema = z.object({
  operator: z.boolean().default(false),
  contributor: z.boolean().default(false),
  detailed_logs: z.boolean().default(false),
});

export const collaborationMemberSchema = z.object({
  company_id: nonEmpty,
  rights: memberRightsSchema.default({ operator: false, contributor: false, detailed_logs: false }),
});

export const collaborationDatasetSchema = z.object({
  collaboration_dataset_name: shortName,
  private_id: shortName,
  kind: z.enum(['activation', 'insight']).default('insight'),
  exportable_to_members: z.array(nonEmpty).default([]),
  intersection_only: z.boolean().default(false),
  // The restrictions of Document 2 §4.4 (Add Dataset) that the swagger carries (it has no
  // activation_audience_allowed or activation_export_ids_allowed), set by the management routes; a data
  // folder may give them too ("more fields may be added"). Absent means "not restricted".
  activation_allowed: z.boolean().optional(),
  allowed_attributes: z.array(nonEmpty).optional(),
  attribute_restriction: z.boolean().optional(),
  allowed_destination_types: z.array(nonEmpty).optional(),
  destination_type_restriction: z.boolean().optional(),
});

export const activationSegmentSchema = z.object({
  id: nonEmpty,
  name: nonEmpty,
  query: nonEmpty,
});

/**
 * A destination instance attached to a collaboration. Not part of DATA-FORMAT.md's example;
 * an addition the format allows ("more fields may be added") so that segment exports have
 * somewhere to go.
 */
export const destinationSchema = z.object({
  id: nonEmpty,
  name: nonEmpty,
  description: z.string().default(''),
  destination_type_id: nonEmpty,
  owner_company_id: nonEmpty,
  config: z.record(z.string(), z.unknown()).default({}),
  /** Schema paths of `config` that may be changed at export time (Get Destination shows them). */
  editable_paths: z.array(nonEmpty).default([]),
});

export const collaborationSchema = z.object({
  id: nonEmpty,
  name: nonEmpty,
  description: z.string().default(''),
  status: z.enum(['STATUS_INVALID', 'STATUS_ACTIVE', 'STATUS_CLOSED']).default('STATUS_ACTIVE'),
  owner_company_id: nonEmpty,
  members: z.array(collaborationMemberSchema).default([]),
  creator_rights: memberRightsSchema.default({ operator: true, contributor: true, detailed_logs: true }),
  datasets: z.array(collaborationDatasetSchema).default([]),
  activation_segments: z.array(activationSegmentSchema).default([]),
  destinations: z.array(destinationSchema).default([]),
});

export const catalogSchema = z.object({
  companies: z.array(companySchema),
  users: z.array(userSchema),
  datasets: z.array(datasetSchema),
  permissions: z.array(permissionSchema).default([]),
  collaborations: z.array(collaborationSchema).default([]),
});

/** catalog.json after parsing: every default filled in. */
export type Catalog = z.infer<typeof catalogSchema>;
/** catalog.json as written on disk: optional fields may be missing. */
export type CatalogInput = z.input<typeof catalogSchema>;
export type CatalogCompany = z.infer<typeof companySchema>;
export type CatalogUser = z.infer<typeof userSchema>;
export type CatalogDataset = z.infer<typeof datasetSchema>;
export type CatalogCategory = z.infer<typeof categorySchema>;
export type CatalogRepresentation = z.infer<typeof representationSchema>;
export type CatalogPermission = z.infer<typeof permissionSchema>;
export type CatalogCollaboration = z.infer<typeof collaborationSchema>;
export type CatalogCollaborationDataset = z.infer<typeof collaborationDatasetSchema>;
export type CatalogActivationSegment = z.infer<typeof activationSegmentSchema>;
export type CatalogDestination = z.infer<typeof destinationSchema>;
export type MemberRights = z.infer<typeof memberRightsSchema>;
