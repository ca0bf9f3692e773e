/**
 * Recordsets and their columns as API 2.0 shows them (seed 002 §2.8): counts and sizes as
 * int64 strings; a column carries exactly one of raw_column, key_column or attribute_column
 * (export columns are raw columns the prepare step can keep by name), and its statistics as
 * strings. A recordset is publishable once it has a key column (a normalization's output).
 */
import { wireInstant } from '../state/emulator-clock';
import type { RecordsetColumnRecord, RecordsetRecord } from '../supply/supply-records';
import { RECORDSETS_FOLDER } from '../supply/vault-storage';

/** Catalog data types (catalog-schema.ts) as a recordset column's value_type. */
const VALUE_TYPES: Readonly<Record<string, string>> = {
  STRINGS: 'STRING', BOOLEANS: 'BOOL', INTEGERS: 'INTEGER', INTEGER_RANGES: 'INTEGER_RANGE', STRING_SET: 'STRING_SET',
  INTEGER_SET: 'INTEGER_SET', FLOAT: 'FLOAT', FLOAT_SET: 'FLOAT_ARRAY', TIMESTAMP: 'TIMESTAMP', TIMESTAMP_SET: 'TIMESTAMP_ARRAY',
};
const CONTINUOUS = new Set(['INTEGERS', 'FLOAT', 'TIMESTAMP']);

export function toRecordsetOverview(recordset: RecordsetRecord): Record<string, unknown> {
  const count = (kind: RecordsetColumnRecord['kind']): string => String(recordset.columns.filter((column) => column.kind === kind).length);
  const cells = recordset.columns.length * recordset.recordCount;
  const filled = recordset.columns.reduce((sum, column) => sum + column.stats.cellCount - column.stats.nullCount - column.stats.invalidCount, 0);
  return {
    attribute_column_count: count('attribute'),
    average_fill_rate: cells === 0 ? 0 : filled / cells,
    created_date_time: wireInstant(recordset.createdAt),
    id: recordset.id,
    is_publishable: recordset.columns.some((column) => column.kind === 'key'),
    key_column_count: count('key'),
    locks: recordset.locks.map((lock) => ({ created_date_time: wireInstant(lock.createdAt), task_id: lock.taskId, task_type: lock.taskType })),
    name: recordset.name,
    origin: { properties: { ...recordset.origin.properties }, task_id: recordset.origin.taskId, task_type: recordset.origin.taskType },
    raw_column_count: String(recordset.columns.filter((column) => column.kind === 'raw' || column.kind === 'export').length),
    record_count: String(recordset.recordCount),
    size: String(recordset.size),
    total_size: String(recordset.size),
    updated_date_time: wireInstant(recordset.updatedAt),
  };
}

export function toRecordset(recordset: RecordsetRecord): Record<string, unknown> {
  const normalized = recordset.origin.taskType === 'NORMALIZATION';
  return {
    ...toRecordsetOverview(recordset),
    columns_headers: recordset.columns.map((column) => column.name),
    file_count: String(recordset.fileCount),
    folder_path: `${RECORDSETS_FOLDER}/${recordset.id}`,
    ...(normalized ? { normalization_details: { global_schema_version: '1', ...incrementalDetails(recordset) } } : {}),
  };
}

function incrementalDetails(recordset: RecordsetRecord): Record<string, unknown> {
  const incremental = recordset.incremental;
  if (incremental === undefined) return {};
  return { incremental: { primary_key_column_name: incremental.primaryKeyColumn, ...(incremental.ttlColumn === undefined ? {} : { ttl_column_name: incremental.ttlColumn }) } };
}

export function toRecordsetColumn(column: RecordsetColumnRecord): Record<string, unknown> {
  const stats = {
    cell_count: String(column.stats.cellCount),
    invalid_count: String(column.stats.invalidCount),
    null_count: String(column.stats.nullCount),
    value_count: String(column.stats.valueCount),
  };
  const base = { name: column.name, pii: column.kind === 'key', statistics: stats };
  if (column.kind === 'key') {
    return { ...base, key_column: { ...(column.keyId === undefined ? {} : { id: String(column.keyId) }), is_custom: column.isCustom, name: column.name }, value_type: 'STRING' };
  }
  if (column.kind === 'attribute') {
    const dataType = column.dataType ?? 'STRINGS';
    return {
      ...base,
      attribute_column: {
        ...(column.categoryId === undefined ? {} : { category_id: column.categoryId }),
        category_name: column.categoryName ?? column.name,
        data_type: CONTINUOUS.has(dataType) ? 'CONTINUOUS' : 'CATEGORICAL',
        is_custom: column.isCustom,
        ...(column.representationId === undefined ? {} : { representation_id: column.representationId }),
        representation_name: column.representationName ?? column.categoryName ?? column.name,
      },
      value_type: VALUE_TYPES[dataType] ?? 'STRING',
    };
  }
  return { ...base, raw_column: {}, value_type: 'STRING' };
}
