/**
 * A loaded dataset as API 1.0 shows it: List Datasets items and Get Dataset metadata
 * (`dataset` and `schema`). Categories carry their representations with data types and
 * possible values, keys their fill and cardinality, and output columns appear as identities.
 */
import type { Category, Dataset, DatasetKeyStats, DatasetSchemaInfo, Representation, UserRef } from '../../../common/api';
import type { CatalogCategory, CatalogRepresentation } from '../data/catalog-schema';
import { NUMERIC_DATA_TYPES } from '../data/catalog-schema';
import type { EmulatorData, LoadedDataset } from '../data/loaded-data';
import type { DatasetColumn } from '../data/dictionary-column';
import { EMULATOR_EPOCH } from '../http/wire-time';
import { compareText, round, statsOf } from '../stats/column-stats';

/** Distinct values up to this many are listed as `possible_values` when the owner listed none. */
const LISTED_VALUES_LIMIT = 100;

/** The company owning `dataset`, as the `owner` user reference (the emulator's owners are companies). */
export function ownerRefOf(data: EmulatorData, companyId: string): UserRef {
  const company = data.catalog.companies.find((candidate) => candidate.id === companyId);
  return { id: companyId, display_name: company?.name ?? companyId };
}

/** The 1.0 `Dataset`; `detailed` adds each representation's statistics (Get Dataset metadata). */
export function toV1Dataset(data: EmulatorData, dataset: LoadedDataset, detailed: boolean): Dataset {
  return datasetWithCategories(data, dataset, dataset.meta.categories.map((category) => toCategory(dataset, category, detailed)));
}

/**
 * `JSON.stringify(toV1Dataset(data, dataset, false))`, as List Datasets writes it. A category
 * whose column holds no value reads the same in every dataset that has it, so its text is
 * made once: a catalog of 10,000 datasets of 50 categories without rows is then 10,000 short
 * texts and 50 shared ones, not half a million wire objects to build and serialize.
 */
export function v1DatasetListingText(data: EmulatorData, dataset: LoadedDataset): string {
  const text = JSON.stringify(datasetWithCategories(data, dataset, []));
  // The only such key: inside a JSON string every quote is escaped, so the text cannot occur there.
  const slot = text.indexOf(CATEGORIES_SLOT) + CATEGORIES_SLOT.length - 1;
  return text.slice(0, slot) + dataset.meta.categories.map((category) => listedCategoryText(dataset, category)).join(',') + text.slice(slot);
}

const CATEGORIES_SLOT = '"categories":[]';

/** Listing texts of categories without values, by their (shared, unchanging) catalog object. */
const valuelessCategoryTexts = new WeakMap<CatalogCategory, string>();

function listedCategoryText(dataset: LoadedDataset, category: CatalogCategory): string {
  const column = dataset.columns.get(category.label);
  if (column !== undefined && column.distinctCount > 0) return JSON.stringify(toCategory(dataset, category, false));
  let text = valuelessCategoryTexts.get(category);
  if (text === undefined) {
    text = JSON.stringify(toCategory(dataset, category, false));
    valuelessCategoryTexts.set(category, text);
  }
  return text;
}

function datasetWithCategories(data: EmulatorData, dataset: LoadedDataset, categories: Category[]): Dataset {
  const meta = dataset.meta;
  return {
    private_id: meta.private_id,
    owner: ownerRefOf(data, meta.owner_company_id),
    public_name: meta.public_name,
    public_description: meta.description,
    create_time: EMULATOR_EPOCH,
    state: { bunker_state: 'ONLINE', progress: 1 },
    stats: {
      version: { version: '1', last_normalised_time: EMULATOR_EPOCH, dataset_version: '1' },
      row_count: String(dataset.rowCount),
      redaction_threshold: meta.redaction_threshold,
      keys: keyStatsOf(dataset),
      categories,
      identities: meta.output_columns.map((name) => ({ name })),
    },
    product: meta.activation ? 'IDENTITY' : 'INSIGHT',
  };
}

/** The `schema` of Get Dataset metadata. */
export function toV1Schema(dataset: LoadedDataset): DatasetSchemaInfo {
  return {
    version: '1',
    update_time: EMULATOR_EPOCH,
    categories: dataset.meta.categories.map((category) => toCategory(dataset, category, true)),
    num_rows: String(dataset.rowCount),
    redaction_threshold: dataset.meta.redaction_threshold,
    keys: keyStatsOf(dataset),
  };
}

function keyStatsOf(dataset: LoadedDataset): DatasetKeyStats[] {
  return dataset.meta.keys.map((label) => {
    const column = dataset.columns.get(label);
    const stats = column ? statsOf(column, false) : undefined;
    return {
      label,
      null_fraction: stats ? fraction(stats.nullCount, dataset.rowCount) : 1,
      num_distinct: stats?.distinctCount ?? 0,
    };
  });
}

function toCategory(dataset: LoadedDataset, category: CatalogCategory, detailed: boolean): Category {
  return {
    label: category.label,
    representations: category.representations.map((representation) => toRepresentation(dataset, category, representation, detailed)),
    version: '1',
  };
}

function toRepresentation(
  dataset: LoadedDataset,
  category: CatalogCategory,
  representation: CatalogRepresentation,
  detailed: boolean,
): Representation {
  const column = dataset.columns.get(category.label);
  const numeric = NUMERIC_DATA_TYPES.has(category.data_type);
  // A binned view of a number is a set of integer ranges, as the service reports it.
  const dataType = numeric && representation.bins !== undefined ? 'INTEGER_RANGES' : category.data_type;
  const result: Representation = { label: representation.label, data_type: dataType };
  const possibleValues = possibleValuesOf(column, representation, numeric);
  if (possibleValues !== undefined) result.possible_values = possibleValues;
  if (detailed && column !== undefined) {
    const stats = statsOf(column, numeric);
    result.statistics = {
      null_fraction: fraction(stats.nullCount, dataset.rowCount),
      num_distinct: stats.distinctCount,
      most_common: stats.mostCommon.map(({ value, count }) => ({ value, frequency: fraction(count, dataset.rowCount) })),
      ...(stats.numeric
        ? { average: stats.numeric.mean, standard_deviation: stats.numeric.deviation, percentiles: [...stats.numeric.percentiles] }
        : {}),
    };
  }
  return result;
}

/**
 * The values a representation can take: the owner's list when given; the ranges of a binned
 * representation (written like result values, `[18, 23)`); else the distinct values of a
 * small text column. Undefined for raw numbers and large text columns.
 */
function possibleValuesOf(column: DatasetColumn | undefined, representation: CatalogRepresentation, numeric: boolean): string[] | undefined {
  if (representation.possible_values !== undefined) return [...representation.possible_values];
  const bins = representation.bins;
  if (bins !== undefined) return bins.slice(1).map((high, index) => `[${bins[index]}, ${high})`);
  if (numeric || column === undefined || !column.hasTexts || column.distinctCount > LISTED_VALUES_LIMIT) return column === undefined && !numeric ? [] : undefined;
  return column.texts().sort(compareText);
}

function fraction(part: number, whole: number): number {
  return whole === 0 ? 0 : round(part / whole);
}
