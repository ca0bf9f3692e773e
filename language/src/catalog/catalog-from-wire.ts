/**
 * The catalog model built from the service's wire objects: what the service's catalog loader
 * (service/src/catalog-loader.ts) assembles, one dataset at a time, through `catalogAssembly()`.
 */
import type { Category, CollaborationDataset, CollaborationDatasetRules, Dataset, DatasetSchemaInfo } from '../../../common/api';
import { readOptionalInt64 } from '../../../common/api/int64-read';
import { createCatalog, type Catalog, type CatalogCategory, type CatalogDataset, type CatalogDatasetDraft } from './catalog';
import { CatalogInterner } from './catalog-interner';
import { restrictionsFromWire } from '../rules/dataset-restrictions';

/**
 * One catalog load's converter: datasets in, a catalog out. Equal parts are shared through one
 * interner per load (see CatalogInterner), so build a new assembly for every load.
 */
export function catalogAssembly() {
  const interner = new CatalogInterner();
  return {
    fromDataset: (dataset: Dataset, schema?: DatasetSchemaInfo): CatalogDataset => fromDataset(dataset, schema, interner),
    fromCollaborationDataset: (dataset: CollaborationDataset, rules?: CollaborationDatasetRules): CatalogDataset => fromCollaborationDataset(dataset, interner, rules),
    finish: (datasets: CatalogDataset[]): Catalog => createCatalog(datasets),
  };
}

function fromCategory(category: Category): CatalogCategory {
  return {
    label: category.label,
    ...(category.unit ? { unit: category.unit } : {}),
    representations: category.representations.map((r) => ({
      label: r.label ?? category.label,
      ...(r.data_type ? { dataType: r.data_type } : {}),
      ...(r.possible_values ? { possibleValues: r.possible_values } : {}),
      ...(r.statistics
        ? {
            statistics: {
              ...(r.statistics.average !== undefined ? { average: r.statistics.average } : {}),
              ...(r.statistics.standard_deviation !== undefined ? { standardDeviation: r.statistics.standard_deviation } : {}),
              ...(r.statistics.null_fraction !== undefined ? { nullFraction: r.statistics.null_fraction } : {}),
              ...(r.statistics.num_distinct !== undefined ? { distinctValues: r.statistics.num_distinct } : {}),
            },
          }
        : {}),
    })),
  };
}

/**
 * A 1.0 dataset; `schema` (from Get Dataset metadata) wins over the list's stats when given.
 * Only what the catalog model needs is copied out of the wire objects, and through `interner`
 * the parts equal to another dataset's are shared with it.
 */
export function fromDataset(dataset: Dataset, schema: DatasetSchemaInfo | undefined, interner = new CatalogInterner()): CatalogDataset {
  const stats = dataset.stats;
  const categories = schema?.categories ?? stats?.categories;
  const rows = readOptionalInt64(schema?.num_rows ?? stats?.row_count);
  const outputColumns = (stats?.identities ?? []).map((i) => i.name).filter((n): n is string => n !== undefined);
  // Optional fields set one by one rather than spread in: a cold catalog converts every
  // dataset of List Datasets, and the spreads' temporary objects cost more than the fields.
  const converted: CatalogDatasetDraft = {
    name: dataset.private_id,
    privateId: dataset.private_id,
    keys: interner.textList((schema?.keys ?? stats?.keys ?? []).map((k) => k.label).filter((l): l is string => l !== undefined)),
    categories: interner.categoryListFrom(categories ?? [], fromCategory),
    outputColumns: interner.textList(outputColumns),
    activation: dataset.product === 'IDENTITY',
    categoriesKnown: categories !== undefined,
  };
  if (dataset.public_name) converted.publicName = dataset.public_name;
  if (dataset.public_description) converted.description = dataset.public_description;
  if (dataset.owner?.display_name) converted.ownerName = interner.text(dataset.owner.display_name);
  if (rows !== undefined) converted.rowCount = Number(rows);
  return converted;
}

/** A collaboration dataset: attributes are its categories, each with one representation. */
export function fromCollaborationDataset(dataset: CollaborationDataset, interner = new CatalogInterner(), rules?: CollaborationDatasetRules): CatalogDataset {
  const rows = readOptionalInt64(dataset.row_count);
  return {
    name: dataset.collaboration_dataset_name,
    privateId: dataset.id,
    ...(dataset.public_dataset_name ? { publicName: dataset.public_dataset_name } : {}),
    ...(dataset.owner_id ? { ownerName: interner.text(dataset.owner_id) } : {}),
    ...(rows !== undefined ? { rowCount: Number(rows) } : {}),
    keys: interner.textList(dataset.keys.map((k) => k.label).filter((l): l is string => l !== undefined)),
    categories: interner.categoryList(
      dataset.attributes.map((a) => ({
        label: a.label,
        representations: [{ label: a.label, ...(a.type ? { dataType: a.type } : {}) }],
      })),
    ),
    outputColumns: interner.textList(dataset.output_columns),
    activation: dataset.type === 'DATASET_TYPE_IDENTITY' || dataset.output_columns.length > 0,
    categoriesKnown: true,
    ...(rules ? { restrictions: restrictionsFromWire(rules) } : {}),
  };
}
