/**
 * A DatasetPublishConfig (seed 002 §2.7) as the emulator keeps it: which key, category and
 * export columns a prepare keeps, and the thresholds the published dataset gets. Selections
 * are global-schema IDs for keys and categories (as decimal strings, the int64 of the wire)
 * and column names for export columns, in the order given, without repeats.
 */
import type { CreatePrepareConfigRequest } from '../../../common/api';
import type { GlobalSchema } from './global-schema';

/** The wire DatasetPublishConfig. */
export type WirePublishConfig = NonNullable<CreatePrepareConfigRequest['config']>;

export interface PublishConfig {
  allKeys: boolean;
  allCategories: boolean;
  allExportColumns: boolean;
  keySelection: string[];
  categorySelection: string[];
  exportColumnSelection: string[];
  incrementalFullRefresh: boolean;
  purgeExpiredRowsOnly: boolean;
  /** Counts below it are redacted in query answers; 0: none. */
  redactionThreshold: number;
  /** Counts are rounded to a multiple of it; 0 or 1: none. */
  roundingThreshold: number;
}

/** Thrown for a config the service would refuse; `field` is the wire path. */
export class PublishConfigProblem extends Error {
  constructor(readonly field: string, message: string) {
    super(`${field}: ${message}`);
  }
}

/**
 * Reads and checks a wire config (`field` is where it sits in the body): key and category
 * IDs must be the global schema's, thresholds at least 0, export column names not blank.
 */
export function readPublishConfig(wire: WirePublishConfig | undefined, schema: GlobalSchema, field: string): PublishConfig {
  const config = wire ?? {};
  const keySelection = unique((config.key_selection ?? []).map(String));
  keySelection.forEach((id, index) => checkKey(schema, id, `${field}.key_selection.${index}`));
  const categorySelection = unique((config.category_selection ?? []).map(String));
  categorySelection.forEach((id, index) => checkCategory(schema, id, `${field}.category_selection.${index}`));
  const exportColumnSelection = unique(config.export_column_selection ?? []);
  exportColumnSelection.forEach((name, index) => checkExportColumn(name, `${field}.export_column_selection.${index}`));
  if (config.purge_expired_rows_only === true && config.incremental_full_refresh === true) {
    // A full refresh carries nothing forward, so an expire-only run of it would publish nothing.
    throw new PublishConfigProblem(`${field}.purge_expired_rows_only`, 'a purge keeps the published rows that have not expired, and incremental_full_refresh drops them all: set one of the two');
  }
  return {
    allKeys: config.all_keys ?? false,
    allCategories: config.all_categories ?? false,
    allExportColumns: config.all_export_columns ?? false,
    keySelection,
    categorySelection,
    exportColumnSelection,
    incrementalFullRefresh: config.incremental_full_refresh ?? false,
    purgeExpiredRowsOnly: config.purge_expired_rows_only ?? false,
    redactionThreshold: threshold(config.redaction_threshold, `${field}.redaction_threshold`),
    roundingThreshold: threshold(config.rounding_threshold, `${field}.rounding_threshold`),
  };
}

/** The wire DatasetPublishConfig of a kept config. */
export function toWirePublishConfig(config: PublishConfig): WirePublishConfig {
  return {
    all_categories: config.allCategories,
    all_export_columns: config.allExportColumns,
    all_keys: config.allKeys,
    category_selection: [...config.categorySelection],
    export_column_selection: [...config.exportColumnSelection],
    incremental_full_refresh: config.incrementalFullRefresh,
    key_selection: [...config.keySelection],
    purge_expired_rows_only: config.purgeExpiredRowsOnly,
    redaction_threshold: config.redactionThreshold,
    rounding_threshold: config.roundingThreshold,
  };
}

export function checkKey(schema: GlobalSchema, id: string, field: string): void {
  if (!/^\d+$/.test(id) || schema.keyById(Number(id)) === undefined) {
    throw new PublishConfigProblem(field, `no key of the global schema has ID '${id}'; List Global Schema Keys shows them`);
  }
}

export function checkCategory(schema: GlobalSchema, id: string, field: string): void {
  if (!schema.categories.some((category) => category.id === id)) {
    throw new PublishConfigProblem(field, `no category of the global schema has ID '${id}'; List Global Schema Categories shows them`);
  }
}

export function checkExportColumn(name: string, field: string): void {
  if (name.trim() === '') throw new PublishConfigProblem(field, 'an export column needs a name');
}

/** `items` in order, each once. */
export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

function threshold(value: number | undefined, field: string): number {
  if (value === undefined) return 0;
  if (value < 0) throw new PublishConfigProblem(field, `must be 0 or more, found ${value}`);
  return value;
}
