/**
 * A dataset inside a collaboration (API 2.0): its list item, its detail, and the four stats
 * answers. Attributes are the categories (queries name them), keys the match keys, output
 * columns what activation queries may export.
 */
import type {
  AttributeColumnStatsResponse, AttributeStat, CollaborationDataset, CollaborationDatasetDetail, ExportColumnStat,
  ExportColumnStatsResponse, KeyColumnStatsResponse, KeyStat, SummaryStatsResponse,
} from '../../../common/api';
import type { CatalogCollaborationDataset, DataType } from '../data/catalog-schema';
import { NUMERIC_DATA_TYPES } from '../data/catalog-schema';
import type { EmulatorData, LoadedDataset } from '../data/loaded-data';
import { EMULATOR_EPOCH } from '../http/wire-time';
import { round, statsOf } from '../stats/column-stats';
import { globalSchemaOf } from '../supply/global-schema';
import { attributeIdOf, keyIdOf } from './label-ids';
import { regionOf } from './region-of';

/** A collaboration's dataset entry with its loaded data. */
export interface CollaborationDatasetRef {
  readonly entry: CatalogCollaborationDataset;
  readonly dataset: LoadedDataset;
}

const VALUE_TYPES: Readonly<Record<DataType, string>> = {
  STRINGS: 'STRING',
  BOOLEANS: 'BOOL',
  INTEGERS: 'INTEGER',
  INTEGER_RANGES: 'INTEGER_RANGE',
  STRING_SET: 'STRING_SET',
  INTEGER_SET: 'INTEGER_SET',
  FLOAT: 'FLOAT',
  FLOAT_SET: 'FLOAT_ARRAY',
  TIMESTAMP: 'TIMESTAMP',
  TIMESTAMP_SET: 'TIMESTAMP_ARRAY',
};

function fillRate(dataset: LoadedDataset, label: string): number {
  const column = dataset.columns.get(label);
  if (!column || dataset.rowCount === 0) return 0;
  return round(statsOf(column, false).validCount / dataset.rowCount);
}

export function toCollaborationDataset(data: EmulatorData, ref: CollaborationDatasetRef): CollaborationDataset {
  const meta = ref.dataset.meta;
  return {
    attributes: meta.categories.map((category) => ({ label: category.label, type: category.data_type, value_type: VALUE_TYPES[category.data_type] })),
    collaboration_dataset_name: ref.entry.collaboration_dataset_name,
    id: meta.dataset_id,
    keys: meta.keys.map((label) => ({ id: keyIdOf(data, label), label })),
    output_columns: [...meta.output_columns],
    owner_id: meta.owner_company_id,
    public_dataset_name: meta.public_name,
    row_count: String(ref.dataset.rowCount),
    type: ref.entry.kind === 'activation' ? 'DATASET_TYPE_IDENTITY' : 'DATASET_TYPE_INSIGHT',
  };
}

export function toCollaborationDatasetDetail(data: EmulatorData, ref: CollaborationDatasetRef): CollaborationDatasetDetail {
  const meta = ref.dataset.meta;
  const summary = toCollaborationDataset(data, ref);
  return {
    attributes: meta.categories.map((category) => ({
      fill_rate: fillRate(ref.dataset, category.label),
      id: attributeIdOf(data, category.label),
      label: category.label,
      type: category.data_type,
      value_type: VALUE_TYPES[category.data_type],
    })),
    collaboration_dataset_name: summary.collaboration_dataset_name,
    id: summary.id,
    keys: meta.keys.map((label) => ({ fill_rate: fillRate(ref.dataset, label), id: keyIdOf(data, label), label })),
    output_columns: summary.output_columns,
    owner_id: summary.owner_id,
    public_dataset_name: summary.public_dataset_name,
    published_date_time: EMULATOR_EPOCH,
    region: regionOf(meta.dataset_id),
    row_count: summary.row_count,
    type: summary.type,
  };
}

export function toAttributeStats(data: EmulatorData, dataset: LoadedDataset): AttributeColumnStatsResponse {
  const attributeStats: AttributeStat[] = [];
  const byId: Record<string, { representations_stats: AttributeStat[] }> = {};
  for (const category of dataset.meta.categories) {
    const column = dataset.columns.get(category.label);
    if (!column) continue;
    const numeric = NUMERIC_DATA_TYPES.has(category.data_type);
    const stats = statsOf(column, numeric);
    const id = attributeIdOf(data, category.label);
    const global = globalSchemaOf(data).categoryByName(category.label);
    const representations = category.representations.map((representation, index): AttributeStat => ({
      distinct_values: String(stats.distinctCount),
      most_common: {
        occurrences: stats.mostCommon.map(({ value, count }) => ({
          frequency: dataset.rowCount === 0 ? 0 : round(count / dataset.rowCount),
          ...(category.data_type === 'INTEGERS' ? { int_value: value } : { string_value: value }),
        })),
      },
      multi_value: false,
      null_fraction: dataset.rowCount === 0 ? 0 : round(stats.nullCount / dataset.rowCount),
      ...(stats.numeric ? { percentiles: { values: [...stats.numeric.percentiles] } } : {}),
      // The global schema's ID (the one a recordset column carries) when the global category has
      // this representation; a dataset whose category differs keeps an ID of its own.
      representation_id: global?.representations.find((known) => known.name === representation.label)?.id ?? `${id}.${index + 1}`,
      representation_label: representation.label,
      valid_values: String(stats.validCount),
      value_type: VALUE_TYPES[category.data_type],
    }));
    attributeStats.push(...representations);
    byId[id] = { representations_stats: representations };
  }
  return { attribute_stats: attributeStats, id_to_representations_stats: byId };
}

export function toExportColumnStats(dataset: LoadedDataset): ExportColumnStatsResponse {
  const stats = dataset.meta.output_columns.map((label): ExportColumnStat => {
    const column = dataset.columns.get(label);
    const columnStats = column ? statsOf(column, false) : undefined;
    return {
      column_label: label,
      distinct_values: String(columnStats?.distinctCount ?? 0),
      multi_values: false,
      null_fraction: columnStats && dataset.rowCount > 0 ? round(columnStats.nullCount / dataset.rowCount) : 0,
      valid_values: String(columnStats?.validCount ?? 0),
    };
  });
  return { export_column_stats: stats, label_to_stats: Object.fromEntries(stats.map((stat) => [stat.column_label ?? '', stat])) };
}

export function toKeyColumnStats(data: EmulatorData, dataset: LoadedDataset): KeyColumnStatsResponse {
  const stats = dataset.meta.keys.map((label): KeyStat => {
    const column = dataset.columns.get(label);
    const columnStats = column ? statsOf(column, false) : undefined;
    return {
      distinct_identifiers: String(columnStats?.distinctCount ?? 0),
      distinct_values: String(columnStats?.distinctCount ?? 0),
      identifiers: String(columnStats?.validCount ?? 0),
      key_id: keyIdOf(data, label),
      key_label: label,
      multi_value: false,
      null_fraction: columnStats && dataset.rowCount > 0 ? round(columnStats.nullCount / dataset.rowCount) : 0,
      valid_values: String(columnStats?.validCount ?? 0),
    };
  });
  return { key_stats: stats, key_id_to_stats: Object.fromEntries(stats.map((stat) => [stat.key_id ?? '', stat])) };
}

export function toSummaryStats(dataset: LoadedDataset): SummaryStatsResponse {
  return {
    attribute_columns: String(dataset.meta.categories.length),
    export_columns: String(dataset.meta.output_columns.length),
    key_columns: String(dataset.meta.keys.length),
    total_rows: String(dataset.rowCount),
  };
}
