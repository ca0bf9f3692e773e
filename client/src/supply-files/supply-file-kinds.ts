/**
 * The data-supply objects the editor writes as JSON files (seed 002), one kind per file
 * suffix: import connectors, importers, recordset configs, normalization configs and prepare
 * configs. A file holds the object as Create sends it (the connector's `config`, the
 * importer's `import`, the others' whole body), its `$schema` and, once saved, its `id`; the
 * same files are what `iql import|recordset|normalization|prepare save` reads. Pure; no 'vscode'.
 */
import type { OperationId } from '../../../common/api';

export type SupplyFileKindId = 'connector' | 'importer' | 'recordsetConfig' | 'normalization' | 'prepare';

export interface SupplyFileKind {
  readonly id: SupplyFileKindId;
  /** For messages: `import connector`. */
  readonly noun: string;
  readonly suffix: string;
  readonly create: OperationId;
  readonly update: OperationId;
  /** The Create body's field that holds the file's object; undefined when the file is the body. */
  readonly wrap?: 'config' | 'import';
  /** A new file's object, besides its name. */
  readonly starter: Readonly<Record<string, unknown>>;
}

export const SUPPLY_FILE_KINDS: Readonly<Record<SupplyFileKindId, SupplyFileKind>> = {
  connector: {
    id: 'connector',
    noun: 'import connector',
    suffix: '.iqlconnector.json',
    create: 'createImportConnector',
    update: 'updateImportConnector',
    wrap: 'config',
    starter: { description: '', sftp_connector: { host: 'sftp.example.com', port: 22, username: 'reader', password: '$secret', root_directory: 'exports', filenames: ['*.csv'] } },
  },
  importer: {
    id: 'importer',
    noun: 'importer',
    suffix: '.iqlimporter.json',
    create: 'createImporter',
    update: 'updateImporter',
    wrap: 'import',
    starter: { description: '', cloud_vault_id: '', icc_id: '', target_folder: 'landing', data_filter: { filter: ['*.csv'] } },
  },
  recordsetConfig: {
    id: 'recordsetConfig',
    noun: 'recordset config',
    suffix: '.iqlrecordset.json',
    create: 'createRecordsetConfig',
    update: 'updateRecordsetConfig',
    starter: { description: '', file_type: 'CSV', header_row: true, primary_delimiter: ',', include_subfolders: false },
  },
  normalization: {
    id: 'normalization',
    noun: 'normalization config',
    suffix: '.iqlnormalization.json',
    create: 'createNormalizationConfig',
    update: 'updateNormalizationConfig',
    starter: { description: '', normalizer_config: { keys: [], categories: [], export_columns: [] } },
  },
  prepare: {
    id: 'prepare',
    noun: 'prepare config',
    suffix: '.iqlprepare.json',
    create: 'createPrepareConfig',
    update: 'updatePrepareConfig',
    starter: { description: '', config: { all_keys: true, all_categories: true, all_export_columns: true, redaction_threshold: 10, rounding_threshold: 10 } },
  },
};

/** The kind of a file by its name, or undefined. */
export function supplyFileKindOf(path: string): SupplyFileKind | undefined {
  return Object.values(SUPPLY_FILE_KINDS).find((kind) => path.endsWith(kind.suffix));
}

/** The Create body for a file's object. */
export function createBodyOf(kind: SupplyFileKind, object: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return kind.wrap === undefined ? { ...object } : { [kind.wrap]: { ...object } };
}

/**
 * The Update body for a file's object: connectors, importers and recordset configs take the
 * fields (PATCH); a normalization config is replaced whole under `payload` (POST); a prepare
 * config is replaced whole (PUT).
 */
export function updateBodyOf(kind: SupplyFileKind, object: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (kind.id === 'normalization') return { payload: { name: object.name, description: object.description, config: object.normalizer_config } };
  return { ...object };
}

/** The ID a Create answer gives, whatever its field is called. */
export function createdIdOf(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const record = answer as Record<string, unknown>;
  for (const field of ['config_id', 'import_id', 'id']) if (typeof record[field] === 'string' && record[field] !== '') return record[field];
  return undefined;
}
