/**
 * What the emulator keeps of each data-supply object (seed 002 §2). One section per area;
 * the area's routes own its records, the views (views/v2-supply-*.ts) turn them into wire
 * shapes. Every object belongs to the company whose user created it: to any other company it
 * does not exist (404 worded like a missing ID).
 *
 * Times are milliseconds since the Unix epoch from the emulator's clock.
 */
import type { FileOrigin } from './vault-storage';
import type { PublishConfig } from './publish-config';
import type { SupplyExecution } from './supply-execution';

/** What every owned object carries. */
export interface Owned {
  readonly id: string;
  readonly companyId: string;
  /** The creating user's ID. */
  readonly createdBy: string;
  readonly createdAt: number;
  updatedAt: number;
}

// ── Cloud vaults, connectors, importers (seed 002 §2.2–§2.4) ───────────────────────────

export interface VaultRecord extends Owned {
  name: string;
  description: string;
  /** The region enum of §2.1 (CLOUDA_EU_WEST_2, …). */
  readonly region: string;
}

export interface ImportConnectorRecord extends Owned {
  name: string;
  description: string;
  /** The create or update body's fields as stored, secrets included (never shown on read). */
  config: Record<string, unknown>;
  gpgPublicKey?: string;
  /** Whether files are GPG-encrypted with `gpgPublicKey` (`is_gpg`). */
  isGpg: boolean;
  /** The wire `gpg_key_expiration` last given. */
  gpgExpiration?: { readonly do_not_expire?: boolean; readonly expiration_datetime?: string };
  /** How many key pairs were made for it (Refresh the ICC GPG Keys makes the next). */
  gpgGeneration: number;
}

export interface ImporterRecord extends Owned {
  name: string;
  description: string;
  vaultId: string;
  connectorId: string;
  targetFolder: string;
  dataFilter: string[];
}

export interface ImportExecutionRecord extends Owned {
  readonly importerId: string;
  readonly vaultId: string;
  readonly targetFolder: string;
  readonly execution: SupplyExecution;
  totalBytes: number;
  transferredBytes: number;
}

// ── Recordsets (seed 002 §2.8) ─────────────────────────────────────────────────────────

export interface ColumnStatistics {
  /** Rows with a cell for this column. */
  cellCount: number;
  /** Empty cells. */
  nullCount: number;
  /** Cells that do not read as the column's data type. */
  invalidCount: number;
  /** Distinct non-empty values. */
  valueCount: number;
}

/**
 * A column of a recordset's data file. Raw columns come from the files as read; a
 * normalization's output has key, attribute (category) and export columns, named by their
 * global-schema key or category, or by the config's output_column.
 */
export interface RecordsetColumnRecord {
  /** The header of the column in the data file. */
  readonly name: string;
  readonly kind: 'raw' | 'key' | 'attribute' | 'export';
  /** Key columns: the global-schema key's id (global-schema.ts). */
  readonly keyId?: number;
  /** Attribute columns: the global-schema category's id and name. */
  readonly categoryId?: string;
  readonly categoryName?: string;
  /** Attribute columns of a global-schema category: the representation the column holds (its default unless the config named another). */
  readonly representationId?: string;
  readonly representationName?: string;
  /** Attribute columns: the catalog data type (INTEGERS, STRINGS, …; catalog-schema.ts). */
  readonly dataType?: string;
  /** A custom key or a category outside the global schema. */
  readonly isCustom: boolean;
  readonly stats: ColumnStatistics;
}

/** A recordset's incremental columns (their names in its data file; incremental-columns.ts). */
export interface IncrementalColumns {
  readonly primaryKeyColumn: string;
  readonly ttlColumn?: string;
}

/**
 * A recordset: its rows are in the vault at `recordsetDataPath(id)` (vault-storage.ts), a
 * CSV file with a header row of the column names, written with csv-stringify.
 */
export interface RecordsetRecord extends Owned {
  name: string;
  readonly vaultId: string;
  /** Which task made it: RECORDSET_CREATION, NORMALIZATION or PREPARE, and that task's ID. */
  readonly origin: FileOrigin;
  readonly columns: readonly RecordsetColumnRecord[];
  readonly recordCount: number;
  /** Lines of the input that could not be read (counted, not fatal). */
  readonly malformedLines: number;
  /** Input files read. */
  readonly fileCount: number;
  /** Bytes of the data file. */
  readonly size: number;
  /** The character separating several values in one cell (the reading's `secondary_delimiter`); '' or absent for one value per cell. */
  readonly secondaryDelimiter?: string;
  /** The columns that identify a row and say when it expires, for incremental prepares (incremental-columns.ts). */
  readonly incremental?: IncrementalColumns;
  /** Tasks using it now (a normalization or prepare reading it). */
  locks: { readonly taskId: string; readonly taskType: string; readonly createdAt: number }[];
}

// ── Datasets (seed 002 §2.1) ───────────────────────────────────────────────────────────

/** A dataset created with Create Dataset; it is queryable once a prepare is published to it. */
export interface SupplyDatasetRecord extends Owned {
  readonly datasetId: string;
  privateId: string;
  publicName: string;
  description: string;
  readonly datasetType: string;
  readonly vaultId: string;
  expiration: { doNotExpire: boolean; expirationDateTime?: string };
  /** Set by Publish. */
  published?: { readonly executionId: string; readonly recordsetId: string; readonly at: number; readonly by: string };
}

// ── Recordset configs and executions (seed 002 §2.8) ──────────────────────────────────

/** How files are read into a recordset: a recordset config, or a Create a Recordset's `execution_config`. */
export interface ReadSettings {
  /** AUTO (by extension), CSV or PARQUET. */
  readonly fileType: 'AUTO' | 'CSV' | 'PARQUET';
  /** Column names when the files have no header row (in column order). */
  readonly headerNames: readonly string[];
  readonly headerRow: boolean;
  readonly includeSubfolders: boolean;
  readonly primaryDelimiter: string;
  /** Splits a cell into several values (multi-valued categories). */
  readonly secondaryDelimiter: string;
}

export interface RecordsetConfigRecord extends Owned {
  name: string;
  description: string;
  settings: ReadSettings;
}

export interface RecordsetExecutionRecord extends Owned {
  readonly vaultId: string;
  /** Allocated at creation; the recordset exists once the execution completes. */
  readonly recordsetId: string;
  readonly recordsetName: string;
  readonly configId?: string;
  readonly settings: ReadSettings;
  readonly filepaths: readonly string[];
  readonly execution: SupplyExecution;
  linesProcessed: number;
  malformedLines: number;
  totalLines: number;
}

// ── Normalization (seed 002 §2.6) ──────────────────────────────────────────────────────

export interface NormalizationConfigRecord extends Owned {
  name: string;
  description: string;
  /** The wire `normalizer_config`, as given. */
  normalizerConfig?: Record<string, unknown>;
  /** The deprecated wire `normalization_config`, accepted and stored as given. */
  legacyConfig?: Record<string, unknown>;
}

export interface NormalizationRecord extends Owned {
  readonly configId: string;
  readonly vaultId: string;
  readonly inputRecordsetId: string;
  /** Allocated at creation; the recordset exists once the execution completes. */
  readonly outputRecordsetId: string;
  readonly outputRecordsetName: string;
  readonly processingSpeed: number;
  readonly execution: SupplyExecution;
}

// ── Prepare and publish (seed 002 §2.7) ────────────────────────────────────────────────

export interface PrepareConfigRecord extends Owned {
  name: string;
  description: string;
  /** The DatasetPublishConfig, checked (publish-config.ts). */
  config: PublishConfig;
}

export interface PrepareRecord extends Owned {
  readonly datasetId: string;
  readonly recordsetId: string;
  readonly vaultId: string;
  readonly configId?: string;
  /** The DatasetPublishConfig the prepare ran with (a copy of the config's, or the embedded one). */
  readonly config: PublishConfig;
  readonly execution: SupplyExecution;
  /** The prepared rows, a recordset of origin PREPARE, once the execution completed. */
  preparedRecordsetId?: string;
  /** An incremental prepare: when the earliest of its rows expires (milliseconds since the epoch). */
  expiresAt?: number;
  /** NO_STATUS until published; PUBLISHING while Publish runs; PUBLISHED after. */
  prepareStatus: 'NO_STATUS' | 'PUBLISHING' | 'PUBLISHED';
  /** The latest Publish of this prepare (it answers the prepare's ID: there is no Get a Publish). */
  publish?: SupplyExecution;
}
