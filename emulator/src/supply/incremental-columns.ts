/**
 * Which rows of a normalized recordset are the same record from one run to the next, and
 * when each expires: the recordset's `normalization_details.incremental {primary_key_column_name;
 * ttl_column_name}` (seed 002 §2.8, line 93). The only place the documents let a config choose them is
 * the deprecated `normalization_config.incremental {full_refresh; primary_key_columns;
 * ttl_column}` (§2.6, line 77), so a normalization config that carries it beside its normalizer_config
 * writes two more columns, raw ones a prepare carries along and a publish leaves out:
 * `incremental_primary_key` (the primary key columns' cells; several as a JSON array) and
 * `incremental_ttl` (the TTL column's cell: the instant, in milliseconds since the epoch, after
 * which the row expires — the swagger: "TTL time in milliseconds", "a timestamp after which
 * the row will expire"). The legacy `full_refresh` is not read: a prepare's
 * `incremental_full_refresh` (§2.7) says whether earlier rows are carried forward.
 */
import type { OutputColumnPlan } from './output-column-plan';
import { ExecutionFailure } from './supply-execution';
import type { IncrementalColumns } from './supply-records';

export const PRIMARY_KEY_COLUMN = 'incremental_primary_key';
export const TTL_COLUMN = 'incremental_ttl';

type Entry = Readonly<Record<string, unknown>>;

/** The first problem of a legacy config's `incremental`, naming its field; undefined when it can be stored. */
export function incrementalProblem(legacy: unknown, at = 'normalization_config.incremental'): string | undefined {
  const incremental = isObject(legacy) ? legacy.incremental : undefined;
  if (incremental === undefined || incremental === null) return undefined;
  if (!isObject(incremental)) return `${at}: give an object {primary_key_columns, ttl_column}`;
  const keys = incremental.primary_key_columns;
  if (!Array.isArray(keys) || keys.length === 0 || keys.some((name) => typeof name !== 'string' || name.trim() === '')) {
    return `${at}.primary_key_columns: name the input columns that identify a row (at least one)`;
  }
  if (incremental.ttl_column !== undefined && (typeof incremental.ttl_column !== 'string' || incremental.ttl_column.trim() === '')) {
    return `${at}.ttl_column: name the input column holding each row's expiry (milliseconds since the epoch), or leave it out`;
  }
  return undefined;
}

/** The two raw columns a normalization writes for an incremental config; none without one. */
export function planIncremental(legacy: unknown, inputColumns: readonly string[], recordsetId: string): OutputColumnPlan[] {
  const incremental = isObject(legacy) && isObject(legacy.incremental) ? legacy.incremental : undefined;
  if (!incremental || !Array.isArray(incremental.primary_key_columns)) return [];
  const index = (name: string, field: string): number => {
    const found = inputColumns.indexOf(name.trim());
    if (found < 0) throw new ExecutionFailure(`normalization_config.incremental.${field} '${name}' is not a column of recordset '${recordsetId}'; its columns are ${inputColumns.join(', ')}`);
    return found;
  };
  const keyIndexes = (incremental.primary_key_columns as string[]).map((name) => index(name, 'primary_key_columns'));
  const same = (value: string): string => value;
  const always = (): boolean => true;
  const plans: OutputColumnPlan[] = [{
    column: { name: PRIMARY_KEY_COLUMN, kind: 'raw', isCustom: false },
    cell: keyIndexes.length === 1
      ? (record) => (record[keyIndexes[0] as number] ?? '').trim()
      : (record) => {
        const parts = keyIndexes.map((at) => (record[at] ?? '').trim());
        return parts.every((part) => part === '') ? '' : JSON.stringify(parts);
      },
    apply: same,
    accepts: always,
  }];
  if (typeof incremental.ttl_column === 'string') {
    const ttlIndex = index(incremental.ttl_column, 'ttl_column');
    plans.push({ column: { name: TTL_COLUMN, kind: 'raw', isCustom: false }, cell: (record) => (record[ttlIndex] ?? '').trim(), apply: same, accepts: always });
  }
  return plans;
}

/** The incremental columns of a normalization's plan, if it wrote them. */
export function incrementalColumnsOf(plans: readonly OutputColumnPlan[]): IncrementalColumns | undefined {
  if (!plans.some((plan) => plan.column.name === PRIMARY_KEY_COLUMN)) return undefined;
  return { primaryKeyColumn: PRIMARY_KEY_COLUMN, ...(plans.some((plan) => plan.column.name === TTL_COLUMN) ? { ttlColumn: TTL_COLUMN } : {}) };
}

/**
 * When a row expires: its TTL cell as milliseconds since the epoch; a row without one (or
 * with a cell that is not an integer) never does.
 */
export function expiresAt(ttlCell: string | undefined): number | undefined {
  const text = (ttlCell ?? '').trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

function isObject(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
